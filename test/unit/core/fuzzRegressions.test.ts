import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';
import { TextDocument } from 'vscode-languageserver-textdocument';

/** Minimal counterexamples found by the fuzzer (test/fuzz), each once a throw or an out-of-document range. */
describe('fuzzer regressions', () => {
	async function service(files: Record<string, string>) {
		const workspace = new InMemoryWorkspace(files);
		const ls = createLanguageService({ workspace });
		await ls.findDocsRoots(noCancellation);
		return { workspace, ls };
	}

	it('offers Create page for an entry holding a lone surrogate instead of throwing URIError', async () => {
		const { workspace, ls } = await service({ 'docs.json': docsJson({ pages: ['\uD800'] }) });
		const diagnostics = (await ls.checkSite(workspaceRoot, noCancellation))[0].diagnostics;
		assert.deepEqual(
			diagnostics.map(d => d.code),
			['page-not-found'],
		);
		const actions = await ls.findCodeActions(workspace.document('docs.json'), diagnostics, noCancellation);
		const create = actions.find(a => a.title.startsWith('Create page'))!;
		assert.equal((create.edit!.documentChanges![0] as { uri: string }).uri, 'file:///ws/%EF%BF%BD.mdx');
	});

	it('completes an openapi frontmatter value on a line ended by a lone carriage return, inside that line', async () => {
		const spec =
			'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get: { summary: List pets, responses: { "200": { description: ok } } }\n';
		const page = '---\nopenapi: GET /p\r title: x\n---\n';
		const { ls } = await service({
			'docs.json': docsJson({ pages: ['setup'] }).replace('"navigation"', '"api": { "openapi": "openapi.yaml" }, "navigation"'),
			'openapi.yaml': spec,
			'setup.mdx': page,
		});
		const document = TextDocument.create(workspaceUri('setup.mdx'), 'mdx', 1, page);
		const list = await ls.doComplete(document, { line: 1, character: 12 }, noCancellation);
		const item = list!.items.find(i => i.label === 'GET /pets')!;
		// Line 1 is `openapi: GET /p` (15 characters; the \r ends it): the edit replaces `GET /p`.
		assert.deepEqual((item.textEdit as { range: unknown }).range, { start: { line: 1, character: 9 }, end: { line: 1, character: 15 } });
	});

	it('reports an MDX error at the very end of the text inside the document', () => {
		const document = TextDocument.create(workspaceUri('index.mdx'), 'mdx', 1, '---\n\n---\nimport ');
		const [error] = summarizePage(document).diagnostics;
		assert.equal(error.code, 'mdx-syntax');
		// Line 3 is `import ` (7 characters): the parser's point one past its end is clamped to it.
		assert.deepEqual(error.range, { start: { line: 3, character: 7 }, end: { line: 3, character: 7 } });
	});

	it('prepares the rename of a setext heading whose text spans two lines with an end on its second line', async () => {
		const page = 'title: Title\nmore text\n----\n';
		const { workspace, ls } = await service({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page });
		const prepared = await ls.prepareRename(workspace.document('index.mdx'), { line: 0, character: 2 }, noCancellation);
		assert.deepEqual(prepared, { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 9 } }, placeholder: 'title: Title\nmore text' });
	});

	it('adds the redirect when moving a page of a docs.json nested 100 levels deep (jsonc-parser cannot format it)', async () => {
		const deep = '['.repeat(100) + '1' + ']'.repeat(100);
		const config = `{"name": "T", "theme": "mint", "colors": {"primary": "#000"}, "x": ${deep}, "navigation": {"pages": ["index"]}}`;
		const { ls } = await service({ 'docs.json': config, 'index.mdx': '# Home\n' });
		const edit = await ls.willRenameFiles([{ oldUri: workspaceUri('index.mdx'), newUri: workspaceUri('home.mdx') }], { addRedirects: true }, noCancellation);
		const [replacement] = edit!.changes![workspaceUri('docs.json')];
		const result = JSON.parse(replacement.newText);
		assert.deepEqual(result.navigation, { pages: ['home'] });
		assert.deepEqual(result.redirects, [{ source: '/index', destination: '/home' }]);
	});

	it('reads frontmatter with a collection as a key without printing a process warning', () => {
		const warnings: string[] = [];
		const listener = (w: Error) => warnings.push(w.message);
		process.on('warning', listener);
		try {
			const summary = summarizePage(TextDocument.create(workspaceUri('a.mdx'), 'mdx', 1, '---\n{a: 1}: x\n---\n# A\n'));
			assert.deepEqual(summary.frontmatter, { '{ a: 1 }': 'x' });
		} finally {
			process.off('warning', listener);
		}
		return new Promise<void>(resolve =>
			setImmediate(() => {
				assert.deepEqual(warnings, []);
				resolve();
			}),
		);
	});
	it('moves a page in a docs.json whose broken syntax hides the redirects array from the JSON editor, without throwing', async () => {
		const config =
			'{\n  "navigation": { "pages": ["index", "guides/setup"] },\n  "redirects":  "favicon": "/favicon.svg",\n  "redirects": [\n    { "source": "/x", "destination": "/index" }\n  ]\n}\n';
		const { ls } = await service({ 'docs.json': config, 'index.mdx': '# Home\n', 'guides/setup.mdx': '# Setup\n' });
		await ls.checkSite(workspaceRoot, noCancellation);
		const edit = await ls.willRenameFiles(
			[{ oldUri: workspaceUri('guides/setup.mdx'), newUri: workspaceUri('guides/install.mdx') }],
			{ addRedirects: true },
			noCancellation,
		);
		// The navigation entry still moves; only the redirect, which cannot be placed, is left out.
		const changes = Object.values(edit?.changes ?? {}).flat();
		assert.ok(
			changes.some(change => change.newText.includes('guides/install')),
			JSON.stringify(edit),
		);
		assert.ok(!changes.some(change => change.newText.includes('"/guides/setup"')));
	});
});
