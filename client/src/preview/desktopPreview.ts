import * as vscode from 'vscode';
import { isReallyInside } from '../pathGuards';
import type { PreviewEnvironment } from './registerPreview';

/**
 * The preview on the desktop (extension.ts): files the webview asks to open are compared by real
 * path (node:fs realpath), so `/site/../outside` and symbolic links out of a site are refused; the
 * playground's requests are sent by the language server's process.
 */
export const desktopPreview: PreviewEnvironment = {
	// The language server reads the disk.
	schemes: ['file'],
	async isInsideDocs(roots, target) {
		if (target.scheme !== 'file') return false;
		const folders = roots
			.map(root => vscode.Uri.parse(root, true))
			.filter(root => root.scheme === 'file')
			.map(root => root.fsPath);
		return isReallyInside(folders, target.fsPath);
	},
};
