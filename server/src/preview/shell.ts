import { esc } from './layout';
import type { PreviewPage } from './previewTypes';

export interface ShellOptions {
	/** A fresh random value per document: only elements carrying it may run or style. */
	readonly nonce: string;
	/** Extra CSP sources for images, styles, fonts and scripts (VS Code: `webview.cspSource`). */
	readonly cspSource?: string;
	/** Where the page may connect (`'self'` for the preview server's endpoints; none in VS Code). */
	readonly connectSrc?: string;
	readonly scriptUrl: string;
	readonly styleUrl: string;
	/** Prefix of the preview server's endpoints (`''` on its own origin); data attribute for the script. */
	readonly baseUrl?: string;
	/** `vscode` when the host is the VS Code webview (the script talks through postMessage). */
	readonly host?: 'vscode' | 'browser';
	/** `mintdoc preview`: the per-run secret the page sends with playground requests (none: the relay is off). */
	readonly relayToken?: string;
}

/**
 * The whole HTML document around a preview page, shared by both hosts. Strict CSP: no inline
 * script or handler can run (only our nonce'd script file), styles only from our stylesheet and
 * the nonce'd theme block, images from the host, https and data URLs.
 */
export function renderShell(page: PreviewPage, options: ShellOptions): string {
	const nonce = esc(options.nonce);
	const extra = options.cspSource ? ` ${options.cspSource}` : '';
	const csp = [
		"default-src 'none'",
		`img-src 'self'${extra} https: data:`,
		`style-src 'nonce-${options.nonce}'${extra}`,
		`font-src${extra || " 'self'"}`,
		`script-src 'nonce-${options.nonce}'`,
		`connect-src ${options.connectSrc ?? "'none'"}`,
		"frame-src 'none'",
		"form-action 'none'",
		"base-uri 'none'",
	].join('; ');
	// The page may come over the wire: colors are checked again before they enter a style block.
	const hex = (value: string | undefined) => (value && /^#[0-9a-f]{3,8}$/i.test(value) ? value : undefined);
	const theme = page.theme ?? {};
	const vars = [
		hex(theme.primary) && `--mp-primary:${theme.primary}`,
		hex(theme.light) && `--mp-primary-light:${theme.light}`,
		hex(theme.dark) && `--mp-primary-dark:${theme.dark}`,
	]
		.filter(Boolean)
		.join(';');
	return [
		'<!DOCTYPE html>',
		'<html lang="en">',
		'<head>',
		'<meta charset="utf-8">',
		`<meta http-equiv="Content-Security-Policy" content="${esc(csp)}">`,
		'<meta name="viewport" content="width=device-width, initial-scale=1">',
		`<title>${esc(page.title)}</title>`,
		`<link rel="stylesheet" href="${esc(options.styleUrl)}" nonce="${nonce}">`,
		vars ? `<style nonce="${nonce}">:root{${vars}}</style>` : '',
		'</head>',
		`<body data-host="${options.host ?? 'browser'}" data-base="${esc(options.baseUrl ?? '')}" data-route="${esc(page.route)}" data-kind="${esc(page.kind)}"${options.relayToken ? ` data-relay-token="${esc(options.relayToken)}"` : ''}>`,
		`<div id="mp-root">${page.html}</div>`,
		`<script nonce="${nonce}" src="${esc(options.scriptUrl)}"></script>`,
		'</body>',
		'</html>',
	].join('\n');
}
