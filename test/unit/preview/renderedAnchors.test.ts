import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { renderMdx } from '../../../server/src/preview/mdxHtml';
import { workspaceUri } from '../../helpers/inMemoryWorkspace';

const fixture = path.join(__dirname, '../../fixtures/anchors/api-page.mdx');

/** The ids of the rendered HTML, character references decoded. */
function renderedIds(html: string): string[] {
	const decode = (value: string) =>
		value
			.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
			.replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
			.replace(/&amp;/g, '&');
	return [...html.matchAll(/\sid="([^"]*)"/g)].map(m => decode(m[1]));
}

async function checkAndRender(text: string) {
	const uri = workspaceUri('site/api/create-run.mdx');
	const summary = summarizePage(TextDocument.create(uri, 'mdx', 1, text));
	const rendered = await renderMdx(text, { uri, rootUri: workspaceUri('site'), token: noCancellation, readText: async () => undefined });
	return { summary, rendered, ids: renderedIds(rendered.html) };
}

describe('preview: ids from the core slug module', () => {
	it('renders every id the link check accepts for a page of headings, parameter fields and titled components', async () => {
		const { summary, rendered, ids } = await checkAndRender(readFileSync(fixture, 'utf8'));
		assert.equal(rendered.ok, true);
		assert.deepEqual(ids, [
			'using-foo_bar-v1-2',
			'café-&-crème',
			'overview',
			'overview-2',
			'memory-config',
			'param-on-error',
			'param-user-id',
			'param-limit',
			'param-limit-1',
			'api-key',
			'param-created-at',
			'setup-advanced',
			'first-tab',
			'second-tab',
			'install-the-cli',
			'v1-2',
			'plainId',
		]);
		// The one anchor the platform's link check accepts that its renderer does not give: a field with
		// its own id is still `param-` + its name for the link check (componentAnchors.ts).
		assert.deepEqual(
			[...summary.anchors!].filter(a => !ids.includes(a)),
			['param-x-api-key'],
		);
	});

	it('link-checks the page’s own #anchors against the rendered ids', async () => {
		const { summary, ids } = await checkAndRender(readFileSync(fixture, 'utf8'));
		const own = summary.links.filter(l => l.url.startsWith('#')).map(l => l.url.slice(1));
		assert.deepEqual(own, [
			'param-on-error',
			'param-user-id',
			'param-limit-1',
			'param-created-at',
			'setup-advanced',
			'first-tab',
			'v1-2',
			'memory-config',
			'using-foo_bar-v1-2',
		]);
		for (const anchor of own) {
			assert.ok(summary.anchors!.has(anchor), `the link check accepts #${anchor}`);
			assert.ok(ids.includes(anchor), `the preview renders #${anchor}`);
		}
	});

	it('numbers repeated Accordion titles and parameter names like the platform, and gives untitled-size steps no id', async () => {
		const { ids } = await checkAndRender(
			[
				'<Accordion title="Setup: Advanced">a</Accordion>',
				'<Accordion title="Setup: Advanced">b</Accordion>',
				'<ResponseField name="createdAt" type="string">c</ResponseField>',
				'<ResponseField name="createdAt" type="string">d</ResponseField>',
				'<Steps>',
				'  <Step title="Plain step">e</Step>',
				'  <Step title="Named" titleSize="h3" id="Step One!">f</Step>',
				'</Steps>',
			].join('\n'),
		);
		assert.deepEqual(ids, ['setup-advanced', 'setup-advanced-1', 'param-created-at', 'param-created-at-1', 'Step One']);
	});
});
