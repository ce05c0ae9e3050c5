import { throwIfCancelled, type CancellationToken } from './cancellation';
import { joinUri } from './uris';
import type { DocsWorkspace, FileKind } from './workspace';
import { yieldTurn } from './yieldTurn';

/** Folders listed at once, unless the workspace says otherwise (DocsWorkspace.readsAtOnce): enough to keep a disk busy, few enough not to flood it. */
const concurrency = 24;
/** The longest a walk holds the thread without letting other work (requests) run. */
const yieldEveryMs = 30;

/** Where a walk stops however the folders are laid out: far beyond real sites (12 levels, 3,700 folders), short of a whole disk. */
export const defaultWalkLimits = { maxDepth: 40, maxFolders: 50_000, maxLinkedFolders: 1_000 } as const;

export interface WalkLimits {
	/** Folders deeper than this below a start folder are not listed. */
	readonly maxDepth?: number;
	/** At most this many folders are listed (the start folders included). */
	readonly maxFolders?: number;
	/** At most this many of them entered through a symbolic link (sites have a handful; links between siblings multiply). */
	readonly maxLinkedFolders?: number;
}

/** Which limit stopped a walk early, if any. */
export interface WalkResult {
	readonly limitReached?: 'depth' | 'folders' | 'links';
}

/**
 * Walks folders breadth-first, listing each level's folders in parallel (a site of 25,000 pages
 * has thousands of folders; listing them one after the other is most of a cold start), but
 * visiting entries in the same order as a sequential walk, so results never depend on timing.
 * `enter` decides whether to descend into a subfolder; `visit` sees every entry.
 *
 * The one walk of MintDoc (docs roots, page indexes, the preview's watcher): a repository may hold
 * symbolic links made to hurt (`ln -s . loop`), so a linked folder is entered only when the
 * workspace reports where it really is (inside the workspace; see fsWorkspace.ts) and that real
 * folder was not visited before on the way down (it is not the folder itself or one it is inside:
 * that would be a cycle). A link to a sibling (`v2 -> v1`, shared snippets) is still walked, as the
 * platform's build sees those pages under both paths. Plain folders cannot form a cycle. Depth
 * and folder count are capped (links between siblings can multiply paths); the result says when
 * a cap cut the walk short.
 */
export async function walkFolders(
	workspace: DocsWorkspace,
	start: readonly string[],
	enter: (uri: string, name: string, depth: number) => boolean,
	visit: (folder: string, name: string, kind: FileKind) => void,
	token: CancellationToken,
	limits: WalkLimits = {},
): Promise<WalkResult> {
	const maxDepth = limits.maxDepth ?? defaultWalkLimits.maxDepth;
	const maxFolders = limits.maxFolders ?? defaultWalkLimits.maxFolders;
	const maxLinkedFolders = limits.maxLinkedFolders ?? defaultWalkLimits.maxLinkedFolders;
	let linked = 0;
	let limitReached: WalkResult['limitReached'];
	/** A folder to list: where it is, where it really is, and the folder it was reached from (the way down, as a chain). */
	type Folder = { uri: string; real: string; up?: Folder };
	const onTheWay = (folder: Folder | undefined, real: string): boolean => {
		for (let at = folder; at; at = at.up) if (at.real === real) return true;
		return false;
	};
	let level: Folder[] = [];
	const started = new Set<string>();
	for (const uri of start.slice(0, maxFolders)) {
		const real = (await workspace.realUri?.(uri)) ?? uri;
		if (started.has(real)) continue;
		started.add(real);
		level.push({ uri, real });
	}
	if (start.length > maxFolders) limitReached = 'folders';
	let listed = level.length;
	let yieldedAt = Date.now();
	for (let depth = 0; level.length; depth++) {
		throwIfCancelled(token);
		const listings = new Array<ReadonlyArray<readonly [string, FileKind, string?]>>(level.length);
		let next = 0;
		await Promise.all(
			Array.from({ length: Math.min(workspace.readsAtOnce ?? concurrency, level.length) }, async () => {
				while (next < level.length) {
					const i = next++;
					listings[i] = await workspace.readDirectory(level[i].uri);
					// A workspace may list folders synchronously (the file system's, where that is faster): awaiting
					// its answers never gives the event loop a turn, so the walk lets requests in at least every `yieldEveryMs`.
					if (Date.now() - yieldedAt >= yieldEveryMs) {
						await yieldTurn(workspace);
						yieldedAt = Date.now();
					}
				}
			}),
		);
		throwIfCancelled(token);
		const deeper: Folder[] = [];
		level.forEach((folder, i) => {
			for (const [name, kind, target] of listings[i]) {
				visit(folder.uri, name, kind);
				if (kind !== 'directory') continue;
				const uri = joinUri(folder.uri, name);
				if (!enter(uri, name, depth + 1)) continue;
				const real = target ?? joinUri(folder.real, name);
				// A link back to a folder visited on the way down, or to one this folder is inside, is a cycle: skipped.
				if (target !== undefined && (onTheWay(folder, real) || isInside(folder.real, real))) continue;
				if (depth + 1 > maxDepth) {
					limitReached ??= 'depth';
					continue;
				}
				if (listed >= maxFolders) {
					limitReached ??= 'folders';
					continue;
				}
				if (target !== undefined && linked++ >= maxLinkedFolders) {
					limitReached ??= 'links';
					continue;
				}
				deeper.push({ uri, real, up: folder });
				listed++;
			}
		});
		level = deeper;
	}
	return limitReached ? { limitReached } : {};
}

/** Whether `uri` is below `folder` (both URIs). */
function isInside(uri: string, folder: string): boolean {
	return uri.startsWith(folder.endsWith('/') ? folder : `${folder}/`);
}
