import * as assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { createConnection } from 'vscode-languageserver/node';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { CancelledError, noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService, type LanguageService } from '../../../server/src/core/languageService';
import { nullLogger } from '../../../server/src/core/logger';
import { DiagnosticsPublisher } from '../../../server/src/lsp/diagnosticsPublisher';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

/** A publisher on a real JSON-RPC connection (in-process streams) to a client that records what it is sent. */
function publisherOver(service: LanguageService, onIdle?: () => void) {
	const toServer = new PassThrough();
	const toClient = new PassThrough();
	const connection = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
	// What the server sends, in the order it sends it (the client receives it a few ticks later).
	const sent: string[] = [];
	const send = connection.sendDiagnostics.bind(connection);
	connection.sendDiagnostics = params => (sent.push(`publish ${params.uri.slice(workspaceRoot.length + 1)}`), send(params));
	// What has reached the wire toward the client so far (the connection writes on a later turn than it is asked to).
	let wire = '';
	toClient.on('data', chunk => (wire += String(chunk)));
	const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
	const published: PublishDiagnosticsParams[] = [];
	const listeners: (() => void)[] = [];
	client.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
		published.push(params);
		for (const listener of listeners.splice(0)) listener();
	});
	client.listen();
	connection.listen();
	const nextPublish = () => new Promise<void>(resolve => listeners.push(resolve));
	const dispose = () => {
		client.dispose();
		connection.dispose();
	};
	return {
		publisher: new DiagnosticsPublisher(connection, service, nullLogger, undefined, onIdle, callback => void setImmediate(callback)),
		published,
		nextPublish,
		sent,
		wire: () => wire,
		dispose,
	};
}

describe('diagnostics publisher: a document arriving during a check', () => {
	it('does not cut the check under way short: its findings are published, then the site is checked again', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ pages: ['index', 'missing'] }), 'index.mdx': '# Home\n' });
		const real = createLanguageService({ workspace, changesReported: true });
		await real.findDocsRoots(noCancellation);
		// The real service, its site checks held at a gate the test opens: an arrival can then come while one runs.
		const gates: (() => void)[] = [];
		const entered: (() => void)[] = [];
		let checks = 0;
		const service: LanguageService = Object.assign(Object.create(real) as LanguageService, {
			checkSite: async (root: string, token: Parameters<LanguageService['checkSite']>[1]) => {
				checks++;
				sent.push(`check ${checks}`);
				for (const listener of entered.splice(0)) listener();
				await new Promise<void>(resolve => gates.push(resolve));
				return real.checkSite(root, token);
			},
		});
		const { publisher, published, nextPublish, sent, dispose } = publisherOver(service);
		try {
			const checking = new Promise<void>(resolve => entered.push(resolve));
			publisher.schedule(workspaceRoot, 0);
			await checking;
			// An OpenAPI document arrives while the first check runs.
			publisher.scheduleAfterRunning(workspaceRoot, 0);
			const second = new Promise<void>(resolve => entered.push(resolve));
			const first = nextPublish();
			gates.shift()!();
			await second;
			// Cut short, the first check would have published nothing, and the second would have started at once.
			assert.deepEqual(sent, ['check 1', 'publish docs.json', 'check 2']);
			await first;
			const docsConfig = published.find(p => p.uri === workspaceUri('docs.json'));
			assert.ok(
				docsConfig?.diagnostics.some(d => d.code === 'page-not-found'),
				'the first check published its findings',
			);
			assert.equal(checks, 2, 'the site is checked again after it');
			gates.shift()!();
		} finally {
			for (const open of gates.splice(0)) open();
			dispose();
		}
	});

	it("writes the site's findings to the client before the background check of its pages begins", async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ pages: ['index', 'missing'] }), 'index.mdx': '# Home\n' });
		const real = createLanguageService({ workspace, changesReported: true });
		await real.findDocsRoots(noCancellation);
		let pagesStarted: (() => void) | undefined;
		const pagesRun = new Promise<void>(resolve => (pagesStarted = resolve));
		const service: LanguageService = Object.assign(Object.create(real) as LanguageService, {
			checkPages: (...args: Parameters<LanguageService['checkPages']>) => {
				// Whatever the page check does before its first pause delays a write still waiting.
				sent.push(wire().includes('"textDocument/publishDiagnostics"') ? 'pages, after the write' : 'pages, before the write');
				pagesStarted!();
				return real.checkPages(...args);
			},
		});
		const { publisher, sent, wire, dispose } = publisherOver(service);
		try {
			publisher.schedule(workspaceRoot, 0);
			await pagesRun;
			assert.deepEqual(sent, ['publish docs.json', 'pages, after the write']);
		} finally {
			dispose();
		}
	});

	it('checks the site again when its check ends with a cancellation nobody asked for (work it shared with a cancelled request)', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ pages: ['index', 'missing'] }), 'index.mdx': '# Home\n' });
		const real = createLanguageService({ workspace, changesReported: true });
		await real.findDocsRoots(noCancellation);
		let checks = 0;
		const service: LanguageService = Object.assign(Object.create(real) as LanguageService, {
			checkSite: async (root: string, token: Parameters<LanguageService['checkSite']>[1]) => {
				checks++;
				// The first check fails as if a shared scan had been started, and cancelled, by another request.
				if (checks === 1) throw new CancelledError();
				return real.checkSite(root, token);
			},
		});
		const { publisher, published, nextPublish, dispose } = publisherOver(service);
		try {
			const arrived = nextPublish();
			publisher.schedule(workspaceRoot, 0);
			await arrived;
			assert.equal(checks, 2);
			assert.ok(published.find(p => p.uri === workspaceUri('docs.json'))?.diagnostics.some(d => d.code === 'page-not-found'));
		} finally {
			dispose();
		}
	});

	it('says it is idle once each time its work runs out: after the site check and the re-check of its pages, after a page check', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ pages: ['index', 'missing'] }), 'index.mdx': '# Home\n' });
		const real = createLanguageService({ workspace, changesReported: true });
		await real.findDocsRoots(noCancellation);
		const events: string[] = [];
		// The background re-check of the pages waits at a gate the test opens.
		let openGate: (() => void) | undefined;
		let pagesEntered: (() => void) | undefined;
		const service: LanguageService = Object.assign(Object.create(real) as LanguageService, {
			checkSite: (...args: Parameters<LanguageService['checkSite']>) => (events.push('site'), real.checkSite(...args)),
			checkPage: (...args: Parameters<LanguageService['checkPage']>) => (events.push('page'), real.checkPage(...args)),
			checkPages: async (...args: Parameters<LanguageService['checkPages']>) => {
				events.push('pages');
				pagesEntered?.();
				await new Promise<void>(resolve => (openGate = resolve));
				return real.checkPages(...args);
			},
		});
		let idle: (() => void) | undefined;
		const nextIdle = () => new Promise<void>(resolve => (idle = resolve));
		const turns = async (n: number) => {
			for (let i = 0; i < n; i++) await new Promise(resolve => setImmediate(resolve));
		};
		const { publisher, dispose } = publisherOver(service, () => (events.push('idle'), idle?.()));
		try {
			const entered = new Promise<void>(resolve => (pagesEntered = resolve));
			publisher.schedule(workspaceRoot, 0);
			await entered;
			await turns(5);
			assert.deepEqual(events, ['site', 'pages'], 'not idle while the pages are re-checked');
			let done = nextIdle();
			openGate!();
			await done;
			await turns(5);
			assert.deepEqual(events, ['site', 'pages', 'idle']);

			// A page edited: its check, then idle again, once.
			done = nextIdle();
			publisher.schedulePage(workspaceUri('index.mdx'), 0);
			await done;
			await turns(5);
			assert.deepEqual(events.slice(3), ['page', 'idle']);

			// A check scheduled while the last one runs: idle only after both.
			const again = new Promise<void>(resolve => (pagesEntered = resolve));
			publisher.schedule(workspaceRoot, 0);
			publisher.schedule(workspaceRoot, 0);
			await again;
			done = nextIdle();
			openGate!();
			await done;
			await turns(5);
			assert.deepEqual(events.slice(5), ['site', 'pages', 'idle']);
		} finally {
			openGate?.();
			dispose();
		}
	});
});
