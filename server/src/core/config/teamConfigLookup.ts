import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocsWorkspace } from '../workspace';
import { parseTeamConfig, teamConfigFileName, type TeamConfig } from './teamConfig';

/** A site's mintdoc.json: where it is, and what it says. */
export interface LoadedTeamConfig {
	readonly uri: string;
	readonly config: TeamConfig;
}

/**
 * The mintdoc.json of the docs site at `root`: the one beside docs.json, else the nearest one above
 * it up to `top` (the workspace folder, or the top of the repository), never beyond.
 */
export async function findTeamConfig(
	root: string,
	top: string | undefined,
	readDocument: (uri: string) => Promise<TextDocument | undefined>,
): Promise<LoadedTeamConfig | undefined> {
	let dir = root;
	// The file system's root as a top ('file:///') ends in the separator the walk adds itself.
	if (top?.endsWith('/')) top = top.slice(0, -1);
	for (;;) {
		const uri = `${dir}/${teamConfigFileName}`;
		const document = await readDocument(uri);
		if (document) return { uri, config: parseTeamConfig(document) };
		const parent = dir.slice(0, dir.lastIndexOf('/'));
		if (top === undefined || dir === top || !dir.startsWith(`${top}/`) || parent.length < top.length || parent === dir) return undefined;
		dir = parent;
	}
}

/**
 * The mintdoc.json of the docs site at `root` in an editor's workspace: the search stops at the
 * workspace folder holding the site (the deepest, as folders can nest), never above it. Read
 * through the workspace, so an unsaved buffer counts.
 */
export function findWorkspaceTeamConfig(root: string, workspace: Pick<DocsWorkspace, 'folders' | 'readDocument'>): Promise<LoadedTeamConfig | undefined> {
	const top = workspace.folders.filter(f => root === f || root.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? root;
	return findTeamConfig(root, top, uri => workspace.readDocument(uri));
}

/** A file's path relative to a docs root (`/`-separated, decoded), or undefined when it is outside the root. */
export function pathInRoot(root: string, uri: string): string | undefined {
	if (!uri.startsWith(`${root}/`)) return undefined;
	try {
		return decodeURIComponent(uri.slice(root.length + 1));
	} catch {
		return uri.slice(root.length + 1);
	}
}

/** The root among `roots` that holds `uri` (the deepest: sites can nest). */
export function rootOf(roots: Iterable<string>, uri: string): string | undefined {
	let best: string | undefined;
	for (const root of roots) if ((uri === root || uri.startsWith(`${root}/`)) && (!best || root.length > best.length)) best = root;
	return best;
}
