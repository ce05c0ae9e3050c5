import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import {
	CancellationTokenSource,
	CompletionRequest,
	DefinitionRequest,
	FileChangeType,
	HoverRequest,
	DocumentSymbolRequest,
	type Diagnostic,
	type FileEvent,
} from 'vscode-languageserver-protocol';
import { URI } from 'vscode-uri';
import { LspClient } from '../helpers/lspClient';
import { diskOps, filesUnder, grownAcme, hugePaste, median, knownProblem, OpenDocument, random, rssKb, typed, type SoakSite } from './soakSession';

/** Edits in `npm test`; set MINTDOC_SOAK_EDITS (e.g. 20000) for a long run, MINTDOC_SOAK_SEED to replay one. */
const edits = Number(process.env.MINTDOC_SOAK_EDITS ?? 1000);
const seed = Number(process.env.MINTDOC_SOAK_SEED ?? 20_240_611);
/** JSON-RPC codes a cancelled or outdated request may answer with; anything else is a server error. */
const cancelledCodes = new Set([-32800, -32801]);

const sortedDiagnostics = (list: readonly Diagnostic[] | undefined) => (list ?? []).map(d => JSON.stringify(d)).sort();

describe(`language server soak: ${edits} random edits over stdio (seed ${seed})`, function () {
	this.timeout(Math.max(180_000, edits * 150));
	let site: SoakSite;
	let client: LspClient;
	let fresh: LspClient | undefined;

	afterEach(async () => {
		await client?.stop();
		await fresh?.stop();
		site?.dispose();
	});

	it('stays alive and answering, keeps memory bounded, and ends with the diagnostics of a fresh server', async () => {
		const rng = random(seed);
		site = grownAcme(200);
		client = await LspClient.start([URI.file(site.root).toString()]);
		await client.waitForStatus(s => s.state === 'ready');
		const pid = client.pid!;

		const generated = filesUnder(site.root, /\.mdx$/).filter(p => p.startsWith('generated/'));
		const openPaths = ['docs.json', 'quickstart.mdx', 'guides/webhooks.mdx', generated[0], generated[1]];
		const open = openPaths.map(relative => new OpenDocument(relative, site.uri(relative), readFileSync(site.file(relative), 'utf8')));
		for (const doc of open) await client.open(doc.document.uri, doc.text);
		// Closed generated pages the session may rename or delete on disk; created ones join them.
		const closed = generated.slice(2);
		let created = 0;

		const counts: Record<string, number> = {};
		const count = (what: string) => void (counts[what] = (counts[what] ?? 0) + 1);
		const errors: string[] = [];
		const pending: Promise<unknown>[] = [];
		const rss: number[] = [];
		const started = performance.now();

		const request = (doc: OpenDocument) => {
			const position = doc.document.positionAt(rng.int(doc.text.length + 1));
			const type = rng.pick([CompletionRequest.type, HoverRequest.type, DefinitionRequest.type, DocumentSymbolRequest.type] as const);
			const params = type === DocumentSymbolRequest.type ? { textDocument: { uri: doc.document.uri } } : { textDocument: { uri: doc.document.uri }, position };
			const cancel = rng.next() < 0.3 ? new CancellationTokenSource() : undefined;
			count(cancel ? 'cancelled requests' : 'requests');
			// Typed request types (not method names): a token after untyped params would be sent as a parameter.
			const send = client.connection.sendRequest.bind(client.connection) as (type: unknown, params: unknown, token?: unknown) => Promise<unknown>;
			const sent = (cancel ? send(type, params, cancel.token) : send(type, params)).catch((e: { code?: number; message?: string }) => {
				if (!cancelledCodes.has(e.code ?? 0)) errors.push(`${type.method} at ${doc.relative} ${position.line}:${position.character}: ${e.code} ${e.message}`);
			});
			// Cancel right away or after the server may have started: both paths must hold.
			if (cancel) rng.next() < 0.5 ? cancel.cancel() : setImmediate(() => cancel.cancel());
			pending.push(sent);
		};
		const fileEvent = (changes: FileEvent[]) => client.filesChanged(changes);

		for (let i = 0; i < edits; i++) {
			const doc = rng.pick(open);
			const roll = rng.next();
			if (roll < 0.35) {
				count('inserts');
				const at = rng.int(doc.text.length + 1);
				const { version, change } = doc.replace(at, at, rng.pick(typed));
				await client.change(doc.document.uri, version, [change]);
			} else if (roll < 0.55 && doc.text.length) {
				count('deletes');
				const at = rng.int(doc.text.length);
				const { version, change } = doc.replace(at, Math.min(doc.text.length, at + 1 + rng.int(30)), '');
				await client.change(doc.document.uri, version, [change]);
			} else if (roll < 0.75 && doc.undo.length) {
				count('undos');
				const inverse = doc.undo.pop()!;
				const { version, change } = doc.replace(inverse.start, inverse.end, inverse.text, true);
				await client.change(doc.document.uri, version, [change]);
			} else if (roll < 0.76) {
				count('huge pastes');
				const at = rng.int(doc.text.length + 1);
				const { version, change } = doc.replace(at, at, hugePaste(rng));
				await client.change(doc.document.uri, version, [change]);
			} else if (roll < 0.79) {
				count('files created');
				const relative = `generated/created/new-${created++}.mdx`;
				diskOps.mkdirSync(path.dirname(site.file(relative)), { recursive: true });
				diskOps.writeFileSync(site.file(relative), `---\ntitle: New ${created}\n---\n\n# New\n\n[back](/quickstart)${knownProblem}`);
				closed.push(relative);
				await fileEvent([{ uri: site.uri(relative), type: FileChangeType.Created }]);
			} else if (roll < 0.82 && closed.length > 20) {
				count('files renamed');
				const from = closed.splice(rng.int(closed.length), 1)[0];
				const to = from.replace(/\.mdx$/, `-moved${i}.mdx`);
				diskOps.renameSync(site.file(from), site.file(to));
				closed.push(to);
				await fileEvent([
					{ uri: site.uri(from), type: FileChangeType.Deleted },
					{ uri: site.uri(to), type: FileChangeType.Created },
				]);
			} else if (roll < 0.84 && closed.length > 20) {
				count('files deleted');
				const gone = closed.splice(rng.int(closed.length), 1)[0];
				diskOps.unlinkSync(site.file(gone));
				await fileEvent([{ uri: site.uri(gone), type: FileChangeType.Deleted }]);
			} else if (roll < 0.86 && closed.length) {
				count('files changed on disk');
				const changed = rng.pick(closed);
				diskOps.writeFileSync(site.file(changed), `---\ntitle: Changed ${i}\n---\n\n# Changed ${i}\n\n[broken](/nowhere-${i})\n`);
				await fileEvent([{ uri: site.uri(changed), type: FileChangeType.Changed }]);
			} else {
				request(doc);
			}
			if (i % 25 === 24) {
				await Promise.all(pending.splice(0));
				const kb = rssKb(pid);
				if (kb !== undefined) rss.push(kb);
			}
		}
		await Promise.all(pending.splice(0));
		assert.ok(client.alive, `the server exited: ${client.stderr.join('')}`);
		assert.deepEqual(errors, [], 'requests answered with errors');

		// Saved: the files on disk now hold what the editor holds, as a fresh server will read them (each
		// page with a problem, so that the fresh server publishes for it and the comparison knows when it is done).
		for (const doc of open) {
			if (doc.relative.endsWith('.mdx')) {
				const { version, change } = doc.replace(doc.text.length, doc.text.length, knownProblem, true);
				await client.change(doc.document.uri, version, [change]);
			}
			diskOps.writeFileSync(site.file(doc.relative), doc.text);
		}
		await fileEvent(open.map(doc => ({ uri: doc.document.uri, type: FileChangeType.Changed })));
		// Alive: a final request is answered.
		const symbols = await client.connection.sendRequest(DocumentSymbolRequest.type, { textDocument: { uri: site.uri('quickstart.mdx') } });
		assert.ok(Array.isArray(symbols), 'a final request is answered');

		// Memory: no growth without bound (the last third of the samples against the first).
		const third = Math.max(1, Math.floor(rss.length / 3));
		const early = median(rss.slice(0, third));
		const late = median(rss.slice(-third));
		const elapsed = (performance.now() - started) / 1000;
		console.log(
			`    soak: ${edits} steps in ${elapsed.toFixed(1)} s (seed ${seed}); ${Object.entries(counts)
				.map(([k, v]) => `${v} ${k}`)
				.join(', ')}; RSS median ${(early / 1024).toFixed(0)} MB → ${(late / 1024).toFixed(0)} MB, max ${(Math.max(...rss) / 1024).toFixed(0)} MB`,
		);
		assert.ok(late <= early * 1.5 + 64 * 1024, `RSS grew from ${early} KB to ${late} KB (samples: ${rss.join(' ')})`);

		// Final diagnostics: a fresh server on the same files publishes the same, file by file.
		fresh = await LspClient.start([URI.file(site.root).toString()]);
		await fresh.waitForStatus(s => s.state === 'ready');
		const pages = filesUnder(site.root, /\.mdx$/).filter(p => !p.startsWith('snippets/'));
		for (const relative of pages) await fresh.waitForDiagnostics(site.uri(relative), () => true, `fresh diagnostics of ${relative}`, 120_000);
		// Pages are checked after the site, so docs.json's diagnostics (if it has any) are in by now.
		const files = ['docs.json', ...pages];
		for (const relative of files) {
			const uri = site.uri(relative);
			const expected = sortedDiagnostics(fresh.diagnostics(uri));
			await client
				.waitForDiagnostics(
					uri,
					d => JSON.stringify(sortedDiagnostics(d)) === JSON.stringify(expected),
					`soaked diagnostics of ${relative} equal to a fresh server's`,
					120_000,
				)
				.catch(() => undefined);
			assert.deepEqual(sortedDiagnostics(client.diagnostics(uri)), expected, `diagnostics of ${relative}`);
		}
		assert.deepEqual(
			client.logs.filter(line => /failed|error/i.test(line)),
			[],
			'the server logged no failures',
		);
	});
});
