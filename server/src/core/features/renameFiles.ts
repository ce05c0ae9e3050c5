import type { TextEdit } from 'vscode-languageserver-types';
import { classifyEntry } from '../docsConfig/pageEntries';
import type { SiteModel } from '../site/siteModel';
import { isUnder, relativePath } from '../uris';
import { targetsInFile } from './configTargets';

/** A file or folder about to be renamed or moved. */
export interface FileRename {
	readonly oldUri: string;
	readonly newUri: string;
}

/** Which pages a set of file or folder renames moves: old page path → new page path (within the site). */
export function pageMoves(site: SiteModel, renames: readonly FileRename[]): Map<string, string> {
	const moved = new Map<string, string>();
	for (const { oldUri, newUri } of renames) {
		for (const path of site.pages.paths()) {
			const file = site.pages.fileOf(path)!;
			if (file !== oldUri && !isUnder(file, oldUri)) continue;
			const newFile = newUri + file.slice(oldUri.length);
			const newPath = relativePath(site.rootUri, newFile)?.replace(/\.(mdx|md)$/i, '');
			if (newPath !== undefined && newPath !== path) moved.set(path, newPath);
		}
	}
	return moved;
}

/**
 * Edits that keep a site's configuration pointing at pages that move: every entry, group root
 * and page href naming a moved page (or a page inside a moved folder) gets its new path, written
 * in the entry's own style (leading slash and extension kept when it had them).
 */
export function renameEdits(site: SiteModel, moved: ReadonlyMap<string, string>): Map<string, TextEdit[]> {
	const edits = new Map<string, TextEdit[]>();
	if (moved.size === 0) return edits;
	for (const [uri, document] of site.config.files) {
		for (const target of targetsInFile(site, uri)) {
			if (target.kind !== 'page' || !moved.has(target.path)) continue;
			const written = target.node.value as string;
			const entry = classifyEntry(written);
			const slash = entry.kind === 'page' && entry.leadingSlash ? '/' : '';
			const suffix = written.match(/([#?].*)$/)?.[1] ?? (entry.kind === 'page' ? (entry.extension ?? '') : '');
			const newText = JSON.stringify(slash + moved.get(target.path)! + suffix);
			const range = { start: document.positionAt(target.node.offset), end: document.positionAt(target.node.offset + target.node.length) };
			if (!edits.has(uri)) edits.set(uri, []);
			edits.get(uri)!.push({ range, newText });
		}
	}
	return edits;
}
