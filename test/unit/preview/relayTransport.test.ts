import * as assert from 'node:assert/strict';
import { createTransport } from '../../../browser/preview/transport';
import { relayTokenHeader } from '../../../server/src/preview/previewMessages';
import { renderShell } from '../../../server/src/preview/shell';

/**
 * The browser side of the playground relay's secret (issue 51): the shell carries it on <body>, and
 * the page script sends it with each playground request. (No browser here: `document` and `fetch`
 * are stand-ins, restored after each test.)
 */
describe('preview in a browser: the relay secret', () => {
	const saved = { document: (globalThis as { document?: unknown }).document, fetch: globalThis.fetch };
	afterEach(() => {
		(globalThis as { document?: unknown }).document = saved.document;
		globalThis.fetch = saved.fetch;
	});

	it('the shell puts the secret on <body> only when the server gives one', () => {
		const page = { kind: 'page', route: '/', title: 'Home', html: '<p>x</p>' } as unknown as Parameters<typeof renderShell>[0];
		const options = { nonce: 'n', scriptUrl: '/s.js', styleUrl: '/s.css' };
		assert.match(renderShell(page, { ...options, relayToken: 'abc"<' }), /<body [^>]* data-relay-token="abc&quot;&lt;">/);
		assert.doesNotMatch(renderShell(page, options), /data-relay-token/);
	});

	it('the page script sends the secret from <body> with each playground request', async () => {
		(globalThis as { document?: unknown }).document = { body: { dataset: { relayToken: 'per-run-secret' } } };
		const sent: { url: string; headers: Record<string, string> }[] = [];
		globalThis.fetch = (async (url: string, init: RequestInit) => {
			sent.push({ url, headers: init.headers as Record<string, string> });
			return new Response(JSON.stringify({ status: 200, statusText: 'OK', headers: [], body: '', timeMs: 1 }));
		}) as typeof fetch;
		const response = await createTransport('').playground({ method: 'GET', url: 'https://api.example.com/x', headers: [] });
		assert.equal(response.status, 200);
		assert.deepEqual(sent, [{ url: '/__mintdoc/playground', headers: { 'content-type': 'application/json', [relayTokenHeader]: 'per-run-secret' } }]);
	});
});
