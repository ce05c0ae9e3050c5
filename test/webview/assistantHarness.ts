// Serves the built chat webview (dist/assistant.js + dist/assistant.css) in a page shaped like the
// one VS Code gives it: the same CSP with a nonce, a dark theme's CSS variables, and a fake
// `acquireVsCodeApi` that records what the webview posts. 127.0.0.1 only.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** Roughly VS Code's "Dark Modern" values of the variables the chat uses. */
const darkTheme: Record<string, string> = {
	'--vscode-font-family': '-apple-system, BlinkMacSystemFont, "Segoe UI", Ubuntu, "Droid Sans", sans-serif',
	'--vscode-font-size': '13px',
	'--vscode-editor-font-family': '"Droid Sans Mono", "monospace", monospace',
	'--vscode-editor-font-size': '13px',
	'--vscode-foreground': '#cccccc',
	'--vscode-descriptionForeground': '#9d9d9d',
	'--vscode-icon-foreground': '#cccccc',
	'--vscode-editor-background': '#1f1f1f',
	'--vscode-sideBar-background': '#181818',
	'--vscode-panel-border': '#2b2b2b',
	'--vscode-widget-border': '#313131',
	'--vscode-focusBorder': '#0078d4',
	'--vscode-button-background': '#0078d4',
	'--vscode-button-foreground': '#ffffff',
	'--vscode-button-hoverBackground': '#026ec1',
	'--vscode-button-secondaryBackground': '#313131',
	'--vscode-button-secondaryForeground': '#cccccc',
	'--vscode-button-secondaryHoverBackground': '#3c3c3c',
	'--vscode-toolbar-hoverBackground': 'rgba(90, 93, 94, 0.31)',
	'--vscode-input-background': '#313131',
	'--vscode-input-foreground': '#cccccc',
	'--vscode-input-border': '#3c3c3c',
	'--vscode-input-placeholderForeground': '#989898',
	'--vscode-badge-background': '#616161',
	'--vscode-badge-foreground': '#f8f8f8',
	'--vscode-textLink-foreground': '#4daafc',
	'--vscode-textLink-activeForeground': '#4daafc',
	'--vscode-textCodeBlock-background': '#2b2b2b',
	'--vscode-textBlockQuote-background': '#2b2b2b',
	'--vscode-textBlockQuote-border': '#616161',
	'--vscode-list-hoverBackground': '#2a2d2e',
	'--vscode-editorWidget-background': '#202020',
	'--vscode-widget-shadow': 'rgba(0, 0, 0, 0.36)',
	'--vscode-inputValidation-errorBackground': '#5a1d1d',
	'--vscode-inputValidation-errorBorder': '#be1100',
	'--vscode-inputValidation-warningBackground': '#352a05',
	'--vscode-inputValidation-warningBorder': '#b89500',
	'--vscode-editorWarning-foreground': '#cca700',
	'--vscode-editorCursor-foreground': '#aeafad',
	'--vscode-debugTokenExpression-name': '#c586c0',
	'--vscode-debugTokenExpression-string': '#ce9178',
	'--vscode-debugTokenExpression-number': '#b5cea8',
	'--vscode-debugTokenExpression-value': '#9cdcfe',
	'--vscode-symbolIcon-functionForeground': '#b180d7',
};

export interface Harness {
	readonly url: string;
	close(): Promise<void>;
}

/** Starts the page server; the page's CSP is the one webviewHtml.ts writes (cspSource = this origin). */
export async function startAssistantHarness(): Promise<Harness> {
	const files: Record<string, { type: string; body: Buffer }> = {
		'/assistant.js': { type: 'text/javascript', body: readFileSync(path.join(root, 'dist', 'assistant.js')) },
		'/assistant.css': { type: 'text/css', body: readFileSync(path.join(root, 'dist', 'assistant.css')) },
	};
	const server = http.createServer((req, res) => {
		const file = files[req.url ?? ''];
		if (file) {
			res.writeHead(200, { 'content-type': file.type });
			return res.end(file.body);
		}
		if (req.url === '/' || req.url === '/index.html') {
			const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
			return res.end(page(origin));
		}
		res.writeHead(404).end();
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}/`,
		close: () => new Promise(resolve => server.close(() => resolve())),
	};
}

function page(origin: string): string {
	const nonce = randomBytes(16).toString('base64');
	const csp = `default-src 'none'; style-src ${origin} 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src ${origin} https: data:; font-src ${origin}`;
	const theme = Object.entries(darkTheme)
		.map(([k, v]) => `${k}: ${v};`)
		.join(' ');
	return `<!DOCTYPE html>
<html lang="en" style="">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<style nonce="${nonce}">html { ${theme} }</style>
<link rel="stylesheet" nonce="${nonce}" href="${origin}/assistant.css">
<script nonce="${nonce}">
	window.__posted = [];
	window.__cspViolations = [];
	document.addEventListener('securitypolicyviolation', e => window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
	window.acquireVsCodeApi = () => ({ postMessage: m => window.__posted.push(JSON.parse(JSON.stringify(m))), getState: () => undefined, setState: () => undefined });
</script>
</head>
<body class="in-sidebar">
<div id="app"></div>
<script nonce="${nonce}" src="${origin}/assistant.js"></script>
</body>
</html>`;
}
