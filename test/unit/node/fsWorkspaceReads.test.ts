import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { SummaryStore } from '../../../server/src/core/site/summaryStore';
import { oversizedSize } from '../../../server/src/core/textGuards';
import { createFsWorkspace } from '../../../server/src/node/runtime/fsWorkspace';

/*
 * The CLI reads files on its main thread (`synchronousReads`): five calls to the thread pool per
 * file cost crewAI's 24,803 pages 1.9 s of CPU against 0.7 s. Both ways must read the same
 * documents.
 */
describe('file reads on the calling thread', () => {
	let folder: string;
	before(() => {
		folder = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-reads-'));
		writeFileSync(path.join(folder, 'page.mdx'), '# Title\n\nText.\n');
		writeFileSync(path.join(folder, 'empty.md'), '');
		// Longer than the first buffer, with multi-byte characters across every 1,024-byte boundary.
		writeFileSync(path.join(folder, 'long.mdx'), '\ufeffé€😀 line\n'.repeat(20_000));
		mkdirSync(path.join(folder, 'folder.mdx'));
		// Sparse: larger than a page may be, without writing 17 MB.
		writeFileSync(path.join(folder, 'huge.mdx'), '# Huge\n');
		truncateSync(path.join(folder, 'huge.mdx'), 17 * 1024 * 1024);
	});
	after(() => rmSync(folder, { recursive: true, force: true }));

	it('reads what the asynchronous reads read: pages, empty and long files, a file too large, a folder, a missing file', async () => {
		const root = URI.file(folder).toString();
		const now = createFsWorkspace(() => [root], undefined, { synchronousReads: true });
		const later = createFsWorkspace(() => [root]);
		for (const name of ['page.mdx', 'empty.md', 'long.mdx', 'huge.mdx', 'folder.mdx', 'missing.mdx']) {
			const uri = URI.file(path.join(folder, name)).toString();
			const [a, b] = [await now.readDocument(uri), await later.readDocument(uri)];
			assert.equal(a?.getText(), b?.getText(), name);
			assert.equal(a?.languageId, b?.languageId, name);
			assert.equal(a && oversizedSize(a), b && oversizedSize(b), name);
		}
		const long = URI.file(path.join(folder, 'long.mdx')).toString();
		assert.equal((await now.readDocument(long))?.getText().length, '\ufeffé€😀 line\n'.length * 20_000);
	});

	it('answers stat as the asynchronous one does, without a trip through the thread pool (no turn of the event loop)', async () => {
		const root = URI.file(folder).toString();
		const now = createFsWorkspace(() => [root], undefined, { synchronousReads: true });
		const later = createFsWorkspace(() => [root]);
		// Nothing else waits on the CLI's thread: its checks yield without a timer (core/yieldTurn.ts); the server's do not.
		assert.equal(now.nothingWaits, true);
		assert.ok(!later.nothingWaits);
		for (const name of ['page.mdx', 'folder.mdx', 'missing.mdx']) {
			const uri = URI.file(path.join(folder, name)).toString();
			let answered = false;
			const asked = now.stat(uri).then(stat => ((answered = true), stat));
			// Microtasks alone: a stat through the thread pool cannot have answered yet.
			for (let i = 0; i < 5; i++) await Promise.resolve();
			assert.ok(answered, name);
			assert.deepEqual(await asked, await later.stat(uri), name);
		}
	});

	it('keys each text by a hash of its bytes when asked (no pass of JavaScript over the text): equal texts share a key', async () => {
		writeFileSync(path.join(folder, 'copy.mdx'), '# Title\n\nText.\n');
		const root = URI.file(folder).toString();
		const keyed = createFsWorkspace(() => [root], undefined, { synchronousReads: true, contentKeys: true });
		const store = new SummaryStore();
		const keyOf = async (name: string) => store.keyOf((await keyed.readDocument(URI.file(path.join(folder, name)).toString()))!);
		const [page, copy, long] = [await keyOf('page.mdx'), await keyOf('copy.mdx'), await keyOf('long.mdx')];
		assert.match(page, /^mdx:sha1:/);
		assert.equal(page, copy);
		assert.notEqual(page, long);
		// Unkeyed reads keep the text's fingerprint.
		const plain = createFsWorkspace(() => [root], undefined, { synchronousReads: true });
		assert.match(store.keyOf((await plain.readDocument(URI.file(path.join(folder, 'page.mdx')).toString()))!), /^mdx:\d+:/);
	});
});
