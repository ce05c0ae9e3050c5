// The chat webview in real Chromium (built bundle, production CSP) fed the shared XSS corpus as
// streamed answers and source titles: nothing runs, no CSP violation, and every link or button
// clicked only posts a message to the host (whose validators test/unit/security checks).
import * as assert from 'node:assert/strict';
import type { ChatState, HostMessage, ViewMessage } from '../../client/src/platform/assistant/protocol';
import { canaryInitScript, xssPayloads, xssUrls } from '../helpers/xssCorpus';
import { startAssistantHarness, type Harness } from './assistantHarness';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

type Win = { postMessage(m: unknown, origin: string): void; __posted: ViewMessage[] };
declare const window: Win;

const t0 = Date.parse('2026-01-15T12:00:00Z');
const initial: ChatState = {
	conversation: { id: 'c1', title: xssPayloads[0].text, createdAt: t0, updatedAt: t0, turns: [] },
	history: xssPayloads.slice(0, 5).map((p, i) => ({ id: `h${i}`, title: p.text, updatedAt: t0, turns: 1 })),
	draft: xssPayloads[32].text,
	domain: xssPayloads[3].text,
};

describe('assistant chat webview with the XSS corpus (Chromium)', function () {
	this.timeout(180_000);
	let harness: Harness;
	let browser: Browser;
	let page: Page;
	const problems: string[] = [];
	const left: string[] = [];
	const postHost = (message: HostMessage) => page.evaluate(m => window.postMessage(m, '*'), message);

	before(async () => {
		harness = await startAssistantHarness();
		browser = await launchChromium();
		page = await browser.newPage({ viewport: { width: 440, height: 960 } });
		await page.addInitScript(canaryInitScript);
		await page.route(
			(url: URL) => !url.href.startsWith(harness.url),
			route => {
				left.push(route.request().url());
				return route.abort();
			},
		);
		page.on('console', m => {
			if (m.text().startsWith('SECURITY:') || (m.type() === 'error' && /Content Security Policy|Refused/i.test(m.text()))) problems.push(m.text());
		});
		page.on('pageerror', e => problems.push(`uncaught ${e.message}`));
		page.on('dialog', d => {
			problems.push(`dialog ${d.message()}`);
			void d.dismiss();
		});
		await page.goto(harness.url);
		await page.waitForFunction('window.__posted.some(m => m.type === "ready")');
		await postHost({ type: 'init', state: initial });
	});
	after(async () => {
		await browser?.close();
		await harness?.close();
	});

	it('answers, source titles, questions, titles and history made of payloads stay inert; clicks only post to the host', async () => {
		for (const [i, p] of xssPayloads.entries()) {
			const id = `t${i}`;
			await postHost({ type: 'turnStarted', id, question: p.text, now: t0 + i });
			await postHost({ type: 'text', turnId: id, text: `${p.text}\n\n` });
			await postHost({ type: 'text', turnId: id, text: `[link](${xssUrls[i % xssUrls.length].replace(/[()\s]/g, '')}) ${p.text}` });
			await postHost({ type: 'citation', turnId: id, source: { path: p.text, title: p.text } });
			await postHost({ type: 'citation', turnId: id, source: { url: xssUrls[i % xssUrls.length], title: xssPayloads[(i + 1) % xssPayloads.length].text } });
			await postHost(
				i % 3 === 0
					? { type: 'turnFailed', turnId: id, error: { kind: 'server', message: p.text }, now: t0 + i }
					: { type: 'turnEnded', turnId: id, state: 'done', now: t0 + i },
			);
		}
		await page
			.locator(`.turn[data-turn-id="t${xssPayloads.length - 1}"] .citation`)
			.nth(1)
			.waitFor();
		const handlers = await page
			.locator('*')
			.evaluateAll((els: { attributes: ArrayLike<{ name: string }> }[]) =>
				els.flatMap(e => Array.from(e.attributes).map(a => a.name)).filter(n => /^on/i.test(n)),
			);
		assert.deepEqual(handlers, []);
		assert.equal(
			await page.locator('.log script, .log iframe, .log object, .log embed, .log form, .log svg:not(.icon), .log img, .log style, .log [style]').count(),
			0,
		);
		const hrefs = await page
			.locator('.log a[href]')
			.evaluateAll((as: { getAttribute(n: string): string | null }[]) => as.map(a => a.getAttribute('href') ?? ''));
		for (const href of hrefs) assert.ok(!/^\s*[a-z][a-z0-9+.-]*:/i.test(href) || /^https?:/i.test(href), `a link to ${href}`);
		assert.equal(await page.locator('.citation-title').first().textContent(), xssPayloads[0].text, 'titles show as text');

		const before = page.url();
		const targets = page.locator('.log a[href], .log button');
		const count = await targets.count();
		for (let i = 0; i < count; i++)
			await targets
				.nth(i)
				.click({ force: true, timeout: 2000 })
				.catch(() => undefined);
		assert.equal(page.url(), before, 'the webview never navigates');
		const posted = await page.evaluate(() => window.__posted);
		assert.ok(posted.filter(m => m.type === 'openCitation').length >= xssPayloads.length, 'citations go to the host');
		assert.ok(count > 100, `there was plenty to click (${count})`);
		assert.deepEqual(problems, [], 'no canary, dialog, script error or CSP violation');
		assert.deepEqual(left, [], 'nothing left the webview');
	});
});
