import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { importPathCompletion } from '../../../server/src/core/features/importPaths';
import { noCancellation } from '../../../server/src/core/cancellation';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

const workspace = new InMemoryWorkspace({
	'docs.json': '{}',
	'guides/setup.mdx': '# Setup',
	'guides/shared.mdx': 'Shared',
	'snippets/callout-box.jsx': 'export const CalloutBox = ({ title }) => <div>{title}</div>;',
	'snippets/intro.mdx': 'Intro',
	'snippets/data/plans.js': 'export const plans = [];',
	'snippets/logo.png': '',
});
const complete = (text: string, character: number, page = 'guides/setup.mdx') =>
	importPathCompletion(TextDocument.create(workspaceUri(page), 'mdx', 0, text), { line: 0, character }, workspaceRoot, workspace, noCancellation);
const range = (from: number, to: number) => ({ start: { line: 0, character: from }, end: { line: 0, character: to } });

describe('Import paths: `import … from "` completes the files of the site (before: nothing)', () => {
	it('lists the snippets folder from the docs root: its folders and importable files, never images', async () => {
		const text = 'import { CalloutBox } from "/snippets/ca';
		const list = (await complete(text, text.length))!;
		assert.deepEqual(list.items.map(i => [i.label, i.textEdit]).sort(), [
			['callout-box.jsx', { range: range(38, 40), newText: 'callout-box.jsx' }],
			['data/', { range: range(38, 40), newText: 'data/' }],
			['intro.mdx', { range: range(38, 40), newText: 'intro.mdx' }],
		]);
	});

	it("resolves relative paths from the page's folder and offers the starts of a path on an empty string", async () => {
		const sibling = "import Shared from './sh";
		assert.deepEqual((await complete(sibling, sibling.length))!.items.map(i => i.label).sort(), ['setup.mdx', 'shared.mdx']);
		const up = "import Intro from '../snippets/";
		assert.deepEqual((await complete(up, up.length))!.items.map(i => i.label).sort(), ['callout-box.jsx', 'data/', 'intro.mdx']);
		const empty = 'import Intro from "';
		assert.deepEqual(
			(await complete(empty, empty.length))!.items.map(i => [i.label, i.textEdit]),
			['/snippets/', './', '../'].map(s => [s, { range: range(19, 19), newText: s }]),
		);
	});

	it('completes nothing for a package, above the docs root, or outside an import', async () => {
		assert.equal(await complete('import { x } from "react', 24), undefined);
		assert.equal(await complete('import x from "../../', 21), undefined);
		assert.equal(await complete('See "/snippets/', 15), undefined);
	});
});
