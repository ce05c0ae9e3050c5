import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { startPreview, type PreviewProcess } from '../helpers/cli';

const repo = path.resolve(__dirname, '../..');
const acme = path.join(repo, 'examples/acme');

/** A raw GET (the path is sent exactly as written, `..` included). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; body: string }> {
	const { hostname, port } = new URL(base);
	return new Promise((resolve, reject) => {
		const req = http.request({ hostname, port, path: rawPath, method: 'GET' }, res => {
			let body = '';
			res.setEncoding('utf8');
			res.on('data', chunk => (body += chunk));
			res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
		});
		req.on('error', reject);
		req.end();
	});
}

/** Waits for the first `change` event of a preview server's event stream. */
function nextChange(base: string): { connected: Promise<void>; change: Promise<{ routes: string[] }>; close(): void } {
	const controller = new AbortController();
	let connected!: () => void;
	const connectedPromise = new Promise<void>(resolve => (connected = resolve));
	const change = (async () => {
		const response = await fetch(`${base}/__mintdoc/events`, { signal: controller.signal });
		const reader = response.body!.getReader();
		const decoder = new TextDecoder();
		let text = '';
		for (;;) {
			const { value, done } = await reader.read();
			if (done) throw new Error('event stream ended');
			text += decoder.decode(value, { stream: true });
			if (text.includes(': connected')) connected();
			const m = /event: change\ndata: (.*)\n\n/.exec(text);
			if (m) return JSON.parse(m[1]) as { routes: string[] };
		}
	})();
	return {
		connected: connectedPromise,
		change,
		close: () => {
			change.catch(() => undefined); // closing ends a wait for a change that did not come
			controller.abort();
		},
	};
}

describe('mintdoc preview (process)', function () {
	this.timeout(120_000);
	let server: PreviewProcess;
	before(async () => {
		server = await startPreview(acme);
	});
	after(async () => server?.stop());

	it('serves the first page at /, nested pages, generated API pages and a 404 with nearby routes', async () => {
		const home = await fetch(`${server.url}/`);
		assert.equal(home.status, 200);
		const homeHtml = await home.text();
		assert.match(homeHtml, /<title>Acme Payments documentation<\/title>/);
		assert.match(
			homeHtml,
			/<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; img-src &#39;self&#39; https: data:; style-src &#39;nonce-[^&]+&#39;; font-src &#39;self&#39;; script-src &#39;nonce-/,
		);
		const nested = await (await fetch(`${server.url}/concepts/payments/captures`)).text();
		assert.match(nested, /<h1 class="mp-title">[^<]*<\/h1>/);
		assert.match(nested, /<a class="mp-link mp-active" href="\/concepts\/payments\/captures" aria-current="page">/);
		const api = await fetch(`${server.url}/api-reference/payments/create-a-payment`);
		assert.equal(api.status, 200);
		const apiHtml = await api.text();
		assert.match(apiHtml, /data-kind="operation"/);
		assert.match(apiHtml, /Create a payment/);
		assert.match(apiHtml, /\/payments/);
		const missing = await fetch(`${server.url}/guides/webhook`);
		assert.equal(missing.status, 404);
		assert.match(await missing.text(), /<a href="\/guides\/webhooks">\/guides\/webhooks<\/a>/);
	});

	it('serves images under the docs root and nothing outside it', async () => {
		const image = await fetch(`${server.url}/images/payment-lifecycle.svg`);
		assert.equal(image.status, 200);
		assert.equal(image.headers.get('content-type'), 'image/svg+xml');
		assert.equal(await image.text(), readFileSync(path.join(acme, 'images/payment-lifecycle.svg'), 'utf8'));
		for (const attempt of [
			'/../../../../etc/passwd',
			'/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
			'/images/..%2f..%2f..%2fpackage.json',
			'/..%5c..%5cpackage.json',
			'/.git/config',
		]) {
			const response = await rawGet(server.url, attempt);
			assert.ok(response.status === 403 || response.status === 404, `${attempt}: ${response.status}`);
			assert.doesNotMatch(response.body, /root:|"name": "mintdoc"|\[core\]/, attempt);
		}
		assert.equal((await fetch(`${server.url}/__mintdoc/preview.js`)).status, 200);
		assert.equal((await fetch(`${server.url}/__mintdoc/preview.css`)).status, 200);
	});

	it('refuses playground relays from other origins', async () => {
		const response = await fetch(`${server.url}/__mintdoc/playground`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
			body: JSON.stringify({ method: 'GET', url: 'http://127.0.0.1:1/', headers: [] }),
		});
		assert.equal(response.status, 403);
		const form = await fetch(`${server.url}/__mintdoc/playground`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
		assert.equal(form.status, 403);
	});
});

describe('mintdoc preview live reload (process)', function () {
	this.timeout(120_000);
	let dir: string;
	let server: PreviewProcess;
	before(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-preview-'));
		cpSync(acme, dir, { recursive: true });
		server = await startPreview(dir);
	});
	after(async () => {
		await server?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('announces the changed route when a page is edited, and serves the new content', async () => {
		const events = nextChange(server.url);
		await events.connected;
		const file = path.join(dir, 'guides/testing.mdx');
		writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: "Testing, edited live"') + '\n\nA brand new paragraph.\n');
		const change = await events.change;
		events.close();
		assert.deepEqual(change.routes, ['/guides/testing']);
		const page = (await (await fetch(`${server.url}/__mintdoc/page?route=${encodeURIComponent('/guides/testing')}`)).json()) as { title: string; html: string };
		assert.equal(page.title, 'Testing, edited live');
		assert.match(page.html, /<p>A brand new paragraph\.<\/p>/);
	});

	it('announces every route (*) when the configuration changes, and a new page appears', async () => {
		const events = nextChange(server.url);
		await events.connected;
		mkdirSync(path.join(dir, 'extra'), { recursive: true });
		writeFileSync(path.join(dir, 'extra/new-page.mdx'), '---\ntitle: Fresh\n---\n\nNew.\n');
		const docs = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8'));
		docs.navigation.tabs[0].groups[0].pages.push('extra/new-page');
		writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
		const change = await events.change;
		events.close();
		assert.deepEqual(change.routes, ['*']);
		// The two writes may arrive as two updates: look again after each one until the navigation
		// lists the page (listening before looking, so no update falls in between).
		for (let attempt = 0; ; attempt++) {
			const next = nextChange(server.url);
			await next.connected;
			const html = await (await fetch(`${server.url}/`)).text();
			if (html.includes('href="/extra/new-page"')) {
				next.close();
				break;
			}
			assert.ok(attempt < 10, 'the new page never appeared in the sidebar');
			let timer: NodeJS.Timeout | undefined;
			await Promise.race([
				next.change,
				new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('the new page never appeared in the sidebar (no update for 60 s)')), 60_000))),
			]).finally(() => {
				clearTimeout(timer);
				next.close();
			});
		}
	});
});
