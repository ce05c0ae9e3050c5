import { promises as fs } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI, Utils } from 'vscode-uri';
import type { DocsWorkspace, FileKind, FileStat } from '../core/workspace';

/** Returns the open editor buffer for `uri`, if any; such buffers win over disk content. */
export type DocumentOverlay = (uri: string) => TextDocument | undefined;

/**
 * A {@link DocsWorkspace} over the local file system, optionally overlaid with open documents.
 * Used by the CLI (no overlay) and by the language server (TextDocuments as overlay).
 */
export function createFsWorkspace(getFolders: () => readonly string[], overlay: DocumentOverlay = () => undefined): DocsWorkspace {
	return {
		// A getter: the server learns its folders at initialize time and as they change.
		get folders() {
			return getFolders();
		},
		async readDocument(uri) {
			const open = overlay(uri);
			if (open) return open;
			try {
				const text = await fs.readFile(URI.parse(uri).fsPath, 'utf8');
				return TextDocument.create(uri, languageIdOf(uri), 0, text);
			} catch {
				return undefined;
			}
		},
		async stat(uri): Promise<FileStat | undefined> {
			try {
				const stat = await fs.stat(URI.parse(uri).fsPath);
				return { kind: stat.isDirectory() ? 'directory' : 'file', size: stat.size };
			} catch {
				return undefined;
			}
		},
		async readDirectory(uri) {
			try {
				const entries = await fs.readdir(URI.parse(uri).fsPath, { withFileTypes: true });
				const result: [string, FileKind][] = [];
				for (const entry of entries) {
					if (entry.isFile()) result.push([entry.name, 'file']);
					else if (entry.isDirectory()) result.push([entry.name, 'directory']);
					else if (entry.isSymbolicLink()) {
						// Follow links (sites symlink shared snippets) but skip dangling ones.
						const target = await fs.stat(Utils.joinPath(URI.parse(uri), entry.name).fsPath).catch(() => undefined);
						if (target) result.push([entry.name, target.isDirectory() ? 'directory' : 'file']);
					}
				}
				return result;
			} catch {
				return [];
			}
		},
	};
}

/** Language id the way VS Code names it, for documents read from disk. */
export function languageIdOf(uri: string): string {
	const lower = uri.toLowerCase();
	if (lower.endsWith('.json')) return 'json';
	if (lower.endsWith('.mdx')) return 'mdx';
	if (lower.endsWith('.md')) return 'markdown';
	if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'yaml';
	return 'plaintext';
}
