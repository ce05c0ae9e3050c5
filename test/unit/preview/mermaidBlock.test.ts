import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { renderMdx } from '../../../server/src/preview/mdxHtml';
import { maxMermaidSource } from '../../../server/src/preview/mermaidLimits';
import { workspaceUri } from '../../helpers/inMemoryWorkspace';

const root = workspaceUri('site');
const render = async (text: string) =>
	(await renderMdx(text, { uri: workspaceUri('site/page.mdx'), rootUri: root, token: noCancellation, readText: async () => undefined })).html;

const block = (source: string) =>
	`<div class="md-mermaid" data-mermaid=""><pre class="md-mermaid-source"><code class="language-mermaid">${source}</code></pre></div>`;

describe('preview: Mermaid blocks', () => {
	it('marks a ```mermaid fence for the page script, its source kept as escaped text (meta such as placement ignored)', async () => {
		assert.equal(
			await render('```mermaid placement="top-right"\nflowchart LR\n  A["<b>x</b>"] --> B & C\n```'),
			block('flowchart LR\n  A["&#x3C;b>x&#x3C;/b>"] --> B &#x26; C'),
		);
		assert.equal(await render('```Mermaid\ngraph TD\n```'), block('graph TD'));
	});

	it('draws <Mermaid chart="…"> as the platform does with the fence: a string, a template literal, a string with \\n escapes, or its children', async () => {
		assert.equal(await render('<Mermaid chart="graph TD; A-->B" />'), block('graph TD; A-->B'));
		// (MDX drops the indentation of an expression's continuation lines, on the platform too.)
		assert.equal(await render('<Mermaid chart={`graph TD\n  A --> B`} />'), block('graph TD\nA --> B'));
		assert.equal(await render('<Mermaid chart={"graph TD\\n  A --> B"} />'), block('graph TD\n  A --> B'));
		assert.equal(await render('<Mermaid>\n  graph TD\n</Mermaid>'), block('graph TD'));
		// A chart that is JavaScript (a variable) is not run: nothing to draw, an empty block.
		assert.equal(await render('<Mermaid chart={diagram} />'), block(''));
	});

	it('shows a source over the size limit as code with a note, without the marker the page script draws', async () => {
		const source = 'flowchart LR\n' + 'A --> B\n'.repeat(Math.ceil(maxMermaidSource / 8));
		const html = await render('```mermaid\n' + source + '```');
		assert.doesNotMatch(html, /data-mermaid/);
		assert.match(
			html,
			/^<div class="md-mermaid md-mermaid-too-large"><p class="md-mermaid-note">Diagram not drawn: its source is 20,012 characters, and the preview draws up to 20,000\.<\/p><div class="md-code" data-language="mermaid">/,
		);
	});

	it('gives headings inside a snippet no source line (the page file has none there)', async () => {
		const html = (
			await renderMdx('import S from "/snippets/s.mdx"\n\n## Page\n\n<S />', {
				uri: workspaceUri('site/page.mdx'),
				rootUri: root,
				token: noCancellation,
				readText: async uri => (uri.endsWith('/snippets/s.mdx') ? '## From snippet' : undefined),
			})
		).html;
		assert.match(html, /<h2 id="page" class="md-heading" data-source-line="2">/);
		assert.match(html, /<h2 id="from-snippet" class="md-heading">/);
	});
});
