import { promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import ignore, { type Ignore } from 'ignore';
import { formatMdx, type FormatResult } from '../core/format/formatPage';
import { isFormatIgnored, mintdocConfigFileName, readFormatConfig, type FormatConfig } from '../core/format/formatConfig';
import { FormatThreads } from '../node/workers/formatThreads';
import { FormatCache } from '../node/caches/formatCache';
import { cacheFileFor, defaultCacheDirectory, pruneCacheFolder, summarizerFingerprint } from '../node/caches/pageCache';
import { guardedText, readGuarded } from '../node/runtime/guardedRead';
import { isInside, linkOnTheWay, replaceSitePage, UnsafeWriteError } from '../node/runtime/siteFiles';
import { UsageError } from './check';
import { unifiedDiff } from './lineDiff';
import { displayText, writeVerbatim } from './terminalText';

declare const MINTDOC_VERSION: string;

export const formatUsage = `  format [path...] [--check] [--diff] [--stdin-filepath path]
                                        Format MDX pages the way the platform's web editor writes them
                                        (the form of \`mint format\`). Paths are pages or folders
                                        (default: .); a folder's .mdx pages are found below it,
                                        skipping what its .gitignore and .mintignore skip, and
                                        mintdoc.json "format": {"ignore": [...]} patterns.
                                        --check writes nothing, lists the pages that would change
                                        and exits 1 when there are any; --diff prints what would
                                        change as a unified diff and writes nothing;
                                        --stdin-filepath formats standard input (named by the path,
                                        for ignore patterns and messages) to standard output.
                                        A page that does not parse is left as written and reported.
                                        Pages found already in the form are remembered (by content)
                                        in the user's cache folder and not parsed again next time;
                                        --no-cache formats every page from scratch.
                                        Exit: 0 done (or nothing to change), 1 a page does not
                                        parse, or pages would change (--check, --diff), 2 usage or
                                        I/O failure`;

/** Folders never searched for pages. */
const skippedFolders = new Set(['node_modules']);

export interface Options {
	readonly check: boolean;
	readonly diff: boolean;
}

/** `mintdoc format`: the platform's canonical MDX form, for files, folders or standard input. */
export async function runFormat(
	args: readonly string[],
	out: NodeJS.WritableStream,
	err: NodeJS.WritableStream,
	stdin: () => Promise<string | Buffer> = readStdin,
): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: [...args],
			allowPositionals: true,
			options: {
				check: { type: 'boolean', default: false },
				diff: { type: 'boolean', default: false },
				'stdin-filepath': { type: 'string' },
				'no-cache': { type: 'boolean', default: false },
			},
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage:\n${formatUsage}`);
	}
	const options: Options = { check: parsed.values.check, diff: parsed.values.diff };
	const stdinPath = parsed.values['stdin-filepath'];
	if (stdinPath !== undefined) {
		if (parsed.positionals.length) throw new UsageError('--stdin-filepath formats standard input: give no other paths');
		return formatStdin(stdinPath, await stdin(), out, err);
	}
	const cwd = process.cwd();
	const inputs = parsed.positionals.length ? parsed.positionals : ['.'];
	const files = await collectPages(inputs, cwd);
	let changed = 0;
	let failed = 0;
	let unwritten = 0;
	let guarded = 0;
	const cache = parsed.values['no-cache'] ? undefined : await openCache(cwd);
	const outcomes = await formatFiles(files, cache);
	const known = cache?.stats.hits ?? 0;
	await cache?.flush();
	for (const file of files) {
		const shown = printable(path.relative(cwd, file) || file);
		const { text, result } = outcomes.get(file)!;
		if (result.kind === 'parseError') {
			failed++;
			err.write(`${shown}:${problemText(result)}\n`);
			continue;
		}
		if (result.kind === 'unsafe') {
			// The formatter's own limit, not the page's fault: reported, never a red CI step.
			guarded++;
			err.write(`${shown}:${problemText(result)}\n`);
			continue;
		}
		if (!result.changed) continue;
		changed++;
		if (options.diff) out.write(unifiedDiff(shown, text, result.text));
		else if (options.check) out.write(`${shown}\n`);
		else {
			const refused = await writePage(file, text, result.text);
			if (refused) {
				if (refused.io) unwritten++;
				else failed++;
				err.write(`${shown}: ${printable(refused.reason)}\n`);
			}
		}
	}
	const verb = options.check || options.diff ? 'would change' : 'formatted';
	const notes = [
		...(failed ? [`${failed} left as written (see above)`] : []),
		...(unwritten ? [`${unwritten} could not be written (see above)`] : []),
		...(guarded ? [`${guarded} left as written by the formatter's guard (see above)`] : []),
	];
	err.write(
		`${verb} ${changed} of ${files.length} page${files.length === 1 ? '' : 's'}${notes.length ? `, ${notes.join(', ')}` : ''}${known ? ` (${known} known to be in the form, from the cache)` : ''}\n`,
	);
	return formatExitCode(options, changed, failed, unwritten);
}

/**
 * The exit status, as Prettier and Ruff give it: 2 when a page could not be written (an I/O
 * failure: a read-only folder, a full disk; nothing for the pages' authors to fix, and the run did
 * not do what it was asked), else 1 only for something the pages' authors must fix (a page that does
 * not parse; with --check or --diff, a page that would change), else 0. A page the formatter's guard
 * leaves as written is the formatter's limit and never fails a CI step.
 */
export function formatExitCode(options: Options, changed: number, failed: number, unwritten = 0): 0 | 1 | 2 {
	if (unwritten > 0) return 2;
	return failed > 0 || ((options.check || options.diff) && changed > 0) ? 1 : 0;
}

interface PageOutcome {
	readonly text: string;
	readonly result: FormatResult;
}

/**
 * The cache of settled pages for runs in this folder (one file per repository, whichever pages a
 * pre-commit hook names), beside `mintdoc check`'s page cache and pruned with it.
 */
async function openCache(cwd: string): Promise<FormatCache> {
	const directory = defaultCacheDirectory();
	await pruneCacheFolder(directory);
	const version = typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev';
	return new FormatCache(`${cacheFileFor(directory, [cwd])}.format`, summarizerFingerprint(version, path.join(__dirname, 'formatWorker.js')));
}

/** Below this many pages, starting threads costs more than it saves. */
const pagesPerThread = 24;

/**
 * Reads and formats the pages (those the cache knows are settled are not parsed), on worker threads when the site is large and the machine has the
 * cores (formatting is CPU-bound: the MDX parser), else here. Results come back by file; the caller
 * reports and writes them in order, so output never depends on which thread finished first.
 */
async function formatFiles(files: readonly string[], cache: FormatCache | undefined): Promise<Map<string, PageOutcome>> {
	const outcomes = new Map<string, PageOutcome>();
	const texts = new Map<string, string>();
	const record = (file: string, result: FormatResult) => {
		outcomes.set(file, { text: texts.get(file)!, result });
		// What the formatter wrote and read back unchanged is settled too: the next run skips it.
		if (result.kind === 'formatted' && !result.unsettled) cache?.markSettled(result.text);
	};
	// The worker bundle sits beside dist/cli.js; from sources (tests under tsx) pages are formatted here.
	const workerFile = path.join(__dirname, 'formatWorker.js');
	const threadsAllowed = __filename.endsWith('.js') && (await isFile(workerFile));
	let threads: FormatThreads | undefined;
	// Pages found to need formatting, until there are enough for threads (then they go to the threads as read).
	let held: { file: string; text: string }[] = [];
	const startThreads = (expected: number) => {
		// One thread at least from pagesPerThread pages on: its larger young generation pays for its start.
		threads = new FormatThreads(workerFile, Math.min(availableParallelism(), Math.ceil(expected / pagesPerThread)), record);
		for (const page of held) threads.add(page);
		held = [];
	};
	// Without the cache every page is formatted: the threads start now, and their start-up overlaps the reading.
	if (threadsAllowed && !cache && files.length >= pagesPerThread) startThreads(files.length);
	for (const file of files) {
		// Read as every file is (guardedRead.ts): a page linked to /dev/zero is left as written, never read forever.
		const read = await readGuarded(file);
		if (read?.kind !== 'read') {
			outcomes.set(file, { text: '', result: { kind: 'unsafe', where: 'not read: not a regular file, or over 16 MB' } });
			continue;
		}
		const text = read.bytes.toString('utf8');
		texts.set(file, text);
		if (await cache?.isSettled(text)) {
			outcomes.set(file, { text, result: { kind: 'formatted', text, changed: false } });
			continue;
		}
		if (threads) threads.add({ file, text });
		else held.push({ file, text });
		if (!threads && threadsAllowed && held.length >= pagesPerThread) startThreads(held.length + files.length - texts.size);
	}
	if (threads) await threads.finish();
	else for (const { file, text } of held) record(file, formatMdx(text));
	return outcomes;
}

/**
 * Standard input formatted to standard output. What goes out is the page, not a message: written
 * verbatim (terminalText.ts#writeVerbatim), never escaped, and a page left as it was goes out as
 * the bytes that came in (even bytes that are not UTF-8).
 */
async function formatStdin(filePath: string, input: string | Buffer, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
	const text = typeof input === 'string' ? input : input.toString('utf8');
	const absolute = path.resolve(filePath);
	const config = await configFor(path.dirname(absolute));
	if (config && isFormatIgnored(config.config, toPosix(path.relative(config.dir, absolute)))) {
		writeVerbatim(out, input);
		return 0;
	}
	const result = formatMdx(text);
	if (result.kind === 'formatted') {
		writeVerbatim(out, result.changed ? result.text : input);
		return 0;
	}
	// Editors and hooks replace the buffer with what we print: the page comes back unchanged.
	writeVerbatim(out, input);
	err.write(`${printable(filePath)}:${problemText(result)}\n`);
	return result.kind === 'parseError' ? 1 : 0;
}

function problemText(result: Exclude<FormatResult, { kind: 'formatted' }>): string {
	if (result.kind === 'parseError') return `${result.error.start.line}:${result.error.start.column}: cannot parse: ${printable(result.error.message)}`;
	return `1:1: warning: left as written: the formatter could not prove its form says the same (${printable(result.where)}); please report it`;
}

/** The .mdx pages named by the arguments: files as given, folders walked (ignore files honoured), sorted, once each. */
async function collectPages(inputs: readonly string[], cwd: string): Promise<string[]> {
	const found = new Set<string>();
	for (const input of inputs) {
		const absolute = path.resolve(cwd, input);
		// A link is never formatted in place: it may lead outside the repository (as generate and upgrade refuse).
		const link = await linkOnTheWay(isInside(cwd, absolute) ? cwd : path.dirname(absolute), absolute);
		if (link !== undefined) throw new UsageError(`'${printable(input)}': '${printable(link)}' is a symbolic link; format never writes through links`);
		const stat = await fs.lstat(absolute).catch(() => undefined);
		if (!stat) throw new UsageError(`no such file or folder: '${printable(input)}'`);
		if (!stat.isFile() && !stat.isDirectory()) throw new UsageError(`'${printable(input)}' is neither a page nor a folder`);
		if (stat.isFile()) {
			// mintdoc.json's ignore patterns hold for pages named one by one too (a pre-commit hook names
			// every committed page): an excluded page is never formatted nor failed. .gitignore does not.
			const config = await configFor(path.dirname(absolute));
			if (!config || !isFormatIgnored(config.config, toPosix(path.relative(config.dir, absolute)))) found.add(absolute);
			continue;
		}
		const config = await configFor(absolute);
		const ignores = ignore()
			.add((await readOptional(path.join(absolute, '.gitignore'))) ?? '')
			.add((await readOptional(path.join(absolute, '.mintignore'))) ?? '');
		await walk(absolute, absolute, ignores, config, found);
	}
	return [...found].sort();
}

async function walk(dir: string, base: string, ignores: Ignore, config: { dir: string; config: FormatConfig } | undefined, found: Set<string>): Promise<void> {
	const entries = await fs.readdir(dir, { withFileTypes: true });
	for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
		if (entry.name.startsWith('.') || skippedFolders.has(entry.name) || entry.isSymbolicLink()) continue;
		const full = path.join(dir, entry.name);
		const relative = toPosix(path.relative(base, full));
		if (ignores.ignores(entry.isDirectory() ? `${relative}/` : relative)) continue;
		if (entry.isDirectory()) await walk(full, base, ignores, config, found);
		else if (entry.isFile() && entry.name.endsWith('.mdx')) {
			if (config && isFormatIgnored(config.config, toPosix(path.relative(config.dir, full)))) continue;
			found.add(full);
		}
	}
}

/** The nearest mintdoc.json at or above a folder (a repository's top or its docs root). */
async function configFor(dir: string): Promise<{ dir: string; config: FormatConfig } | undefined> {
	for (let current = dir; ; current = path.dirname(current)) {
		const text = await readOptional(path.join(current, mintdocConfigFileName));
		if (text !== undefined) return { dir: current, config: readFormatConfig(text) };
		// The top of the repository (or of the file system) ends the search.
		if (path.dirname(current) === current || (await readOptional(path.join(current, '.git'))) !== undefined || (await isDir(path.join(current, '.git'))))
			return undefined;
	}
}

/**
 * Writes the formatted page over the one read (node/runtime/siteFiles.ts: a new file renamed over it, never
 * through a link); why it was not written, when it was not: the page changed since it was read
 * (an editor saved it meanwhile: that edit is kept), it became a link, or the system refused the
 * write (`io`: a read-only folder or file system, a full disk; the page is left as it was, and no
 * temporary file stays behind).
 */
async function writePage(file: string, read: string, formatted: string): Promise<{ reason: string; io: boolean } | undefined> {
	try {
		const outcome = await replaceSitePage(path.dirname(file), file, formatted, current => current === read);
		return outcome === 'written' ? undefined : { reason: 'changed since it was read: not written (format it again)', io: false };
	} catch (e) {
		if (e instanceof UnsafeWriteError) return { reason: `not written: ${e.message}`, io: false };
		const code = (e as NodeJS.ErrnoException | undefined)?.code;
		if (typeof code === 'string' && Object.hasOwn(writeFailures, code))
			return { reason: `cannot write: ${writeFailures[code]} (${code}): left as it was`, io: true };
		throw e;
	}
}

/** The system's refusals of a write, in words: an I/O failure of the run, not a fault of the page. */
const writeFailures: Record<string, string> = {
	EACCES: 'permission denied',
	EPERM: 'permission denied',
	EROFS: 'read-only file system',
	ENOSPC: 'no space left on the device',
	EDQUOT: 'disk quota exceeded',
	EIO: 'input/output error',
};

async function isFile(p: string): Promise<boolean> {
	return (await fs.stat(p).catch(() => undefined))?.isFile() ?? false;
}

async function isDir(p: string): Promise<boolean> {
	return (await fs.stat(p).catch(() => undefined))?.isDirectory() ?? false;
}

async function readOptional(file: string): Promise<string | undefined> {
	// An ignore file linked to a device is not read (see guardedRead.ts).
	return guardedText(await readGuarded(file));
}

function toPosix(p: string): string {
	return p.split(path.sep).join('/');
}

/** Paths and parser messages come from the workspace: shown on one line, no control or direction characters (terminalText.ts). */
const printable = displayText;

/** Standard input as bytes: a page formatted to no change goes back exactly as it came. */
async function readStdin(): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}
