import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

/** The live heap in MB after a full collection (memory, not time: the same on a busy machine). */
function liveHeapMb(): number {
	setFlagsFromString('--expose-gc');
	(runInNewContext('gc') as () => void)();
	return process.memoryUsage().heapUsed / 2 ** 20;
}

describe('docs.json edits keep no old version of the file alive', function () {
	this.timeout(10 * 60_000);

	it('holds about one copy of a 3 MB docs.json after 30 entries renamed and renamed back', async () => {
		// Entries read from one version of the text and kept by a cache (or carried into the next tree)
		// kept that whole version alive: 30 edited entries, 30 versions (90 MB here).
		const groups = Array.from({ length: 400 }, (_, g) => ({
			group: `G${g}`,
			pages: Array.from({ length: 200 }, (_, i) => `v${g % 40}/guides/section-${g}/page-${i}`),
		}));
		let text = docsJson({ groups });
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'index.mdx': '# Home\n' });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		const edit = async (next: string) => {
			text = next;
			workspace.write('docs.json', text);
			service.didChangeDocument(workspaceUri('docs.json'));
			await service.checkSite(workspaceRoot, noCancellation);
		};
		await edit(text.replace('"v1/guides/section-1/page-1"', '"v1/guides/section-1/page-1-renamed"'));
		await edit(text.replace('"v1/guides/section-1/page-1-renamed"', '"v1/guides/section-1/page-1"'));
		const before = liveHeapMb();
		for (let i = 0; i < 30; i++) {
			const entry = `"v${(i * 10) % 40}/guides/section-${i * 10}/page-${i}"`;
			await edit(text.replace(entry, entry.replace(/"$/, '-renamed"')));
			await edit(text.replace(entry.replace(/"$/, '-renamed"'), entry));
		}
		const growth = liveHeapMb() - before;
		assert.ok(text.length > 2_500_000, `docs.json is ${text.length} characters`);
		assert.ok(growth < 20, `the live heap grew by ${growth.toFixed(0)} MB over 60 edits`);
	});

	it('keeps no copy of the text a site was loaded from once docs.json is edited', async () => {
		// The values of the first tree were views into the loaded text, and the next trees share them: any edit
		// then kept that first version alive beside the current one, as did the memo of the last two texts compared.
		const groups = Array.from({ length: 600 }, (_, g) => ({
			group: `G${g}`,
			pages: Array.from({ length: 100 }, (_, i) => `v${g % 30}/guides/section-${g}/page-${i}`),
		}));
		let text = docsJson({ groups });
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'index.mdx': '# Home\n' });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		const loaded = liveHeapMb();
		for (const [from, to] of [
			['"v1/guides/section-1/page-1"', '"v1/guides/section-1/page-1-renamed"'],
			['"v2/guides/section-2/page-2"', '"v2/guides/section-2/page-2-renamed"'],
		]) {
			text = text.replace(from, to);
			workspace.write('docs.json', text);
			service.didChangeDocument(workspaceUri('docs.json'));
			await service.checkSite(workspaceRoot, noCancellation);
		}
		const textMb = text.length / 2 ** 20;
		const growth = liveHeapMb() - loaded;
		assert.ok(textMb > 1.5, `docs.json is ${textMb.toFixed(1)} MB`);
		assert.ok(growth < textMb / 4, `after two edits the live heap grew by ${growth.toFixed(1)} MB, docs.json is ${textMb.toFixed(1)} MB`);
	});

	it('keeps no copy of a rehearsed text once the rehearsal of docs.json edits is done', async () => {
		const groups = Array.from({ length: 600 }, (_, g) => ({
			group: `G${g}`,
			pages: Array.from({ length: 100 }, (_, i) => `v${g % 30}/guides/section-${g}/page-${i}`),
		}));
		const text = docsJson({ groups });
		const service = createLanguageService({ workspace: new InMemoryWorkspace({ 'docs.json': text, 'index.mdx': '# Home\n' }), changesReported: true });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		const loaded = liveHeapMb();
		assert.ok((await service.rehearseConfigEdits(workspaceRoot, noCancellation)) > 0, 'the edits were rehearsed');
		const textMb = text.length / 2 ** 20;
		const growth = liveHeapMb() - loaded;
		assert.ok(growth < textMb / 4, `the rehearsal left the live heap ${growth.toFixed(1)} MB larger, docs.json is ${textMb.toFixed(1)} MB`);
	});
});
