// A generated API page with its playground, in real headless Chromium: the page markup from
// renderApiPage, the stylesheet and the playground module bundled as the preview bundles them,
// under a strict CSP, with a fake transport that echoes the request it is handed.
import * as assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderApiPage } from '../../server/src/preview/api/apiPage';
import type { PlaygroundRequest } from '../../server/src/preview/playgroundTypes';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

const root = path.resolve(__dirname, '../..');

const acme = TextDocument.create(
	'file:///acme/api-reference/openapi.yaml',
	'yaml',
	1,
	readFileSync(path.join(root, 'examples/acme/api-reference/openapi.yaml'), 'utf8'),
);
const nonce = 'pgtest0nonce';

/** The playground module with a transport that records and echoes, as one IIFE. */
async function bundleHarnessScript(): Promise<string> {
	const module = path.join(root, 'browser/playground/playground.ts').replace(/\\/g, '/');
	const entry = `import { initPlaygrounds } from ${JSON.stringify(module)};
window.__sent = [];
initPlaygrounds(document.body, async request => {
	window.__sent.push(request);
	return { status: 200, statusText: 'OK', headers: [['content-type', 'application/json'], ['x-request-id', 'req_1']], body: JSON.stringify({ echoed: request.url }), timeMs: 42 };
});
window.__ready = true;`;
	const result = await esbuild.build({
		stdin: { contents: entry, resolveDir: root, loader: 'ts' },
		bundle: true,
		write: false,
		format: 'iife',
		platform: 'browser',
		target: 'es2020',
	});
	return result.outputFiles[0].text;
}

async function bundleCss(): Promise<string> {
	const result = await esbuild.build({ entryPoints: [path.join(root, 'browser/playground/apiPage.css')], bundle: true, write: false });
	return result.outputFiles[0].text;
}

function harnessHtml(body: string, script: string, css: string): string {
	return `<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src data:">
<style nonce="${nonce}">body { margin: 0; padding: 32px 40px; font-family: system-ui, sans-serif; background: #fff; } ${css}</style></head>
<body>${body}<script nonce="${nonce}">${script}</script></body></html>`;
}

describe('preview: API page and playground in Chromium', function () {
	this.timeout(120_000);
	let browser: Browser;
	let page: Page;
	let script: string;
	let css: string;
	const violations: string[] = [];

	before(async () => {
		[script, css] = await Promise.all([bundleHarnessScript(), bundleCss()]);
		browser = await launchChromium();
		page = await browser.newPage({ viewport: { width: 1360, height: 1000 }, deviceScaleFactor: 1 });
		page.on('console', message => {
			if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
		});
		// Nothing may leave the page: the playground sends through the transport only.
		await page.route(
			() => true,
			route => route.abort(),
		);
	});

	after(async () => {
		await browser?.close();
	});

	it('fills a path parameter and a bearer token, sends through the transport and shows the response', async () => {
		const rendered = renderApiPage({ spec: acme, target: { kind: 'operation', method: 'POST', path: '/payments/{paymentId}/refunds' } });
		await page.setContent(harnessHtml(rendered.html, script, css));
		await page.waitForFunction('window.__ready === true', undefined, { timeout: 30_000 });
		await page.fill('[data-pg-param="path"][data-pg-name="paymentId"]', 'pay 4fH/2');
		await page.fill('[data-pg-auth="bearer"]', 'sk_test_123');
		await page.fill('[data-pg-param="header"][data-pg-name="Idempotency-Key"]', 'key-1');
		// The URL line and the curl sample follow the inputs.
		assert.equal(await page.textContent('[data-pg-url]'), 'https://api.acmepayments.example.com/v1/payments/pay%204fH%2F2/refunds');
		assert.match((await page.textContent('[data-pg-curl]')) ?? '', /--header 'Authorization: Bearer sk_test_123'/);
		await page.click('[data-pg-send]');
		await page.waitForFunction(`document.querySelector('[data-pg-status]')?.textContent === '200 OK'`, undefined, { timeout: 30_000 });
		const sent = await page.evaluate(() => (window as unknown as { __sent: PlaygroundRequest[] }).__sent);
		assert.equal(sent.length, 1);
		assert.deepEqual(sent[0], {
			method: 'POST',
			url: 'https://api.acmepayments.example.com/v1/payments/pay%204fH%2F2/refunds',
			headers: [
				['Idempotency-Key', 'key-1'],
				['Authorization', 'Bearer sk_test_123'],
				['Content-Type', 'application/json'],
			],
			body: '{\n  "amount": 1,\n  "reason": "duplicate",\n  "metadata": {\n    "key": "string"\n  }\n}',
		});
		assert.equal(await page.textContent('[data-pg-time]'), '42 ms');
		assert.equal(
			await page.textContent('[data-pg-response-body]'),
			'{\n  "echoed": "https://api.acmepayments.example.com/v1/payments/pay%204fH%2F2/refunds"\n}',
		);
		assert.equal(await page.textContent('[data-pg-headers]'), 'content-type: application/json\nx-request-id: req_1');
		// Response tabs switch panels.
		await page.click('[data-api-tabs="responses"] [data-api-tab="2"]');
		assert.equal(await page.isVisible('[data-api-tabs="responses"] [data-api-panel="2"]'), true);
		assert.equal(await page.isVisible('[data-api-tabs="responses"] [data-api-panel="0"]'), false);
		await page.click('[data-api-tabs="responses"] [data-api-tab="0"]');
		await page.evaluate(() => window.scrollTo(0, 0));
		mkdirSync(path.join(root, 'test-results'), { recursive: true });
		await page.screenshot({ path: path.join(root, 'test-results/preview-api-page.png'), fullPage: true });
		assert.deepEqual(violations, [], 'the page needs no inline handlers or styles outside the CSP');
	});

	it('choosing the API-key method sends the key header instead; a missing path parameter blocks Send', async () => {
		const rendered = renderApiPage({ spec: acme, target: { kind: 'operation', method: 'GET', path: '/payments/{paymentId}' } });
		await page.setContent(harnessHtml(rendered.html, script, css));
		await page.waitForFunction('window.__ready === true', undefined, { timeout: 30_000 });
		await page.selectOption('[data-pg-auth-choice]', '1');
		assert.equal(await page.isVisible('[data-pg-auth="bearer"]'), false);
		await page.fill('[data-pg-auth="apiKey"]', 'ak_1');
		await page.click('[data-pg-send]');
		await page.waitForSelector('[data-pg-problems] li', { timeout: 30_000 });
		assert.equal(await page.textContent('[data-pg-problems]'), 'Path parameter "paymentId" is required.');
		await page.fill('[data-pg-name="paymentId"]', 'pay_9');
		await page.click('[data-pg-send]');
		await page.waitForFunction('window.__sent.length === 1', undefined, { timeout: 30_000 });
		const sent = await page.evaluate(() => (window as unknown as { __sent: PlaygroundRequest[] }).__sent[0]);
		assert.deepEqual(sent, { method: 'GET', url: 'https://api.acmepayments.example.com/v1/payments/pay_9', headers: [['X-Acme-Api-Key', 'ak_1']] });
	});

	it('hostile spec text stays inert: no script runs, no handler fires', async () => {
		const hostile = TextDocument.create(
			'file:///mem/hostile.yaml',
			'yaml',
			1,
			`openapi: 3.1.0
info: { title: X, version: '1' }
servers: [{ url: 'https://x.example.com', description: '<img src=x onerror="window.__xss=1">' }]
paths:
  /evil:
    get:
      summary: '<script>window.__xss=2</script>'
      description: '<img src=x onerror="window.__xss=3"> [a](javascript:window.__xss=4)'
      parameters:
        - { name: '"><img src=x onerror="window.__xss=5">', in: query, description: '<svg onload="window.__xss=6">' }
      responses:
        '200': { description: '<iframe srcdoc="<script>parent.__xss=7</script>">', content: { application/json: { example: '</code><script>window.__xss=8</script>' } } }
`,
		);
		const rendered = renderApiPage({ spec: hostile, target: { kind: 'operation', method: 'GET', path: '/evil' } });
		// No CSP here: the markup alone must be inert.
		await page.setContent(`<!doctype html><html><body>${rendered.html}</body></html>`);
		await page.click('.md-api-header h1');
		// A string, so the DOM iteration compiles without DOM types in the Node test's tsconfig.
		const state = await page.evaluate(`({
			xss: window.__xss,
			scripts: document.querySelectorAll('script, iframe, svg, img').length,
			handlers: [...document.querySelectorAll('*')].flatMap(el => [...el.attributes].filter(a => a.name.startsWith('on')).map(a => a.name)),
			scriptLinks: [...document.querySelectorAll('a')].filter(a => a.href.startsWith('javascript:')).length,
		})`);
		assert.deepEqual(state, { xss: undefined, scripts: 0, handlers: [], scriptLinks: 0 });
		assert.equal(await page.textContent('.md-api-header h1'), '<script>window.__xss=2</script>');
	});
});
