import type { CancellationToken } from './cancellation';
import { walkFolders } from './folderWalk';
import { legacyConfigFileName } from './legacy/mintConfig';
import { docsConfigFileName } from './uris';
import type { DocsWorkspace } from './workspace';

/** Folders never searched for docs roots: dependencies, VCS data, build output of tools. */
const skippedFolders = new Set(['node_modules', '.git', '.hg', '.svn']);

/** Bounds the walk so a workspace that is a whole disk cannot stall the server. */
const maxFolderDepth = 12;
const maxFoldersVisited = 20_000;

/**
 * Finds every docs root below the workspace folders: each folder holding a `docs.json`, or a
 * legacy `mint.json` alone (checked through its upgrade; see legacy/legacySites.ts).
 * Several roots (a monorepo with docs per product, examples beside the real site) are allowed,
 * and roots may nest. Hidden folders and dependencies are skipped. Results are sorted URIs.
 */
export async function findDocsRoots(
	workspace: DocsWorkspace,
	token: CancellationToken,
	onLimit?: (reached: 'depth' | 'folders' | 'links') => void,
): Promise<string[]> {
	const roots = new Set<string>();
	const legacy = new Set<string>();
	const walked = await walkFolders(
		workspace,
		workspace.folders,
		(_uri, name) => !name.startsWith('.') && !skippedFolders.has(name),
		(folder, name, kind) => {
			if (kind === 'file' && name === docsConfigFileName) roots.add(folder);
			if (kind === 'file' && name === legacyConfigFileName) legacy.add(folder);
		},
		token,
		{ maxDepth: maxFolderDepth, maxFolders: maxFoldersVisited },
	);
	if (walked.limitReached) onLimit?.(walked.limitReached);
	for (const folder of legacy) roots.add(folder);
	return [...roots].sort();
}
