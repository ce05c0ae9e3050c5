import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { FileChange } from '../../core/languageService';

/** Folders never part of a docs site, skipped by the walk (they are large and churn). */
const skipped = new Set(['.git', 'node_modules', '.hg', '.svn']);

/** At most this many files are tracked: a folder far larger than any docs site is compared no further. */
const maxFiles = 200_000;

/** Modification time and size per file (by URI): what `mintdoc mcp` compares between two tool calls. */
export type FileSnapshot = ReadonlyMap<string, string>;

/**
 * Every file under `dir` with its modification time and size. Symbolic links to files count as
 * the file they lead to; links to folders are not followed (a cycle, or a folder outside the site).
 */
export async function takeSnapshot(dir: string): Promise<FileSnapshot> {
	const files = new Map<string, string>();
	const walk = async (folder: string): Promise<void> => {
		if (files.size >= maxFiles) return;
		const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
		const subfolders: string[] = [];
		await Promise.all(
			entries.map(async entry => {
				const full = path.join(folder, entry.name);
				if (entry.isDirectory()) {
					if (!skipped.has(entry.name)) subfolders.push(full);
					return;
				}
				if (!entry.isFile() && !entry.isSymbolicLink()) return;
				const stat = await fs.stat(full).catch(() => undefined);
				if (stat?.isFile()) files.set(URI.file(full).toString(), `${stat.mtimeMs}:${stat.size}`);
			}),
		);
		for (const sub of subfolders) await walk(sub);
	};
	await walk(dir);
	return files;
}

/** The files created, changed and deleted from `before` to `after`, as a watcher would report them. */
export function compareSnapshots(before: FileSnapshot, after: FileSnapshot): FileChange[] {
	const changes: FileChange[] = [];
	for (const [uri, stamp] of after) {
		const old = before.get(uri);
		if (old === undefined) changes.push({ uri, type: 'created' });
		else if (old !== stamp) changes.push({ uri, type: 'changed' });
	}
	for (const uri of before.keys()) if (!after.has(uri)) changes.push({ uri, type: 'deleted' });
	return changes;
}
