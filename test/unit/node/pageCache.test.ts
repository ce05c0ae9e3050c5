import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { serialize } from 'node:v8';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import type { PageSummarizer } from '../../../server/src/core/languageService';
import { checkedSummary } from '../../../server/src/core/mdx/checkedSummary';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { cacheFileFor, createPersistentSummarizer, defaultCacheDirectory, pageKey, pruneCacheFolder } from '../../../server/src/node/caches/pageCache';

const page = (name: string, text: string) => TextDocument.create(`file:///site/${name}.mdx`, 'mdx', 1, text);
const pages = [
	page('a', '---\ntitle: A\n---\n\n# Hello\n\nSee [b](/b) and <Card title="x">y</Card>.\n'),
	page('b', '## Setup {#setup}\n\n<Accordion title="More">\n\nText\n\n</Accordion>\n'),
	page('c', 'Broken <Card\n'),
];

/** The real summarizer, counting the pages it is asked for. */
function counting(): PageSummarizer & { asked: string[] } {
	const asked: string[] = [];
	const summarize = async (documents: readonly TextDocument[]) => {
		asked.push(...documents.map(d => d.uri));
		return documents.map(summarizePage);
	};
	return Object.assign(summarize, { asked });
}

describe('persistent page cache', () => {
	let dir: string;
	let file: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-page-cache-'));
		file = path.join(dir, 'sub', 'pages.bin');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('answers a second process from the file, with summaries equal to fresh ones', async () => {
		const first = counting();
		const cold = createPersistentSummarizer(first, { file, fingerprint: 'fp' });
		const fresh = await cold(pages, noCancellation);
		await cold.flush();
		assert.equal(first.asked.length, 3);
		assert.ok(existsSync(file));

		const second = counting();
		const warm = createPersistentSummarizer(second, { file, fingerprint: 'fp' });
		const cached = await warm(pages, noCancellation);
		assert.deepEqual(second.asked, []);
		assert.deepEqual(cached, fresh);
		assert.ok(cached[1].anchors instanceof Set && cached[1].anchors.has('setup'));
		assert.equal(cached[2].diagnostics[0].code, 'mdx-syntax');
		assert.deepEqual(warm.stats, { hits: 3, misses: 0, loaded: 'used' });
	});

	it('does not write the file again when a run used exactly what it held and made nothing new', async () => {
		const cold = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		await cold(pages, noCancellation);
		await cold.flush();
		const before = statSync(file).mtimeMs;
		const warm = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		await warm(pages, noCancellation);
		await warm.flush();
		assert.equal(statSync(file).mtimeMs, before);
		// One page fewer: the file is written again, without it.
		const fewer = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		await fewer(pages.slice(1), noCancellation);
		await fewer.flush();
		const inner = counting();
		await createPersistentSummarizer(inner, { file, fingerprint: 'fp' })(pages, noCancellation);
		assert.deepEqual(inner.asked, [pages[0].uri]);
	});

	it('parses again only the pages whose text changed; a moved page keeps its entry', async () => {
		const cold = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		await cold(pages, noCancellation);
		await cold.flush();
		const inner = counting();
		const warm = createPersistentSummarizer(inner, { file, fingerprint: 'fp' });
		const edited = page('a', pages[0].getText() + '\nMore.\n');
		const moved = TextDocument.create('file:///site/elsewhere/b.mdx', 'mdx', 1, pages[1].getText());
		const results = await warm([edited, moved, pages[2]], noCancellation);
		assert.deepEqual(inner.asked, ['file:///site/a.mdx']);
		assert.deepEqual(results[0], summarizePage(edited));
	});

	it('never trusts a file written by another version or another program, or a damaged one', async () => {
		const cold = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		await cold(pages, noCancellation);
		await cold.flush();
		const good = readFileSync(file);
		const poisoned = new Map([['x', { diagnostics: 'none' }]]);
		const variants: [string, Buffer][] = [
			['another fingerprint', good],
			['truncated', good.subarray(0, good.length >> 1)],
			['random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
			['not ours', serialize({ magic: 'something-else', format: 1, fingerprint: 'fp', entries: new Map() })],
			['wrong shape', serialize({ magic: 'mintdoc-page-cache-split', format: 1, fingerprint: 'fp', entries: poisoned })],
			['the earlier layout (whole summaries)', serialize({ magic: 'mintdoc-page-cache', format: 1, fingerprint: 'fp', entries: new Map() })],
			[
				'the layout before (one serialization per summary)',
				serialize({
					magic: 'mintdoc-page-cache-serialized',
					format: 1,
					fingerprint: 'fp',
					entries: new Map(pages.map(p => [pageKey(p), serialize(summarizePage(p))])),
				}),
			],
			['empty', Buffer.alloc(0)],
		];
		for (const [name, bytes] of variants) {
			writeFileSync(file, bytes);
			const inner = counting();
			const summarizer = createPersistentSummarizer(inner, { file, fingerprint: name === 'another fingerprint' ? 'other' : 'fp' });
			const results = await summarizer(pages, noCancellation);
			assert.equal(inner.asked.length, 3, name);
			assert.equal(summarizer.stats.loaded, 'ignored', name);
			assert.deepEqual(results, pages.map(summarizePage), name);
			// Replaced by a good file at the next save.
			await summarizer.flush();
			const again = counting();
			await createPersistentSummarizer(again, { file, fingerprint: name === 'another fingerprint' ? 'other' : 'fp' })(pages, noCancellation);
			assert.equal(again.asked.length, 0, name);
		}
	});

	it('parses again a page whose entry holds no summary (bytes of something else, or not a serialization, or parts that do not fit)', async () => {
		const keys = pages.map(pageKey);
		const whole = serialize(summarizePage(pages[2]));
		// A first part longer than the entry; a summary whose editor's part is missing.
		const overlong = Buffer.concat([Buffer.from([0, 0, 0xff, 0xff]), whole]);
		const noRest = Buffer.concat([Buffer.from([0, 0, 0, 0]), whole]);
		noRest.writeUInt32BE(whole.length, 0);
		const entries = new Map<string, Uint8Array>([
			[keys[0], serialize({ diagnostics: 'none' })],
			[keys[1], Buffer.from('not a serialization')],
			[keys[2], overlong],
		]);
		mkdirSync(path.dirname(file));
		const write = () => writeFileSync(file, serialize({ magic: 'mintdoc-page-cache-split', format: 1, fingerprint: 'fp', entries }), { mode: 0o600 });
		write();
		const inner = counting();
		const summarizer = createPersistentSummarizer(inner, { file, fingerprint: 'fp' });
		const results = await summarizer(pages, noCancellation);
		assert.equal(summarizer.stats.loaded, 'used');
		assert.deepEqual(inner.asked.sort(), pages.map(p => p.uri).sort());
		assert.deepEqual(results, pages.map(summarizePage));
		// The editor reads both parts: without the second, the page is parsed again; the CLI reads the first alone.
		entries.set(keys[2], noRest);
		write();
		const editor = counting();
		await createPersistentSummarizer(editor, { file, fingerprint: 'fp' })([pages[2]], noCancellation);
		assert.deepEqual(editor.asked, [pages[2].uri]);
		write();
		const cli = counting();
		await createPersistentSummarizer(cli, { file, fingerprint: 'fp', checkedOnly: true })([pages[2]], noCancellation);
		assert.deepEqual(cli.asked, []);
	});

	it('answers a one-shot check the checked part of each summary, made or read, and keeps the whole for the editor', async () => {
		const withElements = [...pages, page('d', '<Card title="t" icon="star">x</Card>\n\n<Tabs>\n<Tab title="a">b</Tab>\n</Tabs>\n\n## Heading\n')];
		const fresh = withElements.map(summarizePage);
		const cli = createPersistentSummarizer(counting(), { file, fingerprint: 'fp', checkedOnly: true });
		assert.deepEqual(await cli(withElements, noCancellation), fresh.map(checkedSummary));
		await cli.flush();
		// Read back: the CLI gets the checked part, the editor the whole summary the CLI's run wrote.
		const cliWarm = counting();
		const checked = await createPersistentSummarizer(cliWarm, { file, fingerprint: 'fp', checkedOnly: true })(withElements, noCancellation);
		assert.deepEqual(cliWarm.asked, []);
		assert.deepEqual(checked, fresh.map(checkedSummary));
		assert.deepEqual(checked[3].headings, []);
		assert.deepEqual(
			checked[3].elements.map(e => e.name),
			['Card'],
		);
		const editorWarm = counting();
		const whole = await createPersistentSummarizer(editorWarm, { file, fingerprint: 'fp' })(withElements, noCancellation);
		assert.deepEqual(editorWarm.asked, []);
		assert.deepEqual(whole, fresh);
		assert.deepEqual(JSON.stringify(whole[3]), JSON.stringify(fresh[3]), 'the same keys in the same order');
		assert.ok(whole[3].headings.length === 1 && whole[3].elements.length >= 3);
	});

	it('keeps working when the cache cannot be written', async function () {
		if (process.getuid?.() === 0) {
			// root writes anywhere: a file where the folder should be blocks the write instead.
			writeFileSync(path.join(dir, 'sub'), 'not a folder');
		} else {
			mkdirSync(path.join(dir, 'sub'));
			chmodSync(path.join(dir, 'sub'), 0o500);
		}
		const summarizer = createPersistentSummarizer(counting(), { file, fingerprint: 'fp' });
		assert.equal((await summarizer(pages, noCancellation)).length, 3);
		await summarizer.flush();
		assert.equal(existsSync(file), false);
	});

	it('writes by itself once summarizing has been idle, for the language server', async () => {
		const summarizer = createPersistentSummarizer(counting(), { file, fingerprint: 'fp', flushWhenIdleMs: 10 });
		await summarizer(pages, noCancellation);
		const deadline = Date.now() + 30_000;
		while (!existsSync(file) && Date.now() < deadline) await new Promise(resolve => setTimeout(resolve, 20));
		assert.ok(existsSync(file));
	});

	it("names a file per set of folders, kept in the user's cache folder (never one inside the repository)", async () => {
		assert.equal(cacheFileFor('/c', ['file:///a', 'file:///b']), cacheFileFor('/c', ['file:///b', 'file:///a']));
		assert.notEqual(cacheFileFor('/c', ['file:///a']), cacheFileFor('/c', ['file:///b']));
		const saved = process.env.XDG_CACHE_HOME;
		try {
			process.env.XDG_CACHE_HOME = dir;
			assert.equal(defaultCacheDirectory(), path.join(dir, 'mintdoc'));
			process.env.XDG_CACHE_HOME = 'relative/ignored';
			assert.equal(defaultCacheDirectory(), path.join(os.homedir(), '.cache', 'mintdoc'));
		} finally {
			if (saved === undefined) delete process.env.XDG_CACHE_HOME;
			else process.env.XDG_CACHE_HOME = saved;
		}
	});

	it('removes cache files of sites not opened for 30 days, and nothing else', async () => {
		const old = Date.now() / 1000 - 31 * 86_400;
		const names = [
			'pages-0123456789abcdef.bin',
			'pages-0123456789abcdef.bin.openapi',
			'pages-0123456789abcdef.bin.schema',
			'pages-fedcba9876543210.bin',
			'pages-1111111111111111.bin.12.34.tmp',
			'notes.txt',
		];
		for (const name of names) writeFileSync(path.join(dir, name), 'x');
		for (const name of [
			'pages-0123456789abcdef.bin',
			'pages-0123456789abcdef.bin.openapi',
			'pages-0123456789abcdef.bin.schema',
			'pages-1111111111111111.bin.12.34.tmp',
			'notes.txt',
		])
			utimesSync(path.join(dir, name), old, old);
		const removed = await pruneCacheFolder(dir);
		assert.deepEqual(removed.sort(), [
			'pages-0123456789abcdef.bin',
			'pages-0123456789abcdef.bin.openapi',
			'pages-0123456789abcdef.bin.schema',
			'pages-1111111111111111.bin.12.34.tmp',
		]);
		assert.deepEqual(readdirSync(dir).sort(), ['notes.txt', 'pages-fedcba9876543210.bin']);
		assert.deepEqual(await pruneCacheFolder(path.join(dir, 'absent')), []);
	});
});
