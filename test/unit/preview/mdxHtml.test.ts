import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { renderMdx } from '../../../server/src/preview/mdxHtml';
import { quickTitles } from '../../../server/src/preview/previewService';
import { workspaceUri } from '../../helpers/inMemoryWorkspace';

const root = workspaceUri('site');

async function html(text: string, files: Record<string, string> = {}, page = 'guides/page.mdx') {
	const result = await renderMdx(text, {
		uri: workspaceUri(`site/${page}`),
		rootUri: root,
		token: noCancellation,
		readText: async uri => files[uri.slice(root.length + 1)],
		assetUrl: path => `asset:${path}`,
	});
	return result;
}

const body = async (text: string, files?: Record<string, string>) => (await html(text, files)).html;

describe('preview: MDX to HTML', () => {
	it('renders GFM: tables, task lists, strikethrough, autolinks', async () => {
		assert.equal(
			await body('| a | b |\n| - | :-: |\n| 1 | 2 |'),
			'<table>\n<thead>\n<tr>\n<th>a</th>\n<th align="center">b</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td align="center">2</td>\n</tr>\n</tbody>\n</table>',
		);
		assert.equal(
			await body('- [x] done\n- [ ] todo'),
			'<ul class="contains-task-list">\n<li class="task-list-item"><input type="checkbox" checked disabled> done</li>\n<li class="task-list-item"><input type="checkbox" disabled> todo</li>\n</ul>',
		);
		assert.equal(await body('~~old~~ https://example.com'), '<p><del>old</del> <a href="https://example.com">https://example.com</a></p>');
	});

	it('highlights fenced code with a title from the fence and a copy button', async () => {
		assert.equal(
			await body('```js index.js\nconst a = 1;\n```'),
			'<div class="md-code" data-title="index.js" data-language="js"><div class="md-code-head"><span class="md-code-title">index.js</span><button type="button" class="md-copy" aria-label="Copy code" data-copy="">Copy</button></div>' +
				'<pre><code class="hljs language-js"><span class="hljs-keyword">const</span> a = <span class="hljs-number">1</span>;</code></pre></div>',
		);
		assert.match(
			await body('```python title="main.py" {2}\nprint(1)\n```'),
			/<span class="md-code-title">main\.py<\/span>.*<span class="hljs-built_in">print<\/span>/s,
		);
		assert.match(await body('```unknownlang\n<b>x</b>\n```'), /<code class="hljs language-unknownlang">&#x3C;b>x&#x3C;\/b><\/code>/);
	});

	it('gives headings the ids the platform renders (a repeat gets -2) with anchor links and their source line, and collects the table of contents', async () => {
		const result = await html('## Set up\n\n### Set up\n\n#### Deep');
		assert.equal(
			result.html,
			'<h2 id="set-up" class="md-heading" data-source-line="0">Set up<a class="md-anchor" href="#set-up" aria-label="Link to Set up">#</a></h2>\n<h3 id="set-up-2" class="md-heading" data-source-line="2">Set up<a class="md-anchor" href="#set-up-2" aria-label="Link to Set up">#</a></h3>\n<h4 id="deep" class="md-heading" data-source-line="4">Deep<a class="md-anchor" href="#deep" aria-label="Link to Deep">#</a></h4>',
		);
		assert.deepEqual(result.toc, [
			{ depth: 2, text: 'Set up', slug: 'set-up' },
			{ depth: 3, text: 'Set up', slug: 'set-up-2' },
		]);
	});

	it('renders callouts with their icon', async () => {
		for (const [name, kind] of [
			['Note', 'note'],
			['Warning', 'warning'],
			['Info', 'info'],
			['Tip', 'tip'],
			['Check', 'check'],
			['Danger', 'danger'],
		]) {
			const out = await body(`<${name}>Careful **now**</${name}>`);
			assert.match(
				out,
				new RegExp(
					`^<div class="md-callout md-callout-${kind}" role="note"><span class="md-callout-icon"><span class="md-icon" data-icon="[a-z-]+" aria-hidden="true"><svg class="md-icon-svg"[^>]*>.*</svg></span></span><div class="md-callout-body">Careful <strong>now</strong></div></div>$`,
					's',
				),
				name,
			);
		}
	});

	it('renders cards, card groups and columns', async () => {
		assert.equal(
			await body('<CardGroup cols={3}>\n<Card title="Start" icon="rocket" href="/quickstart">Go</Card>\n<Card title="Plain">Text</Card>\n</CardGroup>').then(
				s => s.replace(/<svg[^]*?<\/svg>/g, '<svg/>'),
			),
			'<div class="md-columns" data-cols="3"><a class="md-card md-card-link" href="/quickstart"><span class="md-icon md-card-icon" data-icon="rocket" aria-hidden="true"><svg/></span><div class="md-card-text"><div class="md-card-title">Start</div><div class="md-card-body">Go</div></div></a>' +
				'<div class="md-card"><div class="md-card-text"><div class="md-card-title">Plain</div><div class="md-card-body">Text</div></div></div></div>',
		);
		assert.match(
			await body('<Columns cols={2}>\n<Card title="A" img="/images/a.png">x</Card>\n</Columns>'),
			/^<div class="md-columns" data-cols="2"><div class="md-card"><img class="md-card-img" src="asset:\/images\/a\.png" alt="">/,
		);
	});

	it('renders Tabs and CodeGroup as tab strips whose first panel shows', async () => {
		const tabs = await body('<Tabs>\n<Tab title="One">First</Tab>\n<Tab title="Two">Second</Tab>\n</Tabs>');
		assert.equal(
			tabs,
			'<div class="md-tabs md-tabs-content" data-tabs=""><div class="md-tablist" role="tablist"><button class="md-tab" type="button" role="tab" aria-selected="true" data-tab-index="0" id="one">One</button><button class="md-tab" type="button" role="tab" aria-selected="false" data-tab-index="1" id="two">Two</button></div>' +
				'<div class="md-tab-panel" role="tabpanel" data-tab-index="0">First</div><div class="md-tab-panel" role="tabpanel" data-tab-index="1" hidden>Second</div></div>',
		);
		const group = await body('<CodeGroup>\n```bash npm\nnpm i\n```\n```bash yarn\nyarn add\n```\n</CodeGroup>');
		assert.match(
			group,
			/^<div class="md-codegroup"><div class="md-tabs md-code-group" data-tabs=""><div class="md-tablist" role="tablist"><button class="md-tab" type="button" role="tab" aria-selected="true" data-tab-index="0">npm<\/button><button class="md-tab" type="button" role="tab" aria-selected="false" data-tab-index="1">yarn<\/button><\/div>/,
		);
		assert.match(
			group,
			/<div class="md-tab-panel" role="tabpanel" data-tab-index="1" hidden><div class="md-code md-code-bare" data-title="yarn" data-language="bash"><button type="button" class="md-copy md-copy-floating"/,
		);
	});

	it('renders accordions, steps, frames, expandables and fields', async () => {
		assert.equal(
			await body('<AccordionGroup>\n<Accordion title="FAQ one" description="Short" defaultOpen>Answer</Accordion>\n</AccordionGroup>'),
			'<div class="md-accordion-group"><details class="md-accordion" open id="faq-one"><summary class="md-accordion-summary"><span class="md-accordion-title">FAQ one</span><span class="md-accordion-description">Short</span></summary><div class="md-accordion-body">Answer</div></details></div>',
		);
		// A step title gets an id only as an h2 or h3 heading, as the platform renders it.
		assert.equal(
			await body('<Steps>\n<Step title="Install">A</Step>\n<Step title="Run">B</Step>\n</Steps>'),
			'<ol class="md-steps"><li class="md-step"><div class="md-step-number">1</div><div class="md-step-content"><p class="md-step-title">Install</p>A</div></li><li class="md-step"><div class="md-step-number">2</div><div class="md-step-content"><p class="md-step-title">Run</p>B</div></li></ol>',
		);
		assert.equal(
			await body('<Steps titleSize="h3">\n<Step title="Install">A</Step>\n</Steps>'),
			'<ol class="md-steps"><li class="md-step"><div class="md-step-number">1</div><div class="md-step-content"><h3 class="md-step-title" id="install">Install</h3>A</div></li></ol>',
		);
		assert.equal(
			await body('<Frame caption="The dashboard">\n![Dash](../images/d.png)\n</Frame>'),
			'<figure class="md-frame"><div class="md-frame-content"><p><img src="asset:/images/d.png" alt="Dash"></p></div><figcaption class="md-frame-caption">The dashboard</figcaption></figure>',
		);
		assert.equal(
			await body('<ParamField query="limit" type="integer" required default="10">How many</ParamField>'),
			'<div class="md-field md-field-param" id="param-limit"><div class="md-field-head"><code class="md-field-name">limit</code><span class="md-field-type">integer</span><span class="md-field-location">query</span><span class="md-field-required">required</span><span class="md-field-default">default: 10</span></div><div class="md-field-body">How many</div></div>',
		);
		assert.equal(
			await body('<ResponseField name="id" type="string">\n<Expandable title="details">Inner</Expandable>\n</ResponseField>'),
			'<div class="md-field md-field-response" id="param-id"><div class="md-field-head"><code class="md-field-name">id</code><span class="md-field-type">string</span></div><div class="md-field-body"><details class="md-expandable"><summary class="md-expandable-summary">Show details</summary><div class="md-expandable-body">Inner</div></details></div></div>',
		);
	});

	it('renders request/response examples, updates, badges, tooltips and icons', async () => {
		assert.match(
			await body('<RequestExample>\n```bash cURL\ncurl x\n```\n</RequestExample>'),
			/^<div class="md-example md-request-example"><div class="md-example-label">Request<\/div><div class="md-codegroup"><div class="md-tabs md-code-group" data-tabs=""><div class="md-tablist" role="tablist"><button class="md-tab" type="button" role="tab" aria-selected="true" data-tab-index="0">cURL<\/button>/,
		);
		assert.match(
			await body('<ResponseExample>\n```json 200\n{}\n```\n</ResponseExample>'),
			/^<div class="md-example md-response-example"><div class="md-example-label">Response<\/div>/,
		);
		assert.equal(
			await body('<Update label="2024-05-01" description="v2">New</Update>'),
			'<div class="md-update" id="2024-05-01"><div class="md-update-meta"><span class="md-update-label">2024-05-01</span><span class="md-update-description">v2</span></div><div class="md-update-body">New</div></div>',
		);
		assert.equal(
			await body('A <Badge color="green">new</Badge> and <Tooltip tip="Application programming interface">API</Tooltip>.'),
			'<p>A <span class="md-badge" data-color="green">new</span> and <span class="md-tooltip" tabindex="0">API<span class="md-tooltip-tip" role="tooltip">Application programming interface</span></span>.</p>',
		);
		assert.match(
			await body('Press <Icon icon="rocket" /> now'),
			/^<p>Press <span class="md-icon md-icon-inline" data-icon="rocket" aria-hidden="true"><svg class="md-icon-svg" [^>]*><path d="M4\.5 16\.5/,
		);
	});

	it('inlines imported snippets and <Snippet file>, with snippet props, and guards cycles and missing files', async () => {
		const files = {
			'snippets/hello.mdx': 'Hello {name}, **welcome**.',
			'snippets/box.mdx': '<Note>Boxed</Note>',
			'snippets/loop.mdx': "import Loop from '/snippets/loop.mdx';\n\n<Loop />",
		};
		const out = await html(
			"import Hello from '/snippets/hello.mdx';\nimport Box from '../snippets/box.mdx';\nimport Loop from '/snippets/loop.mdx';\nimport Gone from '/snippets/gone.mdx';\n\n<Hello name=\"Ada\" />\n\n<Box />\n\n<Snippet file=\"box.mdx\" />\n\n<Loop />\n\n<Gone />",
			files,
		);
		assert.match(out.html, /^<p>Hello Ada, <strong>welcome<\/strong>\.<\/p>\n<div class="md-callout md-callout-note"/);
		assert.equal([...out.html.matchAll(/<div class="md-callout-body">Boxed<\/div>/g)].length, 2);
		assert.match(out.html, /<div class="md-snippet-error">Snippet snippets\/loop\.mdx: it imports itself \(an import cycle\)<\/div>/);
		assert.match(out.html, /<div class="md-snippet-error">Snippet snippets\/gone\.mdx: the file does not exist<\/div>/);
		assert.deepEqual(
			out.problems.map(p => p.message),
			['Snippet snippets/loop.mdx: it imports itself (an import cycle)', 'Snippet snippets/gone.mdx: the file does not exist'],
		);
	});

	it('shows literals of {expressions}, a placeholder chip for the rest, nothing for comments; ignores export const', async () => {
		assert.equal(await body('export const x = 1;\n\nA {"literal"} and {42} and {true}. {/* hidden */}'), '<p>A literal and 42 and true. </p>');
		assert.equal(
			await body('Total: {items.map(i => i.price).reduce((a, b) => a + b)}'),
			'<p>Total: <code class="md-expression" title="JavaScript expressions are not run in the preview">{items.map(i => i.price).reduce((a, b) => a + b)}</code></p>',
		);
		assert.equal(
			await body('{new Date().getFullYear()}'),
			'<p><code class="md-expression" title="JavaScript expressions are not run in the preview">{new Date().getFullYear()}</code></p>',
		);
	});

	it('renders unknown components as their children with a marker naming them', async () => {
		assert.equal(
			await body('<Chart kind="bar">\nSales **up**\n</Chart>'),
			'<div class="md-unknown" data-component="Chart"><span class="md-unknown-label" title="<Chart> is not a built-in component; the preview shows its content only">&#x3C;Chart></span><p>Sales <strong>up</strong></p></div>',
		);
		assert.equal(
			await body('An <Abbr>x</Abbr> inline'),
			'<p>An <span class="md-unknown" data-component="Abbr"><span class="md-unknown-label" title="<Abbr> is not a built-in component; the preview shows its content only">&#x3C;Abbr></span>x</span> inline</p>',
		);
	});

	it('reports a syntax error with its line instead of throwing', async () => {
		const result = await html('# Title\n\n<Note>\nunclosed');
		assert.equal(result.ok, false);
		assert.equal(result.html, '');
		assert.equal(result.problems[0].uri, workspaceUri('site/guides/page.mdx'));
		assert.equal(result.problems[0].line, 2, 'where the unclosed <Note> starts (0-based)');
	});

	it('resolves relative images from the page folder and maps them with assetUrl', async () => {
		assert.equal(
			await body('![a](img/x.png) ![b](/images/y.svg) ![c](https://example.com/z.png)'),
			'<p><img src="asset:/guides/img/x.png" alt="a"> <img src="asset:/images/y.svg" alt="b"> <img src="https://example.com/z.png" alt="c"></p>',
		);
		assert.equal(await body('<img src="pic.png" alt="p" />'), '<img src="asset:/guides/pic.png" alt="p">');
	});

	describe('untrusted content renders inert', () => {
		const corpus = [
			'<script>alert(1)</script>',
			'<img src="x" onerror="alert(1)" />',
			'<div onClick="alert(1)" onMouseOver={() => alert(2)}>hover</div>',
			'[click](javascript:alert(1))',
			'[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
			'<a href="javascript:alert(1)">x</a>',
			'<a href="JaVaScRiPt:alert(1)">x</a>',
			'<a href=" javascript:alert(1)">x</a>',
			'<Card title="x" href="javascript:alert(1)">card</Card>',
			'<Card title="x" img="javascript:alert(1)">card</Card>',
			'<svg><script>alert(1)</script><circle onload="alert(1)" /></svg>',
			'<iframe src="https://evil.example"></iframe>',
			'<style>{`body { display: none }`}</style>',
			'<div style={{ background: "url(javascript:alert(1))" }}>styled</div>',
			'<p style="color:red">styled</p>',
			'<object data="x.swf"></object>',
			'<form action="https://evil.example"><button formAction="javascript:alert(1)">go</button></form>',
			'<meta httpEquiv="refresh" content="0;url=javascript:alert(1)" />',
			'<base href="https://evil.example/" />',
			'<link rel="stylesheet" href="https://evil.example/x.css" />',
			'<Note icon="x&quot; onload=&quot;alert(1)">n</Note>',
			'<Badge color={"\\" onmouseover=\\"alert(1)"}>b</Badge>',
			'<img src="https://example.com/a.png" srcSet="javascript:alert(1) 1x" />',
			'<video src="javascript:alert(1)" poster="javascript:alert(2)" />',
			'<math><mi xlinkHref="javascript:alert(1)">x</mi></math>',
			'![x](javascript:alert(1))',
		];
		for (const input of corpus) {
			it(input, async () => {
				const out = (await html(input)).html;
				assert.doesNotMatch(out, /<script|<iframe|<object|<embed|<style|<meta|<base|<link|<form|<svg(?! class="md-icon-svg")/i);
				assert.doesNotMatch(out, /\son[a-z]+\s*=/i);
				assert.doesNotMatch(out, /javascript:/i);
				assert.doesNotMatch(out, /\sstyle=/i);
				assert.doesNotMatch(out, /(href|src)="data:/i);
			});
		}
	});
});

describe('preview: quick page titles', () => {
	it('reads simple title lines and defers anything else to the YAML parser', () => {
		assert.deepEqual(quickTitles('---\ntitle: "A \\"quoted\\" one"\nsidebarTitle: Short\n---\n'), { title: 'A "quoted" one', sidebarTitle: 'Short' });
		assert.deepEqual(quickTitles("---\ntitle: 'It''s'\n---\n"), { title: "It's" });
		assert.deepEqual(quickTitles('no frontmatter'), {});
		assert.equal(quickTitles('---\ntitle: >\n  folded\n---\n'), undefined);
		assert.equal(quickTitles('---\ntitle: a # comment\n---\n'), undefined);
		assert.equal(quickTitles('---\ntitle: "unterminated\n---\n'), undefined);
	});
});
