import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startPreview, type PreviewProcess } from '../helpers/cli';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

const repo = path.resolve(__dirname, '../..');
const results = path.join(repo, 'test-results');

const componentsPage = `---
title: "Components"
description: "Every built-in component the preview renders."
---

<Note>A note with **bold** text.</Note>

<Warning>Careful with secret keys.</Warning>

<Tip>Use the sandbox first.</Tip>

## Cards

<CardGroup cols={2}>
  <Card title="Quickstart" icon="rocket" href="/quickstart">Create a payment in five minutes.</Card>
  <Card title="Webhooks" icon="bell" href="/guides/webhooks">React to events.</Card>
</CardGroup>

## Tabs

<Tabs>
  <Tab title="First">Content of the first tab.</Tab>
  <Tab title="Second">Content of the second tab.</Tab>
</Tabs>

## Accordions and steps

<AccordionGroup>
  <Accordion title="What is a capture?">Taking money that was authorized.</Accordion>
  <Accordion title="Can I refund twice?">Yes, up to the captured amount.</Accordion>
</AccordionGroup>

<Steps>
  <Step title="Install">Run the installer.</Step>
  <Step title="Configure">Set your key.</Step>
</Steps>

## Fields

<ParamField path="paymentId" type="string" required>The payment to capture.</ParamField>
<ResponseField name="status" type="string">One of <Badge color="green">succeeded</Badge> or <Badge color="red">failed</Badge>.</ResponseField>

| Field | Type |
| --- | --- |
| id | string |

- [x] Task done
- [ ] Task open

Dynamic value: {props.amount * 2}

<Chart data="sales" />
`;

const xssPage = `---
title: "<img src=x onerror=window.__xss=1>"
description: "<script>window.__xss=2</script>"
---

<img src="x" onError="window.__xss=3" />

<div onClick="window.__xss=4">click me</div>

[link](javascript:window.__xss=5)

<a href="javascript:window.__xss=6" id="jslink">anchor</a>

<svg><script>window.__xss=7</script></svg>

<Card title="c" href="javascript:window.__xss=8">card</Card>
`;

describe('mintdoc preview in Chromium', function () {
	this.timeout(180_000);
	let dir: string;
	let server: PreviewProcess;
	let browser: Browser;
	const problems: string[] = [];

	before(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-preview-browser-'));
		cpSync(path.join(repo, 'examples/acme'), dir, { recursive: true });
		writeFileSync(path.join(dir, 'components.mdx'), componentsPage);
		writeFileSync(path.join(dir, 'xss.mdx'), xssPage);
		server = await startPreview(dir);
		browser = await launchChromium();
		mkdirSync(results, { recursive: true });
	});
	after(async () => {
		await browser?.close();
		await server?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	async function open(route: string, colorScheme: 'light' | 'dark' = 'light', width = 1440): Promise<Page> {
		const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme });
		await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
		const page = await context.newPage();
		page.on('console', message => {
			if (message.type() === 'error' || message.type() === 'warning') problems.push(`${route}: ${message.text()}`);
		});
		page.on('pageerror', error => problems.push(`${route}: ${error.message}`));
		await page.goto(server.url + route);
		await page.waitForSelector('#mp-sidebar', { state: 'attached' });
		return page;
	}

	it('shows the site with its sidebar, switches Tabs and CodeGroup on click, copies code', async () => {
		problems.length = 0;
		const page = await open('/quickstart');
		assert.equal(await page.locator('#mp-sidebar a.mp-active').textContent(), 'Quickstart');
		assert.equal(await page.locator('.mp-tabs a.mp-selected').textContent(), 'Guides');
		await page.screenshot({ path: path.join(results, 'preview-page.png') });

		const tabs = page.locator('.md-tabs-content').first();
		assert.equal(await tabs.locator('.md-tab-panel').nth(1).isVisible(), false);
		await tabs.getByRole('tab', { name: 'Python' }).click();
		assert.equal(await tabs.locator('.md-tab-panel').nth(1).isVisible(), true);
		assert.equal(await tabs.locator('.md-tab-panel').nth(0).isVisible(), false);
		assert.equal(await tabs.getByRole('tab', { name: 'Python' }).getAttribute('aria-selected'), 'true');

		const group = page.locator('.md-codegroup').first();
		await group.getByRole('tab', { name: 'main.py' }).click();
		assert.match((await group.locator('.md-tab-panel:visible pre').textContent()) ?? '', /import acme_payments/);

		const block = page.locator('.md-code', { hasText: 'export ACME_API_KEY' }).first();
		await block.locator('[data-copy]').click();
		await page.waitForFunction(() => document.querySelector('.md-code [data-copy].md-copied') !== null);
		assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'export ACME_API_KEY="sk_test_your_key_here"');
		assert.deepEqual(problems, [], 'no console errors, no CSP violations');
		await page.context().close();
	});

	it('in a narrow panel (a preview beside the editor) shows the hidden sidebar from a menu button', async () => {
		problems.length = 0;
		const page = await open('/quickstart', 'light', 600);
		const sidebar = page.locator('#mp-sidebar');
		const toggle = page.locator('[data-toggle-sidebar]');
		assert.equal(await sidebar.isVisible(), false);
		await toggle.click();
		assert.equal(await sidebar.isVisible(), true);
		assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
		await page.screenshot({ path: path.join(results, 'preview-narrow-sidebar.png') });
		await sidebar.getByRole('link', { name: 'Authentication' }).click();
		await page.waitForURL(/\/authentication$/);
		await page.waitForSelector('h1.mp-title:text("Authentication")');
		assert.equal(await page.locator('#mp-sidebar').isVisible(), false, 'choosing a page closes it');
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it('renders the built-in components (screenshot) and the API reference in dark mode', async () => {
		problems.length = 0;
		const page = await open('/components');
		await page.screenshot({ path: path.join(results, 'preview-components.png'), fullPage: true });
		assert.equal(await page.locator('.md-callout').count(), 3);
		assert.equal(await page.locator('a.md-card').count(), 2);
		assert.equal(await page.locator('.md-expression').textContent(), '{props.amount * 2}');
		assert.equal(await page.locator('.md-unknown .md-unknown-label').textContent(), '<Chart>');
		await page.getByText('What is a capture?').click();
		assert.equal(await page.getByText('Taking money that was authorized.').isVisible(), true);
		const api = await open('/api-reference/payments/create-a-payment', 'dark');
		await api.screenshot({ path: path.join(results, 'preview-api-dark.png') });
		assert.deepEqual(problems, []);
		await page.context().close();
		await api.context().close();
	});

	it('keeps workspace content inert: no script, handler or javascript: URL runs', async () => {
		problems.length = 0;
		const page = await open('/xss');
		const dialogs: string[] = [];
		page.on('dialog', dialog => void dialogs.push(dialog.message()));
		for (const selector of ['text=click me', '#jslink', 'text=link', 'a.md-card']) {
			const target = page.locator(selector).first();
			if (await target.count()) await target.click({ noWaitAfter: true }).catch(() => undefined);
		}
		assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
		assert.deepEqual(dialogs, []);
		assert.equal(await page.locator('h1.mp-title').textContent(), '<img src=x onerror=window.__xss=1>');
		await page.context().close();
	});

	it('swaps the content on a live update without reloading, keeping the scroll position', async () => {
		problems.length = 0;
		const page = await open('/guides/errors');
		await page.evaluate(() => {
			(window as unknown as { __sameDocument: boolean }).__sameDocument = true;
			window.scrollTo(0, 500);
		});
		const before = await page.evaluate(() => window.scrollY);
		assert.ok(before > 300, `the page scrolls (${before})`);
		const file = path.join(dir, 'guides/errors.mdx');
		writeFileSync(file, readFileSync(file, 'utf8') + '\n\nLive paragraph added by the test.\n');
		await page.waitForSelector('text=Live paragraph added by the test.', { timeout: 30_000 });
		assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
		assert.equal(await page.evaluate(() => window.scrollY), before);
		assert.deepEqual(problems, []);
		await page.context().close();
	});
});
