// `npm run bench -- --parts browser` (issue 54): the language server in a browser's Web Worker
// (dist/browserServer.js in headless Chromium, its files answered from the disk through the page,
// as the extension answers them with vscode.workspace.fs) beside the Node server (dist/server.js
// over stdio), driven by the same test client (test/helpers/lspClient.ts) on the same site:
// - first diagnostics: the process spawned or the Worker created → the first publishDiagnostics of docs.json (the worker's start, the
//   folder walk and docs.json's check; the worker has no code cache and asks for every file);
// - until loaded: the server's log line saying every page was judged (the background check done);
// - docs.json edits as outsideClient.ts makes them (`x` appended to 25 page entries spread over the
//   file, then removed; 150 ms apart), each from the change sent to the publish that shows or
//   clears the finding on that line;
// - the file questions the worker asked, and in how many requests (one per turn: fileQuestions.ts).
// The worker's messages cross the page through Chromium's DevTools protocol, which the editor's
// worker does not pay: its figures are an upper bound of what VS Code for the web sees.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { startBrowserServer } from '../test/helpers/browserServer';
import { launchChromium } from '../test/helpers/chromium';
import { LspClient } from '../test/helpers/lspClient';
import { pageEntries } from './outsideClient';
import { percentile } from './stats';

export interface BrowserWorkerFigures {
	readonly server: 'node' | 'worker';
	readonly firstDiagnosticsMs: number;
	readonly loadedMs: number;
	readonly editP50Ms: number;
	readonly editP95Ms: number;
	/** Findings published once loaded (every file's last publish), and for the worker those not the Node server's, either way. */
	readonly findings: number;
	readonly differing?: number;
	/** The worker's file questions until loaded, and the requests they travelled in (undefined for Node). */
	readonly fileQuestions?: number;
	readonly fileRequests?: number;
}

const pauseBetweenEditsMs = 150;
const editedEntries = 25;

/** The Node server, then the worker, on `siteDir`. */
export async function benchBrowserWorker(siteDir: string, log: (line: string) => void): Promise<BrowserWorkerFigures[]> {
	const browser = await launchChromium();
	try {
		const node = await benchOne('node', siteDir, () => LspClient.start([folderUri(siteDir)]), log);
		const worker = await benchOne('worker', siteDir, () => startBrowserServer(browser, [folderUri(siteDir)]), log);
		const inNode = new Set(node.lines);
		const inWorker = new Set(worker.lines);
		const onlyNode = node.lines.filter(line => !inWorker.has(line));
		// The schema's findings are the worker's alone: on the desktop VS Code's JSON support reports them (serverRuntime.ts validatesSchemas).
		const isSchema = (line: string) => line.split(' ')[1] === 'schema';
		const schemaOnly = worker.lines.filter(isSchema);
		const onlyWorker = worker.lines.filter(line => !inNode.has(line) && !isSchema(line));
		log(
			`  browser: ${node.lines.length} findings from Node, ${worker.lines.length} from the worker; ${onlyNode.length} only from Node, ${onlyWorker.length} only from the worker, and the worker's ${schemaOnly.length} schema findings`,
		);
		for (const line of [...onlyNode.map(l => `node only: ${l}`), ...onlyWorker.map(l => `worker only: ${l}`)].slice(0, 20)) log(`    ${line}`);
		return [node.figures, { ...worker.figures, differing: onlyNode.length + onlyWorker.length }];
	} finally {
		await browser.close();
	}
}

async function benchOne(
	server: 'node' | 'worker',
	siteDir: string,
	start: () => Promise<LspClient>,
	log: (line: string) => void,
): Promise<{ figures: BrowserWorkerFigures; lines: string[] }> {
	const configUri = URI.file(path.join(siteDir, 'docs.json')).toString();
	const root = folderUri(siteDir);
	const client = await start();
	// From the process spawned or the Worker created: the harness's own page is not the editor's cost.
	const started = client.startedAt;
	try {
		await client.until(() => client.diagnostics(configUri), 'the first diagnostics of docs.json', 600_000);
		const firstDiagnosticsMs = performance.now() - started;
		log(`  browser (${server}): first diagnostics ${firstDiagnosticsMs.toFixed(0)} ms`);
		const judged = `page titles, descriptions and llms.txt of ${root} judged`;
		await client.until(() => client.logs.find(line => line.startsWith(judged)), `"${judged}"`, 1_200_000);
		const loadedMs = performance.now() - started;
		log(`  browser (${server}): every page judged after ${(loadedMs / 1000).toFixed(1)} s`);
		const lines = findingLines(client, root);

		const text = readFileSync(path.join(siteDir, 'docs.json'), 'utf8');
		await client.open(configUri, text);
		const shown = new Set((await client.waitForDiagnostics(configUri, () => true, 'docs.json once open', 120_000)).map(d => d.range.start.line));
		const clean = pageEntries(text).filter(e => !shown.has(e.line) && !/^[a-z]+:|\s/i.test(e.value));
		const step = clean.length / editedEntries;
		const edited = Array.from({ length: Math.min(editedEntries, clean.length) }, (_, i) => clean[Math.floor(i * step)]);
		const samples: number[] = [];
		let version = 1;
		for (const entry of edited) {
			const at = { line: entry.line, character: entry.character + entry.value.length };
			for (const [range, inserted, onLine] of [
				[{ start: at, end: at }, 'x', true],
				[{ start: at, end: { line: at.line, character: at.character + 1 } }, '', false],
			] as const) {
				const published = client.waitForDiagnostics(
					configUri,
					d => d.some(x => x.range.start.line === entry.line) === onLine,
					`${entry.value} edited`,
					120_000,
				);
				const sent = performance.now();
				await client.change(configUri, ++version, [{ range, text: inserted }]);
				await published;
				samples.push(performance.now() - sent);
				await new Promise(resolve => setTimeout(resolve, pauseBetweenEditsMs));
			}
		}
		const figures: BrowserWorkerFigures = {
			server,
			firstDiagnosticsMs,
			loadedMs,
			editP50Ms: percentile(samples, 50),
			editP95Ms: percentile(samples, 95),
			findings: lines.length,
			...(server === 'worker' && { fileQuestions: client.fileQuestions, fileRequests: client.fileRequests }),
		};
		log(
			`  browser (${server}): ${samples.length} docs.json edits p50 ${figures.editP50Ms.toFixed(0)} / p95 ${figures.editP95Ms.toFixed(0)} ms` +
				(figures.fileRequests ? `; ${figures.fileQuestions} file questions in ${figures.fileRequests} requests` : ''),
		);
		return { figures, lines };
	} finally {
		await client.stop();
	}
}

/** Every file's last published findings under `root`, a line each (file, code, range, severity, message), sorted. */
function findingLines(client: LspClient, root: string): string[] {
	const last = new Map<string, string[]>();
	for (const { uri, diagnostics } of client.published)
		last.set(
			uri,
			diagnostics.map(d => {
				const { start, end } = d.range;
				return `${uri.slice(root.length + 1)} ${String(d.code)} ${start.line}:${start.character}-${end.line}:${end.character} ${d.severity} ${d.message}`;
			}),
		);
	return [...last.values()].flat().sort();
}

const folderUri = (dir: string) => URI.file(path.resolve(dir)).toString();
