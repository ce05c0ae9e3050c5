import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

/** A workspace that counts how often each file is read. */
class CountingWorkspace extends InMemoryWorkspace {
	readonly reads = new Map<string, number>();
	override async readDocument(uri: string) {
		this.reads.set(uri, (this.reads.get(uri) ?? 0) + 1);
		return super.readDocument(uri);
	}
}

const spec = JSON.stringify({
	components: { schemas: {} },
	paths: { '/x': { get: { responses: { 200: { description: 'ok' } } } } },
	openapi: '3.0.3',
	info: { title: 'T', version: '1' },
});

describe('OpenAPI documents found in the repository', () => {
	it('finds one whose openapi key comes last, and reads a JSON file that is not OpenAPI once while it is unchanged', async () => {
		const workspace = new CountingWorkspace({
			'docs.json': docsJson({ pages: ['index'] }),
			'index.mdx': '---\ntitle: Home\nopenapi: GET /x\n---\n',
			'late.json': spec,
			'data/list.json': '{"items": [1, 2, 3]}',
		});
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		const pages: string[] = [];
		await service.checkPages(workspaceRoot, noCancellation, ({ uri, diagnostics }) => void (diagnostics.length && pages.push(uri)));
		assert.deepEqual(pages, [], 'GET /x is found in late.json, which docs.json does not name');
		for (const edit of ['a', 'b', 'c']) {
			workspace.write('docs.json', docsJson({ pages: ['index'] }, { description: edit }));
			service.didChangeDocument(workspaceUri('docs.json'));
			await service.checkSite(workspaceRoot, noCancellation);
		}
		assert.equal(workspace.reads.get(workspaceUri('data/list.json')), 1);
	});

	it('reads and validates once the same document repeated in every version, with each file its own findings', async () => {
		// A versioned site copies its OpenAPI file into every version (crewAI: 140 files of 6 texts).
		const broken = spec.replace('"openapi":"3.0.3"', '"openapi":"3.0.3","paths2":1');
		const files: Record<string, string> = { 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': '# Home\n' };
		for (let v = 0; v < 12; v++) files[`v${v}/api.json`] = v % 2 ? spec : broken;
		const reads: string[] = [];
		const validations: string[] = [];
		// The validation (a worker thread in the server) finishes after the first check.
		let release = () => undefined as void;
		const released = new Promise<void>(resolve => (release = resolve));
		const service = createLanguageService({
			workspace: new InMemoryWorkspace(files),
			changesReported: true,
			specReader: (uri, text) => (reads.push(uri), readOpenApiSpec(uri, text)),
			specValidator: async (uri, text, read) => (
				validations.push(uri),
				await released,
				{ ...read, problems: text.includes('paths2') ? [{ message: 'bad', span: { offset: 1, length: 1 } }] : [] }
			),
		});
		await service.findDocsRoots(noCancellation);
		const before = await service.checkSite(workspaceRoot, noCancellation);
		assert.equal(reads.length, 2, reads.join());
		// The validations arrive in the background, for every file: a later check shows them.
		release();
		let after = before;
		for (let i = 0; i < 100 && !after.some(r => r.diagnostics.length); i++) {
			await new Promise(resolve => setImmediate(resolve));
			after = await service.checkSite(workspaceRoot, noCancellation);
		}
		assert.equal(validations.length, 2, validations.join());
		const withFindings = after
			.filter(r => r.diagnostics.length)
			.map(r => r.uri.slice(workspaceRoot.length + 1))
			.sort();
		assert.deepEqual(withFindings, ['v0/api.json', 'v10/api.json', 'v2/api.json', 'v4/api.json', 'v6/api.json', 'v8/api.json']);
		assert.equal(before.filter(r => r.uri.endsWith('api.json')).length, 12);
	});
	it('where reads are not awaited (the editor), a document found in the repository is read in the background; one docs.json names is not', async () => {
		const files = {
			'docs.json': docsJson({ pages: ['index'] }, { api: { openapi: 'named.json' } }),
			'index.mdx': '# Home\n',
			'named.json': spec,
			'found/other.json': spec.replace('"/x"', '"/y"'),
		};
		const read = (awaitSpecReads: boolean) => {
			const calls: [string, boolean][] = [];
			const service = createLanguageService({
				workspace: new InMemoryWorkspace(files),
				changesReported: true,
				awaitSpecReads,
				specReader: (uri, text, options) => (calls.push([uri.slice(workspaceRoot.length + 1), !!options?.background]), readOpenApiSpec(uri, text)),
			});
			return { calls, service };
		};
		const editor = read(false);
		await editor.service.findDocsRoots(noCancellation);
		await editor.service.getSite(workspaceRoot, noCancellation);
		assert.deepEqual(editor.calls.sort(), [
			['found/other.json', true],
			['named.json', false],
		]);
		const cli = read(true);
		await cli.service.findDocsRoots(noCancellation);
		await cli.service.getSite(workspaceRoot, noCancellation);
		assert.deepEqual(cli.calls.sort(), [
			['found/other.json', false],
			['named.json', false],
		]);
	});

	it('a document read in the background that arrives while the model is built: that model is not kept as current, and the site is checked again', async () => {
		const files = {
			'docs.json': docsJson({ pages: ['index'] }),
			'index.mdx': '---\nopenapi: GET /x\n---\n# Home\n',
			'found/api.json': spec,
		};
		const service = createLanguageService({
			workspace: new InMemoryWorkspace(files),
			changesReported: true,
			awaitSpecReads: false,
			// Read "in the background" but already done: it arrives right after the build asked for it, before the build ends.
			specReader: (uri, text, options) => (options?.background ? Promise.resolve(readOpenApiSpec(uri, text)) : readOpenApiSpec(uri, text)),
		});
		const heard: string[] = [];
		service.onDidLoadSpec(root => heard.push(root));
		await service.findDocsRoots(noCancellation);
		const first = await service.getSite(workspaceRoot, noCancellation);
		const discovered = (model: typeof first) => model.specs.allSpecs.find(s => s.uri === workspaceUri('found/api.json'));
		assert.equal(discovered(first)?.loading, true, 'the first model was built while the document was being read');
		assert.deepEqual(heard, [workspaceRoot], 'the site is checked again');
		const second = await service.getSite(workspaceRoot, noCancellation);
		assert.notEqual(second, first, 'the first model is not current');
		assert.equal(discovered(second)?.loading, undefined);
		assert.equal(discovered(second)?.operations.length, 1);
	});
});
