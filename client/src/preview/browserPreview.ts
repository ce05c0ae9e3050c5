import * as vscode from 'vscode';
import { workspaceSchemes } from '../browserLanguageClient';
import { isLexicallyInside } from './lexicalInside';
import type { PreviewEnvironment } from './registerPreview';

/**
 * The preview in the browser entry, for the workspace as activated (browserExtension.ts). No real paths there: a file the webview
 * asks to open must lie inside a docs root by its URI's text (lexicalInside.ts). The playground sends
 * nothing: from the worker a request would be a cross-origin fetch (refused by most APIs), and no
 * name can be resolved there to keep it to addresses the platform's cloud could reach. The language
 * server in the worker refuses too (server/src/browser/browserRuntime.ts); answering here spares an
 * untrusted workspace's confirmation for a request that would not go out.
 */
export const browserPreview = (): PreviewEnvironment => ({
	schemes: workspaceSchemes(),
	isInsideDocs: async (roots, target) =>
		isLexicallyInside(
			roots.map(root => vscode.Uri.parse(root, true)),
			target,
		),
	playgroundNotSent:
		'Not sent: in the browser the API playground sends no requests (the browser refuses most cross-origin calls, ' +
		'and MintDoc cannot check there where an address leads). Send it from VS Code on the desktop or `mintdoc preview`.',
});
