import * as assert from 'node:assert/strict';
import { noCancellation, type CancellationToken } from '../../../server/src/core/cancellation';
import { createLanguageService, type FileDiagnostics } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot } from '../../helpers/inMemoryWorkspace';
import { largeSite } from '../../helpers/largeSite';

const byUri = (results: readonly FileDiagnostics[]) => [...results].sort((a, b) => a.uri.localeCompare(b.uri));

async function freshCheck(workspace: InMemoryWorkspace): Promise<FileDiagnostics[]> {
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	return byUri(await service.checkSite(workspaceRoot, noCancellation));
}

/** Edits a writer might make next: an entry renamed, a group typed in, the rename undone. */
function nextEdits(original: string): string[] {
	const renamed = original.replace('"guides/page-150"', '"guides/page-15O"');
	const inserted = renamed.replace('"groups": [', '"groups": [\n{ "group": "New", "pages": ["guides/page-1", "guides/nowhere"] },');
	return [renamed, inserted, inserted.replace('"guides/page-15O"', '"guides/page-150"')];
}

/** A token that asks for cancellation from its `after`-th read on (rehearsals checked at every point they look). */
function cancelledAfter(after: number): CancellationToken & { reads: number } {
	return {
		reads: 0,
		get isCancellationRequested() {
			return ++this.reads > after;
		},
	};
}

describe('rehearsing docs.json edits once a large site is loaded', () => {
	it('builds eight models and changes nothing the service answers, then or after the next edits', async function () {
		this.timeout(120_000);
		const workspace = new InMemoryWorkspace(largeSite());
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const before = byUri(await service.checkSite(workspaceRoot, noCancellation));
		const model = await service.getSite(workspaceRoot, noCancellation);
		assert.ok(before.some(r => r.diagnostics.some(d => d.code === 'page-not-found')));

		assert.equal(await service.rehearseConfigEdits(workspaceRoot, noCancellation), 8);
		assert.equal(await service.getSite(workspaceRoot, noCancellation), model, 'the site keeps its model');
		assert.deepEqual(byUri(await service.checkSite(workspaceRoot, noCancellation)), before);
		for (const [i, text] of nextEdits(workspace.document('docs.json').getText()).entries()) {
			workspace.write('docs.json', text);
			assert.deepEqual(byUri(await service.checkSite(workspaceRoot, noCancellation)), await freshCheck(workspace), `edit ${i}`);
		}
	});

	it('leaves the next edits right wherever a keystroke cancels it', async function () {
		this.timeout(300_000);
		const files = largeSite();
		// Cancelled before its first build, during the first, between builds, in later ones and in the last (a whole rehearsal of this site reads the token 40 times).
		for (const after of [0, 2, 5, 9, 14, 25, 38]) {
			const workspace = new InMemoryWorkspace(files);
			const service = createLanguageService({ workspace });
			await service.findDocsRoots(noCancellation);
			await service.checkSite(workspaceRoot, noCancellation);
			const token = cancelledAfter(after);
			await assert.rejects(service.rehearseConfigEdits(workspaceRoot, token), /cancel/i, `cancelled after ${after} reads`);
			for (const [i, text] of nextEdits(files['docs.json']).entries()) {
				workspace.write('docs.json', text);
				assert.deepEqual(
					byUri(await service.checkSite(workspaceRoot, noCancellation)),
					await freshCheck(workspace),
					`cancelled after ${after} reads, edit ${i}`,
				);
			}
		}
	});

	it('builds nothing for a small docs.json, one that pulls in other files, or a site not loaded yet', async () => {
		const small = new InMemoryWorkspace({ 'docs.json': JSON.stringify({ name: 'S', navigation: { pages: ['a'] } }), 'a.mdx': '# A\n' });
		const files = largeSite();
		const composed = new InMemoryWorkspace({
			...files,
			'docs.json': files['docs.json'].replace('"navigation": {', '"navigation": {\n"global": { "$ref": "./global.json" },'),
			'global.json': '{ "anchors": [] }',
		});
		for (const [workspace, load] of [
			[small, true],
			[composed, true],
			[new InMemoryWorkspace(files), false],
		] as const) {
			const service = createLanguageService({ workspace });
			await service.findDocsRoots(noCancellation);
			if (load) await service.checkSite(workspaceRoot, noCancellation);
			assert.equal(await service.rehearseConfigEdits(workspaceRoot, noCancellation), 0);
		}
	});
});
