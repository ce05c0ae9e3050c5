import * as assert from 'node:assert/strict';
import { askAssistant } from '../../../client/src/platform/api/assistantClient';
import { createDocsApiClient } from '../../../client/src/platform/api/docsApiClient';
import { ApiError, noResponseError } from '../../../client/src/platform/api/errors';
import { fetchIsBrowsers, requestJson } from '../../../client/src/platform/api/http';
import { toChatError } from '../../../client/src/platform/assistant/chatError';

const key = 'mint_secret_admin_key_24680';
const base = 'https://api.example.com';

/** A browser's fetch when the API refuses the page's origin (or cannot be reached): a TypeError and no response. */
function refusingFetch(calls: string[], message = 'Failed to fetch'): typeof globalThis.fetch {
	return async input => {
		calls.push(String(input));
		throw new TypeError(message);
	};
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
	try {
		await promise;
	} catch (e) {
		assert.ok(e instanceof ApiError, `expected an ApiError, got ${e}`);
		return e;
	}
	assert.fail('expected a rejection');
}

describe('a request without response in a browser (the API may refuse a web page)', () => {
	it('says so in plain words with the way out, only in a browser: the desktop message is unchanged', () => {
		const browser = noResponseError({ target: 'api.mintlify.com', cause: 'Failed to fetch', inBrowser: true });
		assert.equal(
			browser.message,
			'Could not reach api.mintlify.com from this web page (Failed to fetch). The platform API may not accept requests from a web page: ' +
				'use VS Code on the desktop for this, or check mintdoc.api.baseUrl and your connection.',
		);
		const desktop = noResponseError({ target: 'api.mintlify.com', cause: 'ECONNREFUSED', inBrowser: false });
		assert.equal(desktop.message, 'Could not reach api.mintlify.com (ECONNREFUSED). Check your connection and mintdoc.api.baseUrl, then try again.');
		for (const error of [browser, desktop]) assert.deepEqual([error.kind, error.status, error.retryable], ['network', 0, true]);
	});

	it('a GET refused in a browser: tried three times, then the browser message with the attempts, the key nowhere', async () => {
		const calls: string[] = [];
		const sleeps: number[] = [];
		const error = await rejection(
			requestJson(
				{
					baseUrl: base,
					getApiKey: () => key,
					fetch: refusingFetch(calls, `Failed to fetch ${key}`),
					inBrowser: true,
					sleep: async ms => void sleeps.push(ms),
				},
				{ method: 'GET', path: '/v1/project/update-status/x', notFound: 'unknown id' },
			),
		);
		assert.equal(calls.length, 3);
		assert.deepEqual(sleeps, [500, 1000]);
		assert.equal(error.kind, 'network');
		assert.equal(error.attempts, 3);
		assert.match(
			error.message,
			/^Could not reach api\.example\.com from this web page \(Failed to fetch \*\*\*\) after 3 attempts\. The platform API may not accept requests from a web page: use VS Code on the desktop/,
		);
		assert.ok(!error.message.includes(key));
	});

	it('the same failure on the desktop keeps the desktop message', async () => {
		const calls: string[] = [];
		const client = createDocsApiClient({ baseUrl: base, getApiKey: () => key, fetch: refusingFetch(calls, 'fetch failed'), inBrowser: false, retries: 0 });
		const error = await rejection(client.getUpdateStatus('x'));
		assert.equal(error.message, 'Could not reach api.example.com (fetch failed). Check your connection and mintdoc.api.baseUrl, then try again.');
	});

	it('a POST (a deploy) is not retried, and says the same', async () => {
		const calls: string[] = [];
		const client = createDocsApiClient({ baseUrl: base, getApiKey: () => key, fetch: refusingFetch(calls), inBrowser: true });
		const error = await rejection(client.triggerUpdate('demo'));
		assert.equal(calls.length, 1);
		assert.match(
			error.message,
			/^Could not reach api\.example\.com from this web page \(Failed to fetch\)\. The platform API may not accept requests from a web page/,
		);
	});

	it('the assistant refused in a browser: the question fails with the browser message, naming the assistant', async () => {
		const calls: string[] = [];
		const events = askAssistant({
			baseUrl: base,
			domain: 'acme',
			getAssistantKey: () => 'mint_dsc_secret_1357',
			fetch: refusingFetch(calls, 'Failed to fetch mint_dsc_secret_1357'),
			inBrowser: true,
			messages: [{ id: 'u1', role: 'user', content: 'How?' }],
			fp: 'anonymous',
			apiVersion: 'v2',
		});
		const error = await rejection(events.next());
		assert.equal(calls.length, 1);
		assert.match(
			error.message,
			/^Could not reach the assistant at api\.example\.com from this web page \(Failed to fetch \*\*\*\)\. The platform API may not accept requests from a web page: use VS Code on the desktop/,
		);
		assert.ok(!error.message.includes('secret_1357'));
	});

	it('the chat panel\'s error: its own kind in a browser (not "Offline"), `network` on the desktop', () => {
		const target = 'the assistant at api.example.com';
		const browser = toChatError(noResponseError({ target, cause: 'Failed to fetch', inBrowser: true }));
		assert.equal(browser.kind, 'webPage');
		assert.match(browser.message, /may not accept requests from a web page/);
		assert.equal(toChatError(noResponseError({ target, cause: 'ECONNREFUSED', inBrowser: false })).kind, 'network');
	});

	it('a redirect a browser does not follow (an opaque response of status 0) is a redirect, not "HTTP 0"', async () => {
		const opaque = { status: 0, ok: false, type: 'opaqueredirect', headers: new Headers(), body: null, text: async () => '' } as unknown as Response;
		const error = await rejection(
			requestJson({ baseUrl: base, getApiKey: () => key, fetch: async () => opaque, inBrowser: true }, { method: 'GET', path: '/x', notFound: 'x' }),
		);
		assert.equal(error.kind, 'badResponse');
		assert.equal(error.message, 'The API answered with a redirect; set mintdoc.api.baseUrl to the final address.');
	});

	it("knows a browser's fetch by the worker scope: not in Node", () => {
		assert.equal(fetchIsBrowsers(), false);
		const scope = globalThis as { WorkerGlobalScope?: unknown };
		scope.WorkerGlobalScope = function WorkerGlobalScope() {};
		try {
			assert.equal(fetchIsBrowsers(), true);
		} finally {
			delete scope.WorkerGlobalScope;
		}
	});
});
