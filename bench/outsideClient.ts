// `npm run bench -- --parts outside`: the language server as a client other than the bench's own
// measures it (issue 52). An editor that is not VS Code starts `node dist/server.js --stdio`,
// usually without the Node flags the extension passes; this part starts it both ways, drives it
// over hand-framed JSON-RPC (stdioRpc.ts, nothing shared with lspSession.ts), and times:
// - first diagnostics: spawn → the first publishDiagnostics of docs.json;
// - 100 docs.json edits at 50 page entries spread over the file: `x` appended to the entry's string
//   (the page is then missing) → the publish that shows a finding on that line; the `x` removed →
//   the publish that clears it; 150 ms apart; every range worked out before the clock starts, each
//   sent as one incremental change as VS Code sends it;
// - 20 page-path completions inside entry strings, each after a 1 s pause;
// - RSS after load (the server idle), after the edits, and settled (idle, then 10 s more).
// URIs are spelled as VS Code spells them, or (`--outside-uris node`) as Node's pathToFileURL does.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { languageServerNodeFlags } from '../server/src/protocol';
import { percentile } from './stats';
import { StdioRpc, type RpcMessage } from './stdioRpc';

/** How the client spells file URIs: every reserved character encoded (`+` as `%2B`), or as Node's pathToFileURL (`+` kept). */
export type UriSpelling = 'vscode' | 'node';

export interface OutsideFigures {
	/** The Node flags the server was started with (none, or the VS Code client's). */
	flags: string[];
	uris: UriSpelling;
	firstDiagnosticsMs: number;
	/** From spawn until the server used under 5 % of a core for a second (its background check done). */
	loadedMs: number;
	editP50Ms: number;
	editP95Ms: number;
	editMaxMs: number;
	completionP50Ms: number;
	completionP95Ms: number;
	completionItems: number;
	rssAfterLoadMb: number | undefined;
	rssAfterEditsMb: number | undefined;
	rssSettledMb: number | undefined;
}

/** An entry string of a `pages` array: where its text starts and ends (inside the quotes), and its line and column. */
interface Entry {
	value: string;
	start: number;
	end: number;
	line: number;
	character: number;
}

interface Diagnostic {
	range: { start: { line: number; character: number } };
}

const pauseBetweenEditsMs = 150;
const pauseBeforeCompletionMs = 1000;
const settleMs = 10_000;
const timedChanges = 100;
const completions = 20;

/** The outside client's run on one site, once without Node flags and once with the VS Code client's. */
export async function benchOutsideBothWays(
	siteDir: string,
	serverPath: string,
	log: (line: string) => void,
	uris: UriSpelling = 'vscode',
): Promise<OutsideFigures[]> {
	const runs: OutsideFigures[] = [];
	for (const flags of [[], languageServerNodeFlags(availableParallelism())]) runs.push(await benchOutside(siteDir, serverPath, flags, log, uris));
	return runs;
}

export async function benchOutside(
	siteDir: string,
	serverPath: string,
	flags: string[],
	log: (line: string) => void,
	uris: UriSpelling = 'vscode',
): Promise<OutsideFigures> {
	const configPath = path.join(siteDir, 'docs.json');
	const text = readFileSync(configPath, 'utf8');
	const fileUri = uris === 'node' ? (file: string) => pathToFileURL(file).href : encodedFileUri;
	const configUri = fileUri(configPath);
	const sameUri = (uri: unknown) => typeof uri === 'string' && decodeURIComponent(uri) === decodeURIComponent(configUri);
	const entries = pageEntries(text).filter(e => isPageFile(siteDir, e.value));
	if (entries.length < 4) throw new Error(`${configPath}: fewer than 4 page entries backed by a file`);
	const label = flags.length ? 'client flags' : 'no flags';
	const server = new StdioRpc(serverPath, flags);
	try {
		let latest: Diagnostic[] = [];
		server.watch(message => {
			const params = message.params as { uri?: string; diagnostics?: Diagnostic[] } | undefined;
			if (message.method === 'textDocument/publishDiagnostics' && sameUri(params?.uri)) latest = params!.diagnostics ?? [];
		});
		const isConfigPublish = (message: RpcMessage) =>
			message.method === 'textDocument/publishDiagnostics' && sameUri((message.params as { uri?: string } | undefined)?.uri);
		const firstPublish = server.waitFor(isConfigPublish, 'the first diagnostics of docs.json', 600_000);
		const folder = fileUri(siteDir);
		await server.request('initialize', {
			processId: process.pid,
			rootUri: folder,
			workspaceFolders: [{ uri: folder, name: path.basename(siteDir) }],
			capabilities: {
				textDocument: {
					synchronization: { didSave: true, dynamicRegistration: false },
					publishDiagnostics: { relatedInformation: true, versionSupport: false },
					completion: { completionItem: { snippetSupport: true } },
				},
				workspace: { workspaceFolders: true, configuration: true },
			},
		});
		server.notify('initialized', {});
		server.notify('textDocument/didOpen', { textDocument: { uri: configUri, languageId: 'json', version: 1, text } });
		const firstDiagnosticsMs = (await firstPublish) - server.spawnedAt;
		log(`  outside (${label}): first diagnostics ${firstDiagnosticsMs.toFixed(0)} ms`);
		await untilIdle(server, 1000, 600_000);
		const loadedMs = performance.now() - server.spawnedAt;
		const rssAfterLoadMb = server.rssMb();

		// Entries without a finding on their line, spread over the file; every position fixed before the clock.
		const lines = new Set(latest.map(d => d.range.start.line));
		const clean = entries.filter(e => !lines.has(e.line));
		const edited = spread(clean, timedChanges / 2, 0);
		log(`  outside (${label}): ${entries.length} page entries, ${latest.length} findings in docs.json, ${clean.length} entries clean, ${edited.length} edited`);
		let version = 1;
		const samples: number[] = [];
		for (const entry of edited) {
			const at = { line: entry.line, character: entry.character + entry.value.length };
			for (const [range, inserted, shown] of [
				[{ start: at, end: at }, 'x', true],
				[{ start: at, end: { line: at.line, character: at.character + 1 } }, '', false],
			] as const) {
				const published = server.waitFor(
					message => {
						if (!isConfigPublish(message)) return false;
						const onLine = ((message.params as { diagnostics?: Diagnostic[] }).diagnostics ?? []).some(d => d.range.start.line === entry.line);
						return onLine === shown;
					},
					`the publish that ${shown ? 'shows' : 'clears'} ${entry.value}x`,
					60_000,
				);
				version++;
				const sent = server.notify('textDocument/didChange', {
					textDocument: { uri: configUri, version },
					contentChanges: [{ range, rangeLength: inserted ? 0 : 1, text: inserted }],
				});
				samples.push((await published) - sent);
				await sleep(pauseBetweenEditsMs);
			}
		}
		const rssAfterEditsMb = server.rssMb();
		log(`  outside (${label}): ${samples.length} docs.json edits p50 ${percentile(samples, 50).toFixed(0)} / p95 ${percentile(samples, 95).toFixed(0)} ms`);

		const completionSamples: number[] = [];
		let completionItems = 0;
		for (const entry of spread(entries, completions, 0.5)) {
			await sleep(pauseBeforeCompletionMs);
			const position = { line: entry.line, character: entry.character + Math.min(3, entry.value.length) };
			const sent = performance.now();
			const { result, at } = await server.request<{ items?: unknown[] } | unknown[] | null>('textDocument/completion', {
				textDocument: { uri: configUri },
				position,
				context: { triggerKind: 1 },
			});
			completionSamples.push(at - sent);
			completionItems = Array.isArray(result) ? result.length : (result?.items?.length ?? 0);
		}
		log(
			`  outside (${label}): completion p50 ${percentile(completionSamples, 50).toFixed(1)} / p95 ${percentile(completionSamples, 95).toFixed(1)} ms (${completionItems} items)`,
		);
		await untilIdle(server, 1000, 120_000);
		await sleep(settleMs);
		const rssSettledMb = server.rssMb();
		return {
			flags,
			uris,
			firstDiagnosticsMs,
			loadedMs,
			editP50Ms: percentile(samples, 50),
			editP95Ms: percentile(samples, 95),
			editMaxMs: Math.max(...samples),
			completionP50Ms: percentile(completionSamples, 50),
			completionP95Ms: percentile(completionSamples, 95),
			completionItems,
			rssAfterLoadMb,
			rssAfterEditsMb,
			rssSettledMb,
		};
	} finally {
		await server.stop();
	}
}

/**
 * A file URI with every reserved character of a path segment percent-encoded (`+` is `%2B`), as
 * VS Code writes them. Node's pathToFileURL leaves `+` as is (the server answers such a client in
 * its own spelling: server/src/lsp/uriSpellings.ts).
 */
function encodedFileUri(file: string): string {
	return `file://${path.resolve(file).split(path.sep).map(encodeURIComponent).join('/')}`;
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Resolves once the server process used under 5 % of a core over `windowMs` (clean pages publish nothing, so silence does not tell). */
async function untilIdle(server: StdioRpc, windowMs: number, maxMs: number): Promise<void> {
	const started = performance.now();
	let last = server.cpuMs();
	while (last !== undefined && performance.now() - started < maxMs && !server.exited) {
		await sleep(windowMs);
		const now = server.cpuMs() ?? last;
		if (now - last < windowMs * 0.05) return;
		last = now;
	}
}

/** `count` items of `list` at even steps, starting `phase` of a step in. */
function spread<T>(list: readonly T[], count: number, phase: number): T[] {
	const step = list.length / count;
	return Array.from({ length: Math.min(count, list.length) }, (_, i) => list[Math.floor((i + phase) * step) % list.length]);
}

/** Whether the entry names a page file of the site (not a URL, not `METHOD /path`). */
function isPageFile(siteDir: string, value: string): boolean {
	if (/^[a-z]+:/i.test(value) || /\s/.test(value) || !value) return false;
	const file = path.join(siteDir, value.replace(/^\//, ''));
	return existsSync(`${file}.mdx`) || existsSync(`${file}.md`);
}

/**
 * The strings directly inside every `"pages": [...]` of a JSON text, with their offsets and
 * positions (UTF-16 columns, as LSP counts them). A scan of the text, not a parse: nested groups
 * are objects inside the array and are reached through their own `"pages"`.
 */
export function pageEntries(text: string): Entry[] {
	const lineStarts = [0];
	for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
	const lineOf = (offset: number) => {
		let low = 0;
		let high = lineStarts.length - 1;
		while (low < high) {
			const mid = (low + high + 1) >> 1;
			if (lineStarts[mid] <= offset) low = mid;
			else high = mid - 1;
		}
		return low;
	};
	const entries: Entry[] = [];
	for (const match of text.matchAll(/"pages"\s*:\s*\[/g)) {
		let depth = 1;
		for (let i = match.index + match[0].length; i < text.length && depth > 0; i++) {
			const c = text[i];
			if (c === '[' || c === '{') depth++;
			else if (c === ']' || c === '}') depth--;
			else if (c === '"') {
				let end = i + 1;
				while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
				if (depth === 1) {
					const line = lineOf(i + 1);
					entries.push({ value: text.slice(i + 1, end), start: i + 1, end, line, character: i + 1 - lineStarts[line] });
				}
				i = end;
			}
		}
	}
	return entries.sort((a, b) => a.start - b.start);
}
