import { throwIfCancelled, type CancellationToken } from './cancellation';
import { joinUri } from './uris';
import type { DocsWorkspace, FileKind } from './workspace';

/** Folders listed at once: enough to keep the file system busy, few enough not to flood it. */
const concurrency = 24;

/**
 * Walks folders breadth-first, listing each level's folders in parallel (a site of 25,000 pages
 * has thousands of folders; listing them one after the other is most of a cold start), but
 * visiting entries in the same order as a sequential walk, so results never depend on timing.
 * `enter` decides whether to descend into a subfolder; `visit` sees every entry. Stops after
 * `maxFolders` folders.
 */
export async function walkFolders(
	workspace: DocsWorkspace,
	start: readonly string[],
	enter: (uri: string, name: string, depth: number) => boolean,
	visit: (folder: string, name: string, kind: FileKind) => void,
	token: CancellationToken,
	maxFolders = Infinity,
): Promise<void> {
	let level = start.slice(0, maxFolders);
	let listed = level.length;
	for (let depth = 0; level.length; depth++) {
		throwIfCancelled(token);
		const listings = new Array<ReadonlyArray<readonly [string, FileKind]>>(level.length);
		let next = 0;
		await Promise.all(
			Array.from({ length: Math.min(concurrency, level.length) }, async () => {
				while (next < level.length) {
					const i = next++;
					listings[i] = await workspace.readDirectory(level[i]);
				}
			}),
		);
		throwIfCancelled(token);
		const deeper: string[] = [];
		level.forEach((folder, i) => {
			for (const [name, kind] of listings[i]) {
				visit(folder, name, kind);
				if (kind !== 'directory' || listed >= maxFolders) continue;
				const uri = joinUri(folder, name);
				if (enter(uri, name, depth + 1)) {
					deeper.push(uri);
					listed++;
				}
			}
		});
		level = deeper;
	}
}
