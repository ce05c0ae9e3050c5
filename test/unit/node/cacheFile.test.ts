import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { serialize } from 'node:v8';
import { CacheEntries, entriesPerPart, readCacheFile, writeCacheFile } from '../../../server/src/node/cacheFile';

const isSummary = (value: unknown): value is { page: number; links: string[] } =>
	!!value && typeof value === 'object' && typeof (value as { page?: unknown }).page === 'number';

describe('cache files: written in parts', () => {
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-cachefile-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const entries = (count: number) => new Map(Array.from({ length: count }, (_, i) => [`key-${i}`, { page: i, links: [`/p${i}`, '문서'] }] as const));

	it('reads back every entry of a cache larger than one part, in order', async () => {
		const file = path.join(dir, 'pages.bin');
		const written = entries(entriesPerPart * 2 + 17);
		await writeCacheFile(file, 'pages', 'fp', written);
		const read = await readCacheFile(file, 'pages', 'fp', isSummary);
		assert.equal(read.state, 'used');
		assert.deepEqual([...read.entries], [...written]);
		// One part per group of entries, plus the header: no single serialization of them all.
		const bytes = readFileSync(file);
		let parts = 0;
		for (let at = 0; at < bytes.length; at += 4 + bytes.readUInt32LE(at)) parts++;
		assert.equal(parts, 1 + 3);
	});

	it('reads an empty cache, and ignores one of another kind or fingerprint', async () => {
		const file = path.join(dir, 'empty.bin');
		await writeCacheFile(file, 'pages', 'fp', new Map());
		assert.deepEqual(await readCacheFile(file, 'pages', 'fp', isSummary), { entries: new Map(), state: 'used' });
		await writeCacheFile(file, 'pages', 'fp', entries(3));
		assert.equal((await readCacheFile(file, 'specs', 'fp', isSummary)).state, 'ignored');
		assert.equal((await readCacheFile(file, 'pages', 'other', isSummary)).state, 'ignored');
	});

	it('ignores a file cut short (at a part boundary or inside a part), one of the earlier format, and a bad entry', async () => {
		const file = path.join(dir, 'pages.bin');
		await writeCacheFile(file, 'pages', 'fp', entries(entriesPerPart + 5));
		const bytes = readFileSync(file);
		const firstParts = 4 + bytes.readUInt32LE(0);
		const boundary = firstParts + 4 + bytes.readUInt32LE(firstParts);
		for (const cut of [boundary, boundary + 10, 3]) {
			writeFileSync(file, bytes.subarray(0, cut));
			assert.equal((await readCacheFile(file, 'pages', 'fp', isSummary)).state, 'ignored', `cut at ${cut} of ${bytes.length}`);
		}
		// Format 1: the whole cache as one serialization.
		writeFileSync(file, serialize({ magic: 'pages', format: 1, fingerprint: 'fp', entries: entries(2) }));
		assert.equal((await readCacheFile(file, 'pages', 'fp', isSummary)).state, 'ignored');
		await writeCacheFile(
			file,
			'pages',
			'fp',
			new Map<string, unknown>([
				['a', { page: 1 }],
				['b', 'not a summary'],
			]),
		);
		assert.equal((await readCacheFile(file, 'pages', 'fp', isSummary)).state, 'ignored');
	});

	it('one check keeps new entries serialized until the flush; the language server keeps the objects themselves', async () => {
		const file = path.join(dir, 'packed.bin');
		const summary = { page: 7, links: ['/a', '/b'] };
		const packed = new CacheEntries(file, 'pages', 'fp', isSummary, true);
		assert.equal(await packed.get('k'), undefined);
		packed.set('k', summary);
		const back = await packed.get('k');
		// A copy made from its serialization: the object given is not held.
		assert.notEqual(back, summary);
		assert.deepEqual(back, summary);
		await packed.flush();
		const read = await readCacheFile(file, 'pages', 'fp', isSummary);
		assert.deepEqual([read.state, [...read.entries]], ['used', [['k', summary]]]);
		const kept = new CacheEntries(path.join(dir, 'kept.bin'), 'pages', 'fp', isSummary);
		kept.set('k', summary);
		assert.equal(await kept.get('k'), summary);
	});
});
