import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startPreview, type PreviewProcess } from '../helpers/cli';
import { launchChromium, type Browser, type Page } from '../helpers/chromium';

const repo = path.resolve(__dirname, '../..');
const results = path.join(repo, 'test-results');

const fence = (source: string, meta = '') => '```mermaid' + (meta ? ` ${meta}` : '') + '\n' + source + '\n```';

// Workspace text aimed at the page: markup in a label, click directives calling script.
const hostilePage = `---
title: "Hostile diagram"
---

${fence(`%%{init: {"securityLevel": "loose", "flowchart": {"htmlLabels": true}}}%%
flowchart LR
  A["<img src=x onerror=window.__xss=1>"] --> B
  click A callback "tip"
  click B "javascript:window.__xss=2"`)}
`;

// The platform's own example (mintlify docs, components/mermaid-diagrams.mdx) and a few other diagram types.
const diagramsPage = `---
title: "Diagrams"
---

## Flowchart

${fence(
	`  flowchart LR
    subgraph subgraph1
        direction TB
        top1[top] --> bottom1[bottom]
    end
    outside --> subgraph1
    classDef hot fill:#f96,stroke:#333
    class outside hot`,
	'placement="top-right"',
)}

## Sequence

${fence(`sequenceDiagram
    Alice->>Bob: Hello Bob
    Bob-->>Alice: Hi Alice`)}

## Component

<Mermaid chart={\`graph TD
  A[Component chart] --> B[Done]\`} />

## Broken

${fence(`flowchart LR
  A --> <b>oops
  ]]]`)}

## Huge

${fence('flowchart LR\n' + Array.from({ length: 4000 }, (_, i) => `  n${i} --> n${i + 1}`).join('\n'))}
`;

describe('mintdoc preview draws Mermaid diagrams in Chromium', function () {
	this.timeout(180_000);
	let dir: string;
	let server: PreviewProcess;
	let browser: Browser;

	before(async () => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-preview-mermaid-'));
		cpSync(path.join(repo, 'examples/acme'), dir, { recursive: true });
		writeFileSync(path.join(dir, 'diagrams.mdx'), diagramsPage);
		writeFileSync(path.join(dir, 'hostile.mdx'), hostilePage);
		// Under the size limit, over the edge limit: mermaid refuses it before laying it out.
		const edges = Array.from({ length: 201 }, (_, i) => `  n${i} --> n${i + 1}`).join('\n');
		writeFileSync(path.join(dir, 'edges.mdx'), `---\ntitle: "Edges"\n---\n\n${fence(`%%{init: {"maxEdges": 5000}}%%\nflowchart LR\n${edges}`)}\n`);
		server = await startPreview(dir);
		browser = await launchChromium();
		mkdirSync(results, { recursive: true });
	});
	after(async () => {
		await browser?.close();
		await server?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	/** A page with its console errors, CSP violations (reported by the page itself) and every URL it requested. */
	async function open(route: string, colorScheme: 'light' | 'dark' = 'light') {
		const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme });
		const page = await context.newPage();
		const problems: string[] = [];
		const requests: string[] = [];
		page.on('console', message => void (message.type() === 'error' && problems.push(message.text())));
		page.on('pageerror', error => void problems.push(error.message));
		page.on('request', request => void requests.push(request.url()));
		// Runs before the page's own script (injected by the browser, outside the page's CSP).
		await page.addInitScript(() => {
			const seen: string[] = [];
			(window as unknown as { __violations: string[] }).__violations = seen;
			document.addEventListener('securitypolicyviolation', e => seen.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));
		});
		await page.goto(server.url + route);
		await page.waitForSelector('#mp-root h1', { state: 'attached' });
		const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
		return { page, problems, requests, violations };
	}

	const drawn = (page: Page, count: number) =>
		page.waitForFunction(n => document.querySelectorAll('.md-mermaid.md-mermaid-drawn svg, .md-mermaid.md-mermaid-failed').length >= n, count, {
			timeout: 120_000,
		});

	it('draws fences and <Mermaid chart>, styled, under the nonce CSP with no violation', async () => {
		const { page, problems, requests, violations } = await open('/diagrams');
		await drawn(page, 4);
		await page.screenshot({ path: path.join(results, 'preview-mermaid.png'), fullPage: true });

		assert.equal(await page.locator('.md-mermaid.md-mermaid-drawn svg').count(), 3, 'flowchart, sequence, <Mermaid chart>');
		// Mermaid's stylesheet applied: node shapes filled with the theme's colour, not the SVG default (black).
		const fill = await page
			.locator('.md-mermaid-drawn svg .node rect')
			.first()
			.evaluate(e => getComputedStyle(e).fill);
		assert.notEqual(fill, 'rgb(0, 0, 0)');
		// A classDef's inline style (a `style` attribute in mermaid's SVG) applied through CSSOM.
		const hot = await page
			.locator('.md-mermaid-drawn svg .node.hot rect, .md-mermaid-drawn svg .node.hot path')
			.first()
			.evaluate(e => getComputedStyle(e).fill);
		assert.equal(hot, 'rgb(255, 153, 102)');
		assert.match((await page.locator('.md-mermaid-drawn svg').nth(2).textContent()) ?? '', /Component chart/);

		// The broken diagram: mermaid's message as text, the source still shown, the rest of the page drawn.
		const broken = page.locator('.md-mermaid.md-mermaid-failed');
		assert.equal(await broken.count(), 1);
		assert.match((await broken.locator('.md-mermaid-error').textContent()) ?? '', /^Diagram not drawn: .*(Parse error|Lexical error)/s);
		assert.equal(await broken.locator('.md-mermaid-error b').count(), 0, 'the message is text, not markup');

		// Too large: code with a note, never handed to mermaid.
		const huge = page.locator('.md-mermaid-too-large');
		assert.match(
			(await huge.locator('.md-mermaid-note').textContent()) ?? '',
			/^Diagram not drawn: its source is 69,795 characters, and the preview draws up to 20,000\.$/,
		);
		assert.equal(await huge.locator('svg').count(), 0);

		const scripts = requests.filter(url => url.endsWith('.js')).map(url => new URL(url).pathname);
		assert.deepEqual(scripts, ['/__mintdoc/preview.js', '/__mintdoc/mermaid.js'], 'only our two scripts, from the preview server');
		assert.ok(
			requests.every(url => url.startsWith(server.url)),
			`nothing fetched from elsewhere: ${requests.filter(u => !u.startsWith(server.url)).join(', ')}`,
		);
		// …under the page's own CSP, not loosened for mermaid: nonce'd scripts and styles only, no eval.
		const csp = (await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content')) ?? '';
		assert.match(csp, /script-src 'nonce-[^']+'; /);
		assert.doesNotMatch(csp, /unsafe-|strict-dynamic/);
		assert.deepEqual(await violations(), []);
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it("keeps a diagram's markup, click directives and settings directive inert", async () => {
		const { page, requests, violations } = await open('/hostile');
		await drawn(page, 1);
		const svg = page.locator('.md-mermaid-drawn svg');
		assert.equal(await svg.count(), 1, 'drawn (the directive did not make it fail)');
		assert.equal(await svg.locator('img, foreignObject').count(), 0, 'the label is text: no HTML label, no <img>');
		// Mermaid's strict sanitizing keeps the label as text, without the handler.
		const label = (await svg.locator('.node .label').first().textContent()) ?? '';
		assert.match(label, /^<img src="x">$/);
		for (const node of await svg.locator('.node').all()) await node.click();
		assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined);
		assert.ok(!requests.some(url => new URL(url).pathname === '/x'), 'the label image was not loaded');
		// The only report: the label's onerror handler, refused as mermaid's sanitizer read the label.
		assert.deepEqual(
			[...new Set((await violations()).map(v => v.split(':')[0]))].filter(d => d !== 'script-src-attr'),
			[],
		);
		await page.context().close();
	});

	it("refuses a flowchart over 200 edges with mermaid's message (a directive cannot raise the limit)", async () => {
		const { page, problems } = await open('/edges');
		await drawn(page, 1);
		assert.match(
			(await page.locator('.md-mermaid-error').textContent()) ?? '',
			/^Diagram not drawn: Edge limit exceeded\. \d+ edges found, but the limit is 200\./,
		);
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it('draws dark diagrams on a dark page', async () => {
		const { page, problems, violations } = await open('/diagrams', 'dark');
		await drawn(page, 4);
		const fill = await page
			.locator('.md-mermaid-drawn svg .node rect')
			.first()
			.evaluate(e => getComputedStyle(e).fill);
		const [r, g, b] = (fill.match(/\d+/g) ?? []).map(Number);
		assert.ok(r + g + b < 3 * 128, `a dark node fill, got ${fill}`);
		await page.screenshot({ path: path.join(results, 'preview-mermaid-dark.png') });
		assert.deepEqual(await violations(), []);
		assert.deepEqual(problems, []);
		await page.context().close();
	});

	it('does not load the diagram library on a page without diagrams', async () => {
		const { page, requests, problems } = await open('/quickstart');
		await page.waitForLoadState('networkidle');
		assert.ok(!requests.some(url => url.includes('mermaid')), requests.join('\n'));
		assert.deepEqual(problems, []);
		await page.context().close();
	});
});
