import type { TextEdit } from 'vscode-languageserver-types';
import type { PageImport } from '../mdx/pageTypes';
import { dirnameUri, isUnder, joinUri, relativePath } from '../uris';
import type { FileRename } from './renameFiles';

/** Where `uri` is after the renames (a file renamed, or inside a folder renamed), or undefined when it stays. */
function movedUri(uri: string, renames: readonly FileRename[]): string | undefined {
	for (const { oldUri, newUri } of renames) if (uri === oldUri || isUnder(uri, oldUri)) return newUri + uri.slice(oldUri.length);
	return undefined;
}

const withoutExtension = (uri: string) => uri.replace(/\.(mdx|md|jsx|js|tsx|ts)$/, '');

/** `to` relative to the folder `fromFolder` (both from the docs root), as an import writes it (`./x`, `../a/x`). */
function relativeImport(fromFolder: string, to: string): string {
	const from = fromFolder ? fromFolder.split('/') : [];
	const target = to.split('/');
	let common = 0;
	while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
	const up = from.length - common;
	return (up === 0 ? './' : '../'.repeat(up)) + target.slice(common).join('/');
}

/**
 * Edits that keep imports working when snippets or pages move: every `import … from "…"` naming a
 * moved file gets its new path in the form it was written (`/snippets/…` from the docs root, or
 * relative; the extension kept or left out as written), and the relative imports of a moved page
 * are recomputed from its new folder. Made in the same edit as the page move, so one undo reverts all.
 */
export function movedImportEdits(
	rootUri: string,
	renames: readonly FileRename[],
	pages: readonly { readonly uri: string; readonly summary: { readonly imports: readonly PageImport[] } }[],
): Map<string, TextEdit[]> {
	const edits = new Map<string, TextEdit[]>();
	for (const page of pages) {
		const newPage = movedUri(page.uri, renames) ?? page.uri;
		for (const { source, range } of page.summary.imports) {
			if (!/^(\/|\.\.?\/)/.test(source)) continue;
			const absolute = source.startsWith('/');
			const target = absolute ? joinUri(rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(page.uri), ...source.split('/'));
			if (!isUnder(target, rootUri)) continue;
			// Written without its extension (`/snippets/callout`): the rename names the file with it.
			const bare = !/\.\w+$/.test(source);
			let newTarget = movedUri(target, renames);
			if (!newTarget && bare)
				for (const { oldUri, newUri } of renames) if (withoutExtension(oldUri) === target && oldUri !== target) newTarget = withoutExtension(newUri);
			if (!newTarget && (absolute || newPage === page.uri)) continue;
			const to = newTarget ?? target;
			const path = relativePath(rootUri, to);
			if (path === undefined) continue;
			const newText = absolute ? `/${path}` : relativeImport(relativePath(rootUri, dirnameUri(newPage)) ?? '', path);
			if (newText === source) continue;
			if (!edits.has(page.uri)) edits.set(page.uri, []);
			edits.get(page.uri)!.push({ range, newText });
		}
	}
	return edits;
}
