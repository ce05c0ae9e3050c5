// The chat webview in real Chromium: the built bundle under the production CSP, driven by the
// host messages the extension posts, checked on the DOM and on what it posts back.
import * as assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { ChatState, HostMessage, ViewMessage } from '../../client/src/platform/assistant/protocol';
import { startAssistantHarness, type Harness } from './assistantHarness';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

const root = path.resolve(__dirname, '../..');
// Functions below run in the page (DOM); this file is type-checked without the DOM library.
type Win = { postMessage(m: unknown, origin: string): void; __posted: ViewMessage[]; __pwned?: number; __cspViolations: string[] };
type El = { remove(): void; scrollTop: number; scrollHeight: number; getAttribute(name: string): string | null };
declare const window: Win;

const t0 = Date.parse('2026-01-15T12:00:00Z');
const initial: ChatState = {
	conversation: { id: 'c1', title: 'New chat', createdAt: t0, updatedAt: t0, turns: [] },
	history: [{ id: 'c0', title: 'Which components can I use in MDX?', updatedAt: t0 - 3_600_000, turns: 3 }],
	draft: '',
	domain: 'demo',
};

const answerChunks = [
	'To add a page, create an MDX file and list it in the `navigation` of **docs.json** ',
	'(see [Quickstart](/quickstart) and [Navigation](https://mintlify.com/docs/navigation)):\n\n',
	'```json\n{\n  "group": "Get started",\n  "pages": ["quickstart", "guides/new-page"]\n}\n```\n\n',
	'Then preview it locally:\n\n```bash\nnpx mint dev --port 3333\n```\n\n',
	// Inert payloads: none of these may run or become elements.
	'Payloads: <script>window.__pwned = 1</script> <img src=x onerror="window.__pwned = 2"> ',
	'[tricky](javascript:window.__pwned=3) <a href="javascript:window.__pwned=4">raw</a>',
];

describe('assistant chat webview (Chromium)', function () {
	this.timeout(60_000);
	let harness: Harness;
	let browser: Browser;
	let page: Page;
	const foreign: string[] = [];

	const postHost = (message: HostMessage) => page.evaluate(m => window.postMessage(m, '*'), message);
	const posted = () => page.evaluate(() => window.__posted);
	const waitPosted = (predicate: (m: ViewMessage) => boolean, what: string) =>
		page
			.waitForFunction(`window.__posted.some(m => (${predicate.toString()})(m))`, undefined, { timeout: 30_000 })
			.catch(async () => assert.fail(`the webview did not post ${what}; it posted ${JSON.stringify(await posted())}`));

	before(async () => {
		harness = await startAssistantHarness();
		browser = await launchChromium();
		page = await browser.newPage({ viewport: { width: 440, height: 960 }, deviceScaleFactor: 1 });
		// Only the harness origin is reachable: anything else the page tries is recorded and refused.
		await page.route(
			(url: URL) => !url.href.startsWith(harness.url),
			route => {
				foreign.push(route.request().url());
				return route.abort();
			},
		);
		await page.goto(harness.url);
		await waitPosted(m => m.type === 'ready', 'ready');
		await postHost({ type: 'init', state: initial });
		await page.locator('.welcome').waitFor();
	});

	after(async () => {
		await browser?.close();
		await harness?.close();
	});

	it('Enter sends the typed text to the host; Shift+Enter adds a line', async () => {
		const input = page.locator('textarea.input');
		await input.click();
		await input.type('How do I add a page');
		await input.press('Shift+Enter');
		await input.type('to the navigation?');
		assert.equal(await input.inputValue(), 'How do I add a page\nto the navigation?');
		await input.press('Enter');
		await waitPosted(m => m.type === 'send' && m.text === 'How do I add a page\nto the navigation?', 'the question');
		// The text stays until the host starts the turn.
		assert.equal(await input.inputValue(), 'How do I add a page\nto the navigation?');
	});

	it('shows Stop while streaming (Esc stops), renders Markdown with code blocks and keeps payloads inert', async () => {
		await postHost({ type: 'turnStarted', id: 't1', question: 'How do I add a page\nto the navigation?', now: t0 + 1000 });
		assert.equal(await page.locator('textarea.input').inputValue(), '');
		await page.locator('button.stop').waitFor({ state: 'visible' });
		assert.equal(await page.locator('button.send').isVisible(), false);
		await page.locator('.thinking').waitFor();
		await page.keyboard.press('Escape');
		await waitPosted(m => m.type === 'stop', 'stop on Esc');

		for (const text of answerChunks) await postHost({ type: 'text', turnId: 't1', text });
		await postHost({ type: 'citation', turnId: 't1', source: { path: 'quickstart', title: 'Quickstart' } });
		await postHost({ type: 'citation', turnId: 't1', source: { path: 'essentials/navigation', title: 'Navigation <img src=x onerror="window.__pwned=5">' } });
		await page.locator('.code-block').nth(1).waitFor();
		await postHost({ type: 'turnEnded', turnId: 't1', state: 'done', thread: { threadId: 'th-1' }, now: t0 + 2000 });
		await page.locator('button.send').waitFor({ state: 'visible' });
		assert.equal(await page.locator('button.stop').isVisible(), false);

		const blocks = page.locator('.turn[data-turn-id="t1"] .code-block');
		assert.equal(await blocks.count(), 2);
		assert.deepEqual(await blocks.first().locator('.code-toolbar button').allTextContents(), ['Copy', 'Insert']);
		assert.equal(await blocks.first().locator('.code-lang').textContent(), 'json');
		assert.ok((await blocks.first().locator('code .hljs-attr').count()) > 0, 'JSON keys are highlighted');
		assert.equal(await blocks.nth(1).locator('code').textContent(), 'npx mint dev --port 3333\n');

		const markdown = page.locator('.turn[data-turn-id="t1"] .markdown');
		assert.equal(await markdown.locator('script, img, iframe').count(), 0);
		assert.match((await markdown.textContent())!, /<script>window.__pwned = 1<\/script>/);
		assert.deepEqual(await markdown.locator('a').evaluateAll((as: El[]) => as.map(a => a.getAttribute('href'))), [
			'/quickstart',
			'https://mintlify.com/docs/navigation',
		]);
		assert.deepEqual(await page.locator('.citation .citation-title').allTextContents(), ['Quickstart', 'Navigation <img src=x onerror="window.__pwned=5">']);
		assert.equal(await page.evaluate(() => window.__pwned), undefined, 'no payload ran');
		assert.deepEqual(await page.evaluate(() => window.__cspViolations), []);
	});

	it('Copy, Insert, citations and links go to the host; links never navigate the webview', async () => {
		const first = page.locator('.turn[data-turn-id="t1"] .code-block').first();
		await first.locator('button[data-action="copy"]').click();
		await waitPosted(m => m.type === 'copy' && m.text.includes('"guides/new-page"'), 'copy');
		await first.locator('button[data-action="insert"]').click();
		await waitPosted(m => m.type === 'insert' && m.text.startsWith('{\n  "group"'), 'insert');
		await page.locator('.citation').nth(1).click();
		await waitPosted(m => m.type === 'openCitation' && m.turnId === 't1' && m.index === 1, 'openCitation');
		const before = page.url();
		await page.locator('.markdown a', { hasText: 'Navigation' }).click();
		await waitPosted(m => m.type === 'openLink' && m.href === 'https://mintlify.com/docs/navigation', 'openLink');
		assert.equal(page.url(), before);
	});

	it('an error shows its state with the fixing button, and the question is back in the input', async () => {
		await page.locator('textarea.input').fill('Does this need a key?');
		await page.locator('textarea.input').press('Enter');
		await waitPosted(m => m.type === 'send' && m.text === 'Does this need a key?', 'the second question');
		await postHost({ type: 'turnStarted', id: 't2', question: 'Does this need a key?', now: t0 + 3000 });
		await postHost({
			type: 'turnFailed',
			turnId: 't2',
			error: { kind: 'auth', message: 'The assistant rejected the key (HTTP 401). Check it and set your assistant key (MintDoc: Set Assistant Key).' },
			now: t0 + 4000,
		});
		const card = page.locator('.turn[data-turn-id="t2"] .error-card');
		await card.waitFor();
		assert.equal(await card.locator('.error-title').textContent(), 'The assistant key was rejected (401)');
		assert.equal(await page.locator('textarea.input').inputValue(), 'Does this need a key?');
		await card.locator('button[data-action="fix"]').click();
		await waitPosted(m => m.type === 'fix' && m.problem === 'auth', 'fix auth');
		await card.locator('button[data-action="retry"]').click();
		await waitPosted(m => m.type === 'retry' && m.turnId === 't2', 'retry');
	});

	it('a cut answer keeps its text, is marked incomplete and offers Retry; 429 says when to retry', async () => {
		await postHost({ type: 'turnStarted', id: 't3', question: 'What about redirects?', replaces: 't2', now: t0 + 5000 });
		await postHost({ type: 'text', turnId: 't3', text: 'Redirects live in the `redirects` array of docs.json, each with a' });
		await postHost({ type: 'citation', turnId: 't3', source: { path: 'settings/redirects', title: 'Redirects' } });
		await postHost({ type: 'turnEnded', turnId: 't3', state: 'incomplete', now: t0 + 6000 });
		const turn = page.locator('.turn[data-turn-id="t3"]');
		await turn.locator('.status-line.warning').waitFor();
		assert.match((await turn.locator('.markdown').textContent())!, /each with a\s*$/);
		assert.equal(await turn.locator('button[data-action="retry"]').count(), 1);
		assert.equal(await page.locator('.turn[data-turn-id="t2"]').count(), 0, 'the retried turn is replaced');

		await postHost({ type: 'turnStarted', id: 't4', question: 'And rate limits?', now: t0 + 7000 });
		await postHost({
			type: 'turnFailed',
			turnId: 't4',
			error: { kind: 'rateLimited', message: "The assistant's rate limit was reached; try again in 30 s.", retryAfter: 30 },
			now: t0 + 8000,
		});
		await page.locator('.turn[data-turn-id="t4"] .retry-after').waitFor();
		assert.match((await page.locator('.turn[data-turn-id="t4"] .retry-after').textContent())!, /^Retry possible in (30|29) s\.$/);
	});

	it('setup banner, history list and screenshot', async () => {
		await postHost({ type: 'setup', setup: 'noKey', domain: 'demo' });
		await page.locator('.banner button[data-problem="noKey"]').click();
		await waitPosted(m => m.type === 'fix' && m.problem === 'noKey', 'fix noKey');
		await postHost({ type: 'setup', setup: undefined, domain: 'demo' });
		await page.locator('.banner').waitFor({ state: 'hidden' });

		await page.locator('button[data-action="history"]').first().click();
		await page.locator('.history-item').first().click();
		await waitPosted(m => m.type === 'openConversation' && m.id === 'c0', 'openConversation');

		const out = path.join(root, 'test-results');
		mkdirSync(out, { recursive: true });
		await page.locator('.log').evaluate((el: El) => (el.scrollTop = el.scrollHeight));
		await page.screenshot({ path: path.join(out, 'assistant-panel-states.png') });
		// The main screenshot shows the first answer: scroll it into view, draft a follow-up.
		await page.locator('.turn[data-turn-id="t4"]').evaluate((el: El) => el.remove());
		await page.locator('.turn[data-turn-id="t3"]').evaluate((el: El) => el.remove());
		await page.locator('textarea.input').fill('How do I group pages under a tab?');
		await page.locator('.log').evaluate((el: El) => (el.scrollTop = 0));
		await page.screenshot({ path: path.join(out, 'assistant-panel.png') });
		assert.deepEqual(foreign, [], 'the webview requested nothing outside its own origin');
	});
	it('stays responsive under 10,000 tiny parts and a 5 MB answer, and keeps what is typed meanwhile', async () => {
		const input = page.locator('textarea.input');
		await input.fill('typed while');
		await postHost({ type: 'turnStarted', id: 't5', question: 'Tell me everything', now: t0 + 9000 });
		const started = Date.now();
		// Built in the page: 10,000 messages of a few bytes, then one of 5 MB.
		await page.evaluate(() => {
			for (let i = 0; i < 10_000; i++) window.postMessage({ type: 'text', turnId: 't5', text: i % 50 === 49 ? 'w\n\n' : 'w ' }, '*');
		});
		await input.press('End');
		await input.type(' streaming');
		await page.evaluate(() =>
			window.postMessage(
				{ type: 'text', turnId: 't5', text: `${'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40)}\n\n`.repeat(2200) + 'END-OF-ANSWER' },
				'*',
			),
		);
		await input.type(' still');
		await postHost({ type: 'turnEnded', turnId: 't5', state: 'done', now: t0 + 10_000 });
		await page.locator('.turn[data-turn-id="t5"] .markdown p', { hasText: 'END-OF-ANSWER' }).waitFor({ timeout: 30_000 });
		const elapsed = Date.now() - started;
		const size = await page.locator('.turn[data-turn-id="t5"] .markdown').evaluate((el: El & { textContent: string | null }) => el.textContent?.length ?? 0);
		console.log(`      (10,000 parts + 5 MB answer rendered in ${elapsed} ms; ${size} characters shown)`);
		assert.ok(size > 5_000_000, `the whole answer is shown (${size})`);
		assert.equal(await input.inputValue(), 'typed while streaming still');
		assert.ok(elapsed < 30_000);
	});
});
