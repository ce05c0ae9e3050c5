import * as vscode from 'vscode';

/** Webview options of the chat: scripts on, resources from dist/ only. */
export function assistantWebviewOptions(extensionUri: vscode.Uri): vscode.WebviewOptions {
	return { enableScripts: true, enableCommandUris: false, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist')] };
}

/** The Content-Security-Policy of the chat page: only our nonce'd script and styles, no inline handlers. */
export function assistantCsp(cspSource: string, nonce: string): string {
	return [
		"default-src 'none'",
		`style-src ${cspSource} 'nonce-${nonce}'`,
		`script-src 'nonce-${nonce}'`,
		`img-src ${cspSource} https: data:`,
		`font-src ${cspSource}`,
	].join('; ');
}

/**
 * The chat page: an empty `#app` that dist/assistant.js fills in. `inEditor` picks the editor
 * background (an editor tab) instead of the side bar's.
 */
export function assistantHtml(webview: vscode.Webview, extensionUri: vscode.Uri, inEditor: boolean): string {
	const nonce = newNonce();
	const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'assistant.js'));
	const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', 'assistant.css'));
	return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${assistantCsp(webview.cspSource, nonce)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" nonce="${nonce}" href="${style}">
<title>MintDoc Assistant</title>
</head>
<body class="${inEditor ? 'in-editor' : 'in-sidebar'}">
<div id="app"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

/** 128 random bits in base64, from Web Crypto (there in Node's extension host and in the browser's web worker one). */
function newNonce(): string {
	return btoa(String.fromCharCode(...globalThis.crypto.getRandomValues(new Uint8Array(16))));
}
