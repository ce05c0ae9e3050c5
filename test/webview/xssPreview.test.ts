// The site preview (`mintdoc preview`, the same renderer and script as the VS Code panel) in real
// Chromium, on a site made of the shared XSS corpus: every page renders inert. The page's canary,
// dialogs, script errors and CSP violations are trapped before its own script runs; every link and
// button of the content is clicked; the page may only ever go to http(s) URLs of the preview.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startPreview, type PreviewProcess } from '../helpers/cli';
import { canaryInitScript } from '../helpers/xssCorpus';
import { writeXssSite } from '../helpers/xssSite';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

// Functions below run in the page; this file is type-checked without the DOM library.
type HTMLAnchorElement = { protocol: string };
declare const window: { addEventListener(type: string, listener: (event: { target: unknown; preventDefault(): void }) => void, capture: boolean): void };
type Element = { closest?(selector: string): unknown };
type El = { getAttribute(name: string): string | null; href?: string; src?: string };

describe('preview of the XSS corpus in Chromium', function () {
	this.timeout(600_000);
	let dir: string;
	let server: PreviewProcess;
	let browser: Browser;
	let page: Page;
	let mdxRoutes: string[];
	/** Everything trapped: canary, dialogs, errors, CSP violations, navigations and requests that leave. */
	const problems: string[] = [];
	const left: string[] = [];

	before(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-xss-'));
		mdxRoutes = writeXssSite(dir);
		server = await startPreview(dir);
		browser = await launchChromium();
		const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
		await context.addInitScript(canaryInitScript);
		// Nothing but the preview's origin is reachable; the rest is recorded (and must be http(s)).
		await context.route(
			url => !url.href.startsWith(server.url),
			route => {
				left.push(route.request().url());
				return route.abort();
			},
		);
		page = await context.newPage();
		page.on('console', m => {
			if (m.text().startsWith('SECURITY:') || (m.type() === 'error' && /Content Security Policy|Refused/i.test(m.text())))
				problems.push(`${page.url()}: ${m.text()}`);
		});
		page.on('pageerror', e => problems.push(`${page.url()}: uncaught ${e.message}`));
		page.on('dialog', d => {
			problems.push(`${page.url()}: dialog ${d.message()}`);
			void d.dismiss();
		});
		page.on('framenavigated', frame => {
			if (!/^(https?:|about:blank|chrome-error:)/.test(frame.url())) problems.push(`navigated to ${frame.url()}`);
		});
	});
	after(async () => {
		await browser?.close();
		await server?.stop();
		if (dir) rmSync(dir, { recursive: true, force: true });
	});

	async function open(route: string): Promise<void> {
		await page.goto(server.url + route, { waitUntil: 'domcontentloaded' });
		await page.waitForSelector('#mp-sidebar', { state: 'attached' });
		// http(s) links stay unfollowed (their targets are checked statically, pages of the preview are
		// exercised on their own, other sites are unreachable anyway); anything else keeps its default
		// action, so a hostile URL that survived would run, or navigate, and fail the test.
		await page.evaluate(() =>
			window.addEventListener(
				'click',
				event => {
					const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
					if (link && /^https?:$/.test(link.protocol)) event.preventDefault();
				},
				true,
			),
		);
	}

	/** Opens `route`, checks its links statically, then clicks every link and button of the content. */
	async function exercise(route: string): Promise<number> {
		await open(route);
		const hrefs = await page.locator('a[href], area[href]').evaluateAll((as: El[]) => as.map(a => a.href ?? ''));
		for (const href of hrefs) assert.match(href, /^(https?:|mailto:)/, `${route}: a link to ${href}`);
		const srcs = await page.locator('[src]').evaluateAll((els: El[]) => els.map(e => e.getAttribute('src') ?? ''));
		for (const src of srcs) assert.match(src, /^(https?:|\/|[^:]*$)/, `${route}: a src ${src}`);
		assert.equal(
			await page
				.locator('script:not([src]), script[src]:not([src^="/"]), iframe, object, embed, frame, base, meta[http-equiv="refresh" i], [srcdoc], [formaction]')
				.count(),
			0,
			`${route}: no active element`,
		);
		const handlers = await page
			.locator('*')
			.evaluateAll((els: { attributes: ArrayLike<{ name: string }> }[]) =>
				els.flatMap(e => Array.from(e.attributes).map(a => a.name)).filter(n => /^on/i.test(n)),
			);
		assert.deepEqual(handlers, [], `${route}: no inline handler attribute`);

		const targets = page.locator(
			'.mp-content a[href], .mp-content button, .mp-content summary, .mp-banner a, .mp-banner button, .mp-navlinks a, .mp-anchors a',
		);
		const count = await targets.count();
		for (let i = 0; i < count; i++) {
			const target = targets.nth(i);
			if (!(await target.isVisible().catch(() => false))) continue;
			await target.click({ force: true, noWaitAfter: true, timeout: 1000 }).catch(() => undefined);
			if (page.url().split('#')[0] !== server.url + route) {
				// An external link (aborted by the route above): note where it went, then come back.
				// `about:blank#blocked`: Chromium itself refused the navigation, the safe outcome.
				assert.match(
					page.url(),
					/^(https?:|chrome-error:|about:blank#blocked$)/,
					`${route}: clicking ${await target.evaluate((e: { outerHTML?: string }) => e.outerHTML).catch(() => '?')} went to ${page.url()}`,
				);
				await open(route);
			}
		}
		return count;
	}

	it('the trap works: a script setting the canary is reported', async () => {
		await open('/');
		await page.evaluate('window.__pwned = 0; alert(0)');
		assert.deepEqual(
			problems.splice(0).map(p => p.replace(/^.*SECURITY: /, '')),
			['canary set to 0', 'alert(0)'],
		);
	});

	it('renders every MDX page of payloads inert, with every link and button clicked', async () => {
		let clicked = 0;
		for (const route of mdxRoutes) clicked += await exercise(route);
		assert.deepEqual(problems, [], 'no canary, dialog, script error or CSP violation');
		assert.ok(clicked > 100, `the content had links and buttons to click (${clicked})`);
		await open('/props');
		assert.ok((await page.locator('.md-card').count()) >= 40, 'the page of props renders its components');
		assert.ok((await page.locator('.md-accordion, details').count()) >= 40);
		assert.ok((await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)) === undefined);
	});

	it('renders the OpenAPI pages of payloads inert, the playground included', async () => {
		await page.goto(server.url + '/');
		const apiRoutes = (await page.locator('#mp-sidebar a[href]').evaluateAll((as: El[]) => as.map(a => a.getAttribute('href') ?? ''))).filter(
			href => href.startsWith('/') && !mdxRoutes.includes(href) && href !== '/',
		);
		assert.equal(apiRoutes.length, 6, `six generated API pages: ${apiRoutes.join(', ')}`);
		for (const route of apiRoutes) await exercise(route);
		await page.goto(server.url + apiRoutes[0]);
		assert.ok(
			await page
				.locator('.mp-content')
				.textContent()
				.then(t => t!.includes('<script>window.__pwned=1</script>')),
			'payloads show as text',
		);
		assert.deepEqual(problems, [], 'no canary, dialog, script error or CSP violation');
		for (const url of left) assert.match(url, /^https?:/, `only http(s) requests leave the page: ${url}`);
	});
});
