import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { movedImportEdits } from '../../../server/src/core/features/moveImports';
import { snippetComponentReferences } from '../../../server/src/core/features/snippetReferences';
import { snippetVariableCompletion, snippetVariableHover } from '../../../server/src/core/features/snippetVariables';
import { checkSnippetProps } from '../../../server/src/core/mdx/rules/snippetPropRules';
import { snippetExports } from '../../../server/src/core/mdx/snippetExports';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });
const callout = 'export const CalloutBox = ({ title, tone = "info" }) => <div>{title}</div>;\nexport const Loose = ({ a, ...rest }) => <div />;\n';
const values = 'export const apiVersion = "v2";\nexport const limits = {\n  rpm: 60,\n};\n';
const workspace = new InMemoryWorkspace({ 'docs.json': '{}', 'snippets/callout.jsx': callout, 'snippets/values.mdx': values });
const page = (path: string, text: string) => {
	const document = TextDocument.create(workspaceUri(path), 'mdx', 0, text);
	return { uri: document.uri, document, summary: summarizePage(document) };
};

describe('Snippet components and values across pages: references, prop hints, values, moves (before: nothing)', () => {
	const a = page('guides/a.mdx', 'import { CalloutBox } from "/snippets/callout.jsx";\n\n<CalloutBox title="A" />\n\n<CalloutBox title="B">x</CalloutBox>\n');
	const b = page('b.mdx', 'import { CalloutBox as Box, Loose } from "./snippets/callout.jsx";\n\n<Box tone="warn" />\n');
	const c = page('c.mdx', 'import { Other } from "/snippets/other.jsx";\n\n<Other />\n');

	it('finds every page importing a component and each use, from the export or from a use', async () => {
		const snippet = workspace.document('snippets/callout.jsx');
		const expected = [
			{ uri: workspaceUri('snippets/callout.jsx'), range: range(0, 13, 23) },
			{ uri: a.uri, range: range(0, 9, 19) },
			{ uri: a.uri, range: range(2, 1, 11) },
			{ uri: a.uri, range: range(4, 1, 11) },
			{ uri: b.uri, range: range(0, 9, 19) },
			{ uri: b.uri, range: range(2, 1, 4) },
		];
		const pages = async () => [a, b, c];
		assert.deepEqual(await snippetComponentReferences(snippet, { line: 0, character: 15 }, workspaceRoot, pages, workspace, noCancellation), expected);
		assert.deepEqual(await snippetComponentReferences(b.document, { line: 2, character: 2 }, workspaceRoot, pages, workspace, noCancellation), expected);
		assert.equal(await snippetComponentReferences(a.document, { line: 2, character: 14 }, workspaceRoot, pages, workspace, noCancellation), undefined);
	});

	it('hints at a prop the exported function does not destructure, never for a rest or a missing snippet', async () => {
		const exportsOf = async (uri: string) => {
			const document = await workspace.readDocument(uri);
			return document && snippetExports(document);
		};
		const p = page('p.mdx', 'import { CalloutBox, Loose } from "/snippets/callout.jsx";\n\n<CalloutBox titel="A" key="k" tone="x" />\n<Loose b="1" />\n');
		const found = await checkSnippetProps(p.uri, p.summary, workspaceRoot, exportsOf, noCancellation);
		assert.deepEqual(
			found.map(d => [d.code, d.severity, d.range, d.message, d.data]),
			[
				[
					'snippet-unknown-prop',
					4,
					range(2, 12, 17),
					'<CalloutBox> does not read a prop "titel": its function in the snippet takes "title", "tone". Did you mean "title"?',
					{ replacement: 'title' },
				],
			],
		);
		assert.deepEqual(await checkSnippetProps(c.uri, c.summary, workspaceRoot, exportsOf, noCancellation), []);
		// A prop written already is not suggested (a real site: lessonKey beside lessonNum, which the snippet reads).
		const both = page('q.mdx', 'import { CalloutBox } from "/snippets/callout.jsx";\n\n<CalloutBox title="A" titles="B" />\n');
		assert.deepEqual(
			(await checkSnippetProps(both.uri, both.summary, workspaceRoot, exportsOf, noCancellation)).map(d => [d.message, d.data]),
			[['<CalloutBox> does not read a prop "titles": its function in the snippet takes "title", "tone".', undefined]],
		);
	});

	it('completes exported values as import names and in {…}, and hovers them with their first line', async () => {
		const importing = TextDocument.create(workspaceUri('v.mdx'), 'mdx', 0, 'import { apiVersion,  } from "/snippets/values.mdx";\n\nVersion {api}\n');
		const names = await snippetVariableCompletion(importing, { line: 0, character: 21 }, workspaceRoot, workspace, noCancellation);
		assert.deepEqual(
			names!.map(i => [i.label, i.detail, i.textEdit]),
			[['limits', '{', { range: range(0, 21, 21), newText: 'limits' }]],
		);
		const inText = await snippetVariableCompletion(importing, { line: 2, character: 12 }, workspaceRoot, workspace, noCancellation);
		assert.deepEqual(
			inText!.map(i => [i.label, i.detail, i.textEdit]),
			[['apiVersion', '"v2";', { range: range(2, 9, 12), newText: 'apiVersion' }]],
		);
		const hover = await snippetVariableHover(importing, { line: 0, character: 12 }, workspaceRoot, workspace, noCancellation);
		assert.deepEqual(hover, {
			range: range(0, 9, 19),
			contents: { kind: 'markdown', value: '**apiVersion** — exported by `/snippets/values.mdx`\n\n```jsx\nexport const apiVersion = "v2";\n```' },
		});
	});

	it('rewrites imports naming a moved snippet in the form written, and relative imports of a moved page', () => {
		const bare = page('d.mdx', 'import { CalloutBox } from "/snippets/callout";\nimport X from "../outside.mdx";\n');
		const moveSnippet = [{ oldUri: workspaceUri('snippets/callout.jsx'), newUri: workspaceUri('snippets/ui/callout-box.jsx') }];
		assert.deepEqual(Object.fromEntries(movedImportEdits(workspaceRoot, moveSnippet, [a, b, c, bare])), {
			[a.uri]: [{ range: range(0, 28, 49), newText: '/snippets/ui/callout-box.jsx' }],
			[b.uri]: [{ range: range(0, 42, 64), newText: './snippets/ui/callout-box.jsx' }],
			[bare.uri]: [{ range: range(0, 28, 45), newText: '/snippets/ui/callout-box' }],
		});
		const movePage = [{ oldUri: b.uri, newUri: workspaceUri('guides/deep/b.mdx') }];
		assert.deepEqual(Object.fromEntries(movedImportEdits(workspaceRoot, movePage, [a, b, c])), {
			[b.uri]: [{ range: range(0, 42, 64), newText: '../../snippets/callout.jsx' }],
		});
		const moveFolder = [{ oldUri: workspaceUri('snippets'), newUri: workspaceUri('shared') }];
		assert.deepEqual(Object.fromEntries(movedImportEdits(workspaceRoot, moveFolder, [a])), {
			[a.uri]: [{ range: range(0, 28, 49), newText: '/shared/callout.jsx' }],
		});
	});
});
