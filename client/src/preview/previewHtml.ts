/**
 * The preview webview's document: the page frame the preview script (dist/preview.js) expects —
 * the same contract as the renderer's shell (server/src/preview/shell.ts), which the client
 * cannot import: `<body data-host="vscode" data-route data-kind>` around `#mp-root`. It is set when
 * the panel opens and again only when the site's colours change; every other page arrives as an
 * `update` message and is swapped in place (no reload, scroll kept).
 */
import type { PreviewPage } from '../../../server/src/protocol';

export interface PreviewHtmlOptions {
	/** `webview.cspSource`: the origin webview resources (dist/, the docs roots) are served from. */
	readonly cspSource: string;
	readonly scriptUri: string;
	readonly styleUri: string;
	readonly nonce: string;
	/** The page to show at once (its html was sanitized by the renderer), and whose colours to use. */
	readonly page?: PreviewPage;
}

/**
 * Strict CSP: only our nonce'd script file runs (no inline script or handler), styles only from
 * dist/ and the nonce'd colour block, images from the docs roots, https and data URLs, and no
 * connections or frames — the playground's requests are made by the extension side.
 */
export function renderPreviewHtml({ cspSource, scriptUri, styleUri, nonce, page }: PreviewHtmlOptions): string {
	const csp = [
		"default-src 'none'",
		`img-src ${cspSource} https: data:`,
		`style-src 'nonce-${nonce}' ${cspSource}`,
		`font-src ${cspSource}`,
		`script-src 'nonce-${nonce}'`,
		"connect-src 'none'",
		"frame-src 'none'",
		"form-action 'none'",
		"base-uri 'none'",
	].join('; ');
	const vars = themeVariables(page?.theme);
	return [
		'<!DOCTYPE html>',
		'<html lang="en">',
		'<head>',
		'<meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		`<title>${escapeHtml(page?.title ?? 'MintDoc Preview')}</title>`,
		`<link rel="stylesheet" href="${escapeHtml(styleUri)}" nonce="${escapeHtml(nonce)}">`,
		vars ? `<style nonce="${escapeHtml(nonce)}">:root{${vars}}</style>` : '',
		'</head>',
		`<body data-host="vscode" data-base="" data-route="${escapeHtml(page?.route ?? '')}" data-kind="${escapeHtml(page?.kind ?? '')}">`,
		`<div id="mp-root">${page?.html ?? ''}</div>`,
		`<script nonce="${escapeHtml(nonce)}" src="${escapeHtml(scriptUri)}"></script>`,
		'</body>',
		'</html>',
	].join('\n');
}

/** The site's `colors` as stylesheet variables; anything but a `#hex` colour is left out (it came over the wire). */
export function themeVariables(theme: PreviewPage['theme']): string {
	const hex = (value: string | undefined) => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined);
	return [
		hex(theme?.primary) && `--mp-primary:${theme!.primary}`,
		hex(theme?.light) && `--mp-primary-light:${theme!.light}`,
		hex(theme?.dark) && `--mp-primary-dark:${theme!.dark}`,
	]
		.filter(Boolean)
		.join(';');
}

/**
 * A fresh nonce for every document: 144 random bits, base64 (valid in a CSP source). Web Crypto, not
 * node:crypto: the browser entry (vscode.dev) runs this too; Node has the global since 19 (VS Code's is newer).
 */
export function createNonce(): string {
	const bytes = globalThis.crypto.getRandomValues(new Uint8Array(18));
	return btoa(String.fromCharCode(...bytes));
}

function escapeHtml(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
