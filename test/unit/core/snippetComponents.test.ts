import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { snippetComponentCompletion, snippetComponentDefinition, snippetComponentHover } from '../../../server/src/core/features/snippetComponents';
import { snippetExports } from '../../../server/src/core/mdx/snippetExports';
import { noCancellation } from '../../../server/src/core/cancellation';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

const callout = [
	'// A callout with a title.',
	'export const CalloutBox = ({ title, tone = "info", ...rest }) => (',
	'  <div className={tone}>{title}</div>',
	');',
	'',
	'export function PlanTable({ plans }) {',
	'  return <table />;',
	'}',
	'export const helper = 1;',
].join('\n');
const workspace = new InMemoryWorkspace({ 'docs.json': '{}', 'snippets/callout.jsx': callout });
const page = (text: string) => TextDocument.create(workspaceUri('guides/page.mdx'), 'mdx', 0, text);
const imports = 'import { CalloutBox, PlanTable as Plans } from "/snippets/callout.jsx";\n\n';
const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

describe('Snippet components: completion, hover and definition from the exported function (before: nothing)', () => {
	it('reads the exported components and their destructured props', () => {
		assert.deepEqual(snippetExports(TextDocument.create(workspaceUri('snippets/callout.jsx'), 'javascriptreact', 0, callout)), [
			{ name: 'CalloutBox', props: ['title', 'tone'], open: true, range: range(1, 13, 23) },
			{ name: 'PlanTable', props: ['plans'], range: range(5, 16, 25) },
		]);
	});

	it('completes imported components after <, under their local names, with their props to fill in', async () => {
		const doc = page(imports + '<Cal');
		const items = await snippetComponentCompletion(doc, { line: 2, character: 4 }, workspaceRoot, workspace, noCancellation);
		assert.deepEqual(
			items.map(i => [i.label, i.textEdit]),
			[
				['CalloutBox', { range: range(2, 1, 4), newText: 'CalloutBox title="$1" tone="$2" />' }],
				['Plans', { range: range(2, 1, 4), newText: 'Plans plans="$1" />' }],
			],
		);
		assert.deepEqual(await snippetComponentCompletion(doc, { line: 0, character: 3 }, workspaceRoot, workspace, noCancellation), []);
	});

	it("hovers a component with its props and the snippet's first lines, and goes to its definition", async () => {
		const doc = page(imports + '<Plans plans={[]} />\n');
		const hover = (await snippetComponentHover(doc, { line: 2, character: 3 }, workspaceRoot, workspace, noCancellation))!;
		assert.deepEqual(hover.range, range(2, 1, 6));
		assert.equal(
			(hover.contents as { value: string }).value,
			'**Plans** — snippet component\n\nProps: `plans`\n\n```jsx\nexport function PlanTable({ plans }) {\n  return <table />;\n}\nexport const helper = 1;\n```',
		);
		assert.deepEqual(await snippetComponentDefinition(doc, { line: 2, character: 3 }, workspaceRoot, workspace, noCancellation), [
			{
				originSelectionRange: range(2, 1, 6),
				targetUri: workspaceUri('snippets/callout.jsx'),
				targetRange: range(5, 16, 25),
				targetSelectionRange: range(5, 16, 25),
			},
		]);
		assert.equal(await snippetComponentHover(page('<Note>x</Note>'), { line: 0, character: 2 }, workspaceRoot, workspace, noCancellation), undefined);
	});
});
