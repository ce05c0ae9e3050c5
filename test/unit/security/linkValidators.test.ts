// The link checks of both webview hosts and of the chat's Markdown renderer, fed the shared XSS
// corpus: nothing but https (or a page of the workspace's site) may ever be opened or rendered.
import * as assert from 'node:assert/strict';
import { isSafeHref, renderMarkdown } from '../../../client/src/platform/assistant/markdown';
import { isHttpsUrl, pageFileCandidates, publicPageUrl, sitePathOf } from '../../../client/src/routeMap';
import { externalLinkTarget, parsePreviewMessage, playgroundOrigin } from '../../../client/src/preview/messages';
import { xssPayloads, xssUrls } from '../../helpers/xssCorpus';

/** Every tag and attribute the renderer may emit, with the URL attributes it may carry. */
function unsafeMarkup(html: string): string[] {
	const problems: string[] = [];
	for (const m of html.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
		const [tag, name, attrs] = [m[0], m[1].toLowerCase(), m[2]];
		if (
			![
				'p',
				'a',
				'img',
				'code',
				'pre',
				'div',
				'span',
				'button',
				'em',
				'strong',
				'ul',
				'ol',
				'li',
				'blockquote',
				'h1',
				'h2',
				'h3',
				'h4',
				'h5',
				'h6',
				'hr',
				'br',
				'table',
				'thead',
				'tbody',
				'tr',
				'th',
				'td',
				's',
			].includes(name)
		)
			problems.push(`tag ${tag}`);
		// Attribute names only (values are quoted and escaped by the renderer).
		const names = [...attrs.matchAll(/\s([^\s="]+)(?:="[^"]*")?/g)].map(a => a[1].toLowerCase());
		if (names.some(n => n.startsWith('on') || n === 'style' || n === 'srcdoc' || n === 'formaction')) problems.push(`attribute in ${tag}`);
		for (const u of attrs.matchAll(/\s(?:href|src)="([^"]*)"/g)) {
			const value = u[1].replace(/&amp;/g, '&');
			if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !/^https?:/i.test(value)) problems.push(`url in ${tag}`);
		}
	}
	return problems;
}

describe('link validators and the chat renderer against the XSS corpus', () => {
	it('the preview host opens only https links and never a hostile one', () => {
		for (const url of xssUrls) assert.equal(externalLinkTarget(url), undefined, url);
		for (const p of xssPayloads) assert.equal(externalLinkTarget(p.text), undefined, p.kind);
		assert.equal(externalLinkTarget('https://example.com/a b'), 'https://example.com/a%20b');
		assert.equal(externalLinkTarget('http://example.com/'), undefined, 'plain http is refused too');
	});

	it('the playground sends only to http(s) origins', () => {
		for (const url of xssUrls) assert.equal(playgroundOrigin(url), undefined, url);
		assert.equal(playgroundOrigin('https://api.example.com/v1/x?y=1'), 'https://api.example.com');
		assert.equal(playgroundOrigin('http://127.0.0.1:9/x'), 'http://127.0.0.1:9');
	});

	it('messages from the preview webview carrying payloads are parsed as plain data or dropped', () => {
		for (const p of xssPayloads) {
			assert.deepEqual(parsePreviewMessage({ type: 'openExternal', url: p.text }), { type: 'openExternal', url: p.text });
			assert.equal(parsePreviewMessage({ type: p.text }), undefined);
			assert.equal(
				parsePreviewMessage({ type: 'playgroundSend', id: '1', request: { method: p.text, url: 'https://x', headers: [] } }),
				undefined,
				'a method is letters only',
			);
		}
	});

	it('the assistant host opens only https URLs, and site paths that stay inside the site', () => {
		for (const url of [...xssUrls, ...xssPayloads.map(p => p.text)]) {
			assert.equal(isHttpsUrl(url), false, url);
			const sitePath = sitePathOf(url);
			if (!sitePath) continue;
			// What is left is looked up as a file of the docs root: no scheme, no `..`, no absolute path.
			for (const file of pageFileCandidates(sitePath.path)) {
				assert.ok(!/^[a-z][a-z0-9+.-]*:\/\//i.test(file) && !file.startsWith('/') && !file.split('/').includes('..'), `${JSON.stringify(url)} -> ${file}`);
			}
			const page = publicPageUrl(sitePath, '', 'demo');
			assert.ok(page === undefined || page.startsWith('https://demo.mintlify.app/'), `${JSON.stringify(url)} -> ${page}`);
		}
		assert.equal(sitePathOf('javascript:window.__pwned=1'), undefined);
		assert.equal(sitePathOf('../../etc/passwd'), undefined);
		assert.equal(publicPageUrl({ path: 'x' }, 'javascript:alert(1)//', 'demo'), undefined, 'a non-https site URL gives no link');
	});

	it('isSafeHref refuses every hostile scheme, whatever its case or padding', () => {
		for (const url of xssUrls.filter(u => /^\s*(javascript|vbscript|data|command|file|vscode|ftp|blob)\s*:/i.test(u) || u.startsWith('//')))
			assert.equal(isSafeHref(url), false, url);
		assert.equal(isSafeHref('https://mintlify.com/docs'), true);
		assert.equal(isSafeHref('/quickstart#x'), true);
	});

	it('renders every payload as inert Markdown: no script, handler, style or hostile URL', () => {
		for (const p of xssPayloads) {
			const html = renderMarkdown(`Before ${p.text} after\n\n${p.text}\n\n- ${p.text}\n\n> ${p.text}\n\n\`\`\`html\n${p.text}\n\`\`\`\n`);
			assert.deepEqual(unsafeMarkup(html), [], `${p.kind}: ${html}`);
		}
		for (const url of xssUrls) {
			const html = renderMarkdown(`[x](${url}) ![y](${url}) <${url}> [r][1]\n\n[1]: ${url}\n`);
			assert.deepEqual(unsafeMarkup(html), [], `${JSON.stringify(url)}: ${html}`);
		}
	});
});
