import { createHash } from 'node:crypto';
import { promises as fs, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { givenContentKey } from '../../core/cache';
import type { CancellationToken } from '../../core/cancellation';
import type { PageSummarizer, SummarizingRun } from '../../core/languageServiceTypes';
import { checkedSummary } from '../../core/mdx/checkedSummary';
import type { PageSummary } from '../../core/mdx/pageSummary';
import { oversizedSize, refusedReason } from '../../core/textGuards';
import { CacheEntries } from './cacheFile';
import { userCacheDirectory } from './privateFiles';

/**
 * A page summary cache that outlives the process, like `eslint --cache`: summaries keyed by a
 * fingerprint of the page's text, in one file per set of checked folders. Reopening a large site,
 * or checking a mostly unchanged one again in CI, then costs little more than reading its pages.
 *
 * A file is trusted only if it is ours and written by this very summarizer: a magic string, the
 * format, and `fingerprint` (MintDoc's version and a hash of the summarizer's code) must match, and
 * every entry must have a summary's shape. Anything else, a corrupt or truncated file or one from
 * another version, is ignored and replaced at the next save. Writes go to a temporary file renamed
 * into place, so a crash mid-write never leaves half a cache.
 */
export interface PersistentSummarizer extends PageSummarizer {
	/** Writes the summaries used since the last flush (hits and new ones), releases them from memory and starts the counts again. */
	flush(): Promise<void>;
	readonly stats: { hits: number; misses: number; loaded: 'absent' | 'ignored' | 'used' | 'not yet' };
}

/**
 * Entries are summaries serialized one by one (v8), each in two parts (see splitEntry), so the kind
 * names the layout (the first held whole summaries, the second one serialization per summary).
 */
const kind = 'mintdoc-page-cache-split';

/**
 * What a page's summary depends on: its language and text (never its path: moved pages keep their
 * entry). The text stands for itself, or by the key of its bytes given where it was read (the CLI's):
 * then an unchanged page is looked up without loading its text (see unchangedFiles.ts).
 */
export function pageKey(document: TextDocument): string {
	const given = givenContentKey(document);
	// A file too large to check is keyed by its size too: only its first bytes were read; a file not read
	// (a device, a link leading outside) by why, never as the empty page it stands for. A given key
	// follows a NUL no text key has (a text starting with NUL is a binary file's, never a key's twin).
	return createHash('sha1')
		.update(document.languageId)
		.update('\0')
		.update(String(oversizedSize(document) ?? refusedReason(document) ?? ''))
		.update(given === undefined ? '\0' : '\0\0given\0')
		.update(given ?? document.getText())
		.digest('base64');
}

export interface PageCacheOptions {
	readonly file: string;
	/** MintDoc's version and its summarizer's code: see {@link summarizerFingerprint}. */
	readonly fingerprint: string;
	/**
	 * For a long-lived process (the language server): write the cache by itself once no pages were
	 * summarized for this long (the end of a background check), instead of at exit.
	 */
	readonly flushWhenIdleMs?: number;
	/** Hears what each flush wrote: pages answered from the file, pages parsed, entries written. */
	readonly onFlush?: (report: { hits: number; misses: number; written: number; file: string }) => void;
	/**
	 * Answer each page's summary as a one-shot check keeps it (checkedSummary): of an entry only
	 * its first part is read. The file still holds whole summaries, for the editor.
	 */
	readonly checkedOnly?: boolean;
}

export function createPersistentSummarizer(
	inner: PageSummarizer,
	{ file, fingerprint, flushWhenIdleMs, onFlush, checkedOnly }: PageCacheOptions,
): PersistentSummarizer {
	// Each summary is held as its serialization from the moment it is made or read (bytes outside the JS
	// heap, a quarter of the objects' size): a run that writes the cache held every summary of the site
	// until the end, crewAI's 1,723 texts ~200 MB, peaking at 633–708 MB against 446–483 without a cache.
	const entries = new CacheEntries(file, kind, fingerprint, isBytes);
	let idleTimer: NodeJS.Timeout | undefined;
	const flushLater = () => {
		if (flushWhenIdleMs === undefined) return;
		clearTimeout(idleTimer);
		idleTimer = setTimeout(() => void flush(), flushWhenIdleMs);
		idleTimer.unref();
	};

	const summarize = async (documents: readonly TextDocument[], token: CancellationToken, run?: SummarizingRun): Promise<readonly PageSummary[]> => {
		clearTimeout(idleTimer);
		const keys = documents.map(pageKey);
		const results = (await Promise.all(keys.map(key => entries.get(key)))).map(bytes => summaryOf(bytes, checkedOnly));
		const missing = documents.filter((_, i) => !results[i]);
		const computed = missing.length ? await inner(missing, token, run) : [];
		let next = 0;
		for (let i = 0; i < results.length; i++) {
			if (results[i]) continue;
			const whole = computed[next++];
			const checked = checkedSummary(whole);
			entries.set(keys[i], splitEntry(checked, whole));
			results[i] = checkedOnly ? checked : whole;
		}
		flushLater();
		return results as PageSummary[];
	};
	const flush = async () => {
		clearTimeout(idleTimer);
		const written = await entries.flush();
		if (written) onFlush?.({ ...written, file });
	};
	return Object.assign(summarize, { flush, stats: entries.stats });
}

function isBytes(value: unknown): value is Uint8Array {
	return value instanceof Uint8Array;
}

/**
 * An entry: the length of the first part (4 bytes), the summary as a one-shot check keeps it
 * (checkedSummary), then what the editor's features read besides (headings, folds, every
 * element). The CLI reads the first part alone: on crewAI's 1,723 distinct pages 9.4 of 32.9 MB,
 * deserialized in 86 instead of 407 ms into 27 instead of 86 MB of heap (a warm check's garbage).
 */
function splitEntry(checked: PageSummary, whole: PageSummary): Uint8Array {
	const first = serialize(checked);
	const rest = serialize({ headings: whole.headings, folds: whole.folds, elements: whole.elements } satisfies EditorPart);
	const entry = new Uint8Array(4 + first.length + rest.length);
	new DataView(entry.buffer).setUint32(0, first.length);
	entry.set(first, 4);
	entry.set(rest, 4 + first.length);
	return entry;
}

type EditorPart = Pick<PageSummary, 'headings' | 'folds' | 'elements'>;

/** The summary an entry holds (checked: its first part alone); undefined (a miss: the page is parsed again) when it is not one. */
function summaryOf(bytes: Uint8Array | undefined, checked: boolean | undefined): PageSummary | undefined {
	if (!bytes || bytes.length < 4) return undefined;
	try {
		const firstLength = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0);
		if (4 + firstLength > bytes.length) return undefined;
		const first: unknown = deserialize(bytes.subarray(4, 4 + firstLength));
		if (!looksLikeSummary(first)) return undefined;
		if (checked) return first;
		const rest: unknown = deserialize(bytes.subarray(4 + firstLength));
		if (!looksLikeEditorPart(rest)) return undefined;
		// The first part's keys in their order (a whole summary's), the editor's three filled in.
		return { ...first, headings: rest.headings, folds: rest.folds, elements: rest.elements };
	} catch {
		return undefined;
	}
}

function looksLikeEditorPart(value: unknown): value is EditorPart {
	if (!value || typeof value !== 'object') return false;
	const v = value as Record<string, unknown>;
	return Array.isArray(v.headings) && Array.isArray(v.folds) && Array.isArray(v.elements);
}

function looksLikeSummary(value: unknown): value is PageSummary {
	if (!value || typeof value !== 'object') return false;
	const v = value as Record<string, unknown>;
	return (
		['diagnostics', 'links', 'headings', 'imports', 'elements', 'folds'].every(field => Array.isArray(v[field])) &&
		(v.anchors === undefined || v.anchors instanceof Set) &&
		(v.directives === undefined || Array.isArray(v.directives)) &&
		(v.frontmatter === undefined || (typeof v.frontmatter === 'object' && v.frontmatter !== null))
	);
}

/**
 * What a cache file must have been written by: MintDoc's version and a hash of the page worker's
 * code (which holds the whole summarizer), so a rebuilt summarizer never reads an older one's answers.
 */
export function summarizerFingerprint(version: string, workerPath: string): string {
	const hash = createHash('sha1').update(version);
	try {
		hash.update(readFileSync(workerPath));
	} catch {
		// No worker bundle (running from sources): the version alone, plus this process's start, so nothing is shared.
		hash.update(String(process.pid) + String(Date.now()));
	}
	return hash.digest('hex');
}

/** The file for a set of folders: a name derived from them, so checking another site never evicts this one's cache. */
export function cacheFileFor(directory: string, folders: readonly string[]): string {
	const name = createHash('sha1')
		.update([...folders].sort().join('\n'))
		.digest('hex')
		.slice(0, 16);
	return path.join(directory, `pages-${name}.bin`);
}

/**
 * The CLI's default cache folder: the user's cache folder (`$XDG_CACHE_HOME/mintdoc`, `~/.cache/mintdoc`),
 * never one inside the repository (a checked-in `node_modules/.cache` could plant entries or links).
 */
export function defaultCacheDirectory(): string {
	return userCacheDirectory();
}

/** Cache files untouched this long belong to sites no longer opened here: they are removed. */
export const staleCacheDays = 30;

/**
 * Removes the cache files (`pages-*.bin` and their `.openapi`, `.schema` and other companions, and temporary files a
 * crash left) in `directory` that were not written for `maxAgeDays`: every site ever opened
 * leaves one, and a large site's is tens of MB. Never throws.
 */
export async function pruneCacheFolder(directory: string, maxAgeDays = staleCacheDays, now = Date.now()): Promise<string[]> {
	const removed: string[] = [];
	const names = await fs.readdir(directory).catch(() => [] as string[]);
	for (const name of names) {
		if (!/^pages-[0-9a-f]{16}\.bin(\.openapi|\.links|\.format|\.files|\.schema)?(\.\d+\.\d+(\.[a-z0-9]+)?\.tmp)?$/.test(name)) continue;
		const file = path.join(directory, name);
		const stat = await fs.lstat(file).catch(() => undefined);
		if (!stat?.isFile() || now - stat.mtimeMs < maxAgeDays * 86_400_000) continue;
		await fs.rm(file, { force: true }).catch(() => undefined);
		removed.push(name);
	}
	return removed;
}
