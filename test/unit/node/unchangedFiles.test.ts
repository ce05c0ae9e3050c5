import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { givenContentKey, textFacts } from '../../../server/src/core/cache';
import type { DocsWorkspace } from '../../../server/src/core/workspace';
import { createFsWorkspace } from '../../../server/src/node/runtime/fsWorkspace';
import { pageKey } from '../../../server/src/node/caches/pageCache';
import { createUnchangedFiles } from '../../../server/src/node/caches/unchangedFiles';

/*
 * A warm `mintdoc check` of crewAI read 200 MB of pages only to find them unchanged: pages whose
 * size, mtime and ctime are those of the last run are answered after one stat, their text loaded
 * only if asked. Reads are counted where the check makes them: through the workspace interface.
 */
describe('mintdoc check: pages unchanged since the last run are not read', () => {
	let folder: string;
	let cacheFile: string;
	const uriOf = (name: string) => URI.file(path.join(folder, name)).toString();
	const hourAgo = () => new Date(Date.now() - 3_600_000);

	/** The fs workspace the CLI uses (keys by bytes), with its reads counted by URI. */
	const counted = () => {
		const reads: string[] = [];
		const files = createFsWorkspace(() => [URI.file(folder).toString()], undefined, { synchronousReads: true, contentKeys: true });
		const inner: DocsWorkspace = {
			...files,
			folders: files.folders,
			readDocument: uri => (reads.push(path.basename(URI.parse(uri).fsPath)), files.readDocument(uri)),
		};
		return { inner, reads };
	};

	/** Waits until the files' change times lie `ms` in the past (utimes sets mtime, never ctime). */
	const settled = async (names: string[], ms: number) => {
		const latest = Math.max(...names.map(name => statSync(path.join(folder, name)).ctimeMs));
		while (Date.now() <= latest + ms) await new Promise(resolve => setTimeout(resolve, 10));
	};

	beforeEach(() => {
		folder = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-unchanged-'));
		cacheFile = path.join(folder, 'cache.bin.files');
		writeFileSync(path.join(folder, 'a.mdx'), '---\ntitle: A\nicon: rocket\n---\n\n# A\n\nText.\n');
		writeFileSync(path.join(folder, 'b.mdx'), '# B\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/nowhere)\n');
		writeFileSync(path.join(folder, 'open.mdx'), '---\ntitle: never closed\n');
		for (const name of ['a.mdx', 'b.mdx', 'open.mdx']) utimesSync(path.join(folder, name), hourAgo(), hourAgo());
	});
	afterEach(() => rmSync(folder, { recursive: true, force: true }));

	/** One run: reads `names`, returns the documents, the reads made, and writes the memory. */
	const run = async (names: string[], racyMs = 0) => {
		const { inner, reads } = counted();
		const unchanged = createUnchangedFiles(cacheFile, 'fingerprint', { racyMs });
		const workspace = unchanged.wrap(inner);
		const documents = new Map<string, Awaited<ReturnType<DocsWorkspace['readDocument']>>>();
		for (const name of names) documents.set(name, await workspace.readDocument(uriOf(name)));
		await unchanged.flush();
		return { documents, reads, stats: { ...unchanged.stats } };
	};

	it('keeps how the workspace it wraps is served (nothing else waits on the CLI: its checks yield without a timer)', () => {
		const { inner } = counted();
		assert.equal(inner.nothingWaits, true);
		const wrapped = createUnchangedFiles(cacheFile, 'fingerprint').wrap(inner);
		assert.equal(wrapped.nothingWaits, true);
		assert.equal(wrapped.readsAtOnce, inner.readsAtOnce);
		assert.equal(createUnchangedFiles(cacheFile, 'fingerprint').wrap({ ...inner, nothingWaits: undefined, readsAtOnce: 4 }).readsAtOnce, 4);
	});

	it('answers an unchanged page unread, with the key, head and directive hint of its text; its text loads when asked', async () => {
		await settled(['a.mdx', 'b.mdx', 'open.mdx'], 5);
		const first = await run(['a.mdx', 'b.mdx', 'open.mdx']);
		assert.deepEqual(first.reads, ['a.mdx', 'b.mdx', 'open.mdx']);
		const second = await run(['a.mdx', 'b.mdx', 'open.mdx']);
		// A page whose frontmatter never closes is its own head: read every time.
		assert.deepEqual(second.reads, ['open.mdx']);
		const [a, b] = [second.documents.get('a.mdx')!, second.documents.get('b.mdx')!];
		assert.equal(givenContentKey(a), givenContentKey(first.documents.get('a.mdx')!));
		assert.deepEqual(textFacts(a), { head: '---\ntitle: A\nicon: rocket', mayHoldDirectives: false });
		assert.deepEqual(textFacts(b), { head: '', mayHoldDirectives: true });
		// The page cache finds the summary by the same key, without the text.
		assert.equal(pageKey(a), pageKey(first.documents.get('a.mdx')!));
		assert.equal(a.languageId, 'mdx');
		assert.equal(a.getText(), '---\ntitle: A\nicon: rocket\n---\n\n# A\n\nText.\n');
		assert.deepEqual(a.positionAt(13), { line: 2, character: 0 });
		assert.equal(a.lineCount, 9);
		assert.deepEqual(second.reads, ['open.mdx'], 'the text was loaded beside the workspace, not counted as a check read');
	});

	it('reads a page again when its size, mtime or ctime changed (an edit that keeps size and mtime still moves ctime)', async () => {
		await settled(['a.mdx', 'b.mdx'], 5);
		await run(['a.mdx', 'b.mdx']);
		const a = path.join(folder, 'a.mdx');
		const b = path.join(folder, 'b.mdx');
		const { mtime } = statSync(a);
		// Same size, same mtime (restored), new text: only the ctime tells.
		writeFileSync(a, '---\ntitle: Z\nicon: rocket\n---\n\n# Z\n\nText.\n');
		utimesSync(a, mtime, mtime);
		// Another size.
		writeFileSync(b, '# B, longer\n');
		utimesSync(b, hourAgo(), hourAgo());
		await settled(['a.mdx', 'b.mdx'], 5);
		const second = await run(['a.mdx', 'b.mdx']);
		assert.deepEqual(second.reads, ['a.mdx', 'b.mdx']);
		assert.equal(second.documents.get('a.mdx')!.getText(), '---\ntitle: Z\nicon: rocket\n---\n\n# Z\n\nText.\n');
		// Remembered anew: the third run reads nothing.
		assert.deepEqual((await run(['a.mdx', 'b.mdx'])).reads, []);
		// Only the mtime moved.
		utimesSync(b, new Date(), new Date(Date.now() - 7_200_000));
		await settled(['b.mdx'], 5);
		assert.deepEqual((await run(['a.mdx', 'b.mdx'])).reads, ['b.mdx']);
	});

	it('does not remember a page modified just before it was read (a second write in the same clock tick would go unseen)', async () => {
		writeFileSync(path.join(folder, 'a.mdx'), '# Just written\n');
		await run(['a.mdx'], 60_000);
		assert.deepEqual((await run(['a.mdx'], 60_000)).reads, ['a.mdx']);
	});

	it('leaves other files, missing pages and a damaged memory to the workspace', async () => {
		writeFileSync(path.join(folder, 'docs.json'), '{}');
		utimesSync(path.join(folder, 'docs.json'), hourAgo(), hourAgo());
		await settled(['a.mdx', 'docs.json'], 5);
		await run(['a.mdx', 'docs.json', 'missing.mdx']);
		const again = await run(['a.mdx', 'docs.json', 'missing.mdx']);
		assert.deepEqual(again.reads, ['docs.json', 'missing.mdx']);
		assert.equal(again.documents.get('missing.mdx'), undefined);
		writeFileSync(cacheFile, 'garbage');
		assert.deepEqual((await run(['a.mdx'])).reads, ['a.mdx']);
		// Another fingerprint (another MintDoc) never answers from this one's memory.
		const { inner, reads } = counted();
		await createUnchangedFiles(cacheFile, 'other', { racyMs: 0 }).wrap(inner).readDocument(uriOf('a.mdx'));
		assert.deepEqual(reads, ['a.mdx']);
	});

	it('a remembered page deleted meanwhile reads as empty text when loaded', async () => {
		await settled(['a.mdx'], 5);
		await run(['a.mdx']);
		const { documents } = await run(['a.mdx']);
		rmSync(path.join(folder, 'a.mdx'));
		assert.equal(documents.get('a.mdx')!.getText(), '');
	});
});
