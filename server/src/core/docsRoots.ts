import { throwIfCancelled, type CancellationToken } from './cancellation';
import { docsConfigFileName, joinUri } from './uris';
import type { DocsWorkspace } from './workspace';

/** Folders never searched for docs roots: dependencies, VCS data, build output of tools. */
const skippedFolders = new Set(['node_modules', '.git', '.hg', '.svn']);

/** Bounds the walk so a workspace that is a whole disk cannot stall the server. */
const maxFolderDepth = 12;
const maxFoldersVisited = 20_000;

/**
 * Finds every docs root below the workspace folders: each folder holding a `docs.json`.
 * Several roots (a monorepo with docs per product, examples beside the real site) are allowed,
 * and roots may nest. Hidden folders and dependencies are skipped. Results are sorted URIs.
 */
export async function findDocsRoots(workspace: DocsWorkspace, token: CancellationToken): Promise<string[]> {
	const roots = new Set<string>();
	const queue = workspace.folders.map(uri => ({ uri, depth: 0 }));
	// Breadth-first with an index instead of shift(): O(1) per folder on large trees.
	for (let next = 0; next < queue.length && next < maxFoldersVisited; next++) {
		throwIfCancelled(token);
		const { uri, depth } = queue[next];
		for (const [name, kind] of await workspace.readDirectory(uri)) {
			if (kind === 'file' && name === docsConfigFileName) roots.add(uri);
			else if (kind === 'directory' && depth < maxFolderDepth && !name.startsWith('.') && !skippedFolders.has(name)) {
				queue.push({ uri: joinUri(uri, name), depth: depth + 1 });
			}
		}
	}
	return [...roots].sort();
}
