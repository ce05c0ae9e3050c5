import * as assert from 'node:assert/strict';
import { createNonce, renderPreviewHtml, themeVariables } from '../../../client/src/preview/previewHtml';
import type { PreviewPage } from '../../../server/src/protocol';

const options = {
	cspSource: 'https://file+.vscode-resource.vscode-cdn.net',
	scriptUri: 'https://r/dist/preview.js',
	styleUri: 'https://r/dist/preview.css',
	nonce: 'n0nce',
};
const page: PreviewPage = {
	rootUri: 'file:///s',
	route: '/a',
	title: 'A <b>"page"</b>',
	kind: 'page',
	html: '<div class="mp-app">content</div>',
	problems: [],
	theme: { primary: '#4F46E5', light: 'red;}body{display:none', dark: '#0f0' },
};

describe('preview webview document', () => {
	it('has a strict CSP: only the nonce runs, styles from dist and the nonce block, no connections', () => {
		const html = renderPreviewHtml(options);
		const csp = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1];
		assert.equal(
			csp,
			"default-src 'none'; img-src https://file+.vscode-resource.vscode-cdn.net https: data:; style-src 'nonce-n0nce' https://file+.vscode-resource.vscode-cdn.net; font-src https://file+.vscode-resource.vscode-cdn.net; script-src 'nonce-n0nce'; connect-src 'none'; frame-src 'none'; form-action 'none'; base-uri 'none'",
		);
		assert.match(html, /<script nonce="n0nce" src="https:\/\/r\/dist\/preview\.js"><\/script>/);
		// Mermaid is drawn without loosening it: no eval, no inline script or style (test/cli/previewMermaid.test.ts).
		assert.doesNotMatch(csp, /unsafe-|strict-dynamic/);
		assert.match(html, /<body data-host="vscode" data-base="" data-route="" data-kind="">\n<div id="mp-root"><\/div>/);
	});

	it('embeds a first page with its escaped title and only valid colours', () => {
		const html = renderPreviewHtml({ ...options, page });
		assert.match(html, /<title>A &lt;b&gt;&quot;page&quot;&lt;\/b&gt;<\/title>/);
		assert.match(html, /<div id="mp-root"><div class="mp-app">content<\/div><\/div>/);
		assert.match(html, /<style nonce="n0nce">:root\{--mp-primary:#4F46E5;--mp-primary-dark:#0f0\}<\/style>/);
		assert.equal(themeVariables(undefined), '');
	});

	it('makes a new nonce every time', () => {
		const nonces = new Set(Array.from({ length: 20 }, createNonce));
		assert.equal(nonces.size, 20);
		for (const nonce of nonces) assert.match(nonce, /^[A-Za-z0-9+/]{24}$/);
	});
});
