import * as assert from 'node:assert/strict';
import { isSafeHref, renderMarkdown } from '../../../client/src/platform/assistant/markdown';

describe('assistant answer Markdown', () => {
	it('renders code blocks highlighted, with Copy and Insert buttons', () => {
		const html = renderMarkdown('Run:\n\n```bash\necho "hi"\n```\n');
		assert.match(html, /<div class="code-block"><div class="code-toolbar"><span class="code-lang">bash<\/span>/);
		assert.match(html, /data-action="copy"[^>]*>Copy<\/button>/);
		assert.match(html, /data-action="insert"[^>]*>Insert<\/button>/);
		assert.match(html, /<code class="hljs language-bash"><span class="hljs-built_in">echo<\/span> <span class="hljs-string">&quot;hi&quot;<\/span>/);
	});

	it('escapes raw HTML: script tags and event handlers stay text', () => {
		const html = renderMarkdown('Hi <script>window.pwned=1</script> <img src=x onerror="window.pwned=1"> <a href="javascript:alert(1)">x</a>');
		assert.ok(!/<script/i.test(html), html);
		assert.ok(!/<img/i.test(html), html);
		assert.ok(!/<a href="javascript/i.test(html), html);
		assert.match(html, /&lt;script&gt;window.pwned=1&lt;\/script&gt;/);
		assert.match(html, /&lt;img src=x onerror=&quot;window.pwned=1&quot;&gt;/);
	});

	it('drops javascript:, data: and other non-http links (also entity-encoded), keeps https and relative ones', () => {
		const html = renderMarkdown(
			'[a](javascript:alert(1)) [b](JAVASCRIPT&colon;alert(1)) [c](data:text/html,x) [d](vbscript:x) ![e](javascript:x) [f](https://mintlify.com/docs) [g](/quickstart#setup) [h](//evil.example)',
		);
		assert.ok(!/href="(javascript|data|vbscript)/i.test(html), html);
		assert.ok(!/src="javascript/i.test(html), html);
		assert.match(html, /<a href="https:\/\/mintlify.com\/docs">f<\/a>/);
		assert.match(html, /<a href="\/quickstart#setup">g<\/a>/);
		assert.ok(!html.includes('href="//evil.example"'), html);
	});

	it('escapes HTML in code and in the fence language', () => {
		const html = renderMarkdown('```"><img src=x onerror=alert(1)>\n<b>bold</b>\n```\n');
		assert.ok(!/<img|<b>/.test(html), html);
		assert.match(html, /&lt;b&gt;bold&lt;\/b&gt;/);
	});

	it('links bare URLs', () => {
		assert.match(renderMarkdown('See https://example.com/docs.'), /<a href="https:\/\/example.com\/docs">/);
	});

	it('isSafeHref accepts http(s) and relative targets only', () => {
		assert.deepEqual(
			['https://a.b', 'http://a.b', '/x', 'x/y', '#h', 'javascript:x', 'file:///etc/passwd', 'command:workbench.action.quit', '//host/x'].map(isSafeHref),
			[true, true, true, true, true, false, false, false, false],
		);
	});
});
