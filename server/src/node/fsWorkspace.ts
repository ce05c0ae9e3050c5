import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, promises as fs, readdirSync, readSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI, Utils } from 'vscode-uri';
import { noteContentKey } from '../core/cache';
import { limits, oversizedDocument } from '../core/textGuards';
import type { DocsWorkspace, FileKind, FileStat } from '../core/workspace';

/** Returns the open editor buffer for `uri`, if any; such buffers win over disk content. */
export type DocumentOverlay = (uri: string) => TextDocument | undefined;

/** Bytes read of a file too large to check: enough for its first line, where the finding goes. */
const oversizedHeadBytes = 4096;

/**
 * A {@link DocsWorkspace} over the local file system, optionally overlaid with open documents.
 * Used by the CLI (no overlay) and by the language server (TextDocuments as overlay).
 *
 * A repository may be written to hurt: a symbolic link to a folder is listed only when its real
 * location stays inside a workspace folder (walks then skip the ones they already walked; see
 * folderWalk.ts), and a file is sized before it is read, so a 200 MB file costs a finding, not memory.
 */
export interface FsWorkspaceOptions {
	/**
	 * Read files on the calling thread, without the thread pool (the CLI: nothing else waits on its
	 * main thread). Five asynchronous calls per file (open, stat, stat, read, close) cost crewAI's
	 * 24,803 pages 1.9 s of CPU against 0.7 s.
	 */
	readonly synchronousReads?: boolean;
	/** With synchronousReads: key each page's text by a hash of its bytes (see noteContentKey in core/cache.ts). */
	readonly contentKeys?: boolean;
}

export function createFsWorkspace(
	getFolders: () => readonly string[],
	overlay: DocumentOverlay = () => undefined,
	options: FsWorkspaceOptions = {},
): DocsWorkspace {
	let realFolders: { key: string; paths: Promise<string[]> } | undefined;
	const realFolderPaths = () => {
		const key = getFolders().join('\n');
		if (realFolders?.key !== key)
			realFolders = {
				key,
				paths: Promise.all(getFolders().map(f => fs.realpath(URI.parse(f).fsPath).catch(() => undefined))).then(p => p.filter(x => x !== undefined)),
			};
		return realFolders.paths;
	};
	const inside = (real: string, folders: readonly string[]) => folders.some(f => real === f || real.startsWith(f.endsWith(path.sep) ? f : f + path.sep));
	return {
		// A getter: the server learns its folders at initialize time and as they change.
		get folders() {
			return getFolders();
		},
		async readDocument(uri) {
			const open = overlay(uri);
			if (open) return open;
			const document = options.synchronousReads ? readDocumentNow(uri, !!options.contentKeys) : await readDocumentLater(uri);
			return document;
		},
		async stat(uri): Promise<FileStat | undefined> {
			try {
				const stat = await fs.stat(URI.parse(uri).fsPath);
				return { kind: stat.isDirectory() ? 'directory' : 'file', size: stat.size };
			} catch {
				return undefined;
			}
		},
		async realUri(uri) {
			const real = await fs.realpath(URI.parse(uri).fsPath).catch(() => undefined);
			return real === undefined ? undefined : URI.file(real).toString();
		},
		async readDirectory(uri) {
			try {
				const folder = URI.parse(uri);
				// Synchronous: a folder listing is one short system call, and the promise version's overhead was
				// most of a walk (crewAI, 3,696 folders: first diagnostics 1.1–1.3 → 0.85–0.9 s). Walks yield between listings.
				const entries = readdirSync(folder.fsPath, { withFileTypes: true });
				const result: [string, FileKind, string?][] = [];
				for (const entry of entries) {
					if (entry.isFile()) result.push([entry.name, 'file']);
					else if (entry.isDirectory()) result.push([entry.name, 'directory']);
					else if (entry.isSymbolicLink()) {
						// Follow links (sites symlink shared snippets) but skip dangling ones.
						const location = Utils.joinPath(folder, entry.name).fsPath;
						const target = await fs.stat(location).catch(() => undefined);
						if (!target) continue;
						if (!target.isDirectory()) {
							result.push([entry.name, 'file']);
							continue;
						}
						// A linked folder only where it stays inside the workspace: never the home folder or `/` a link climbs to.
						const real = await fs.realpath(location).catch(() => undefined);
						if (real !== undefined && inside(real, await realFolderPaths())) result.push([entry.name, 'directory', URI.file(real).toString()]);
					}
				}
				return result;
			} catch {
				return [];
			}
		},
	};
}

async function readDocumentLater(uri: string): Promise<TextDocument | undefined> {
	let handle: fs.FileHandle | undefined;
	try {
		handle = await fs.open(URI.parse(uri).fsPath, 'r');
		const { size } = await handle.stat();
		// UTF-8 takes at least one byte per character: more bytes than the limit allows characters is too large for sure.
		if (size > limits.maxFileChars) {
			const head = Buffer.alloc(oversizedHeadBytes);
			const { bytesRead } = await handle.read(head, 0, head.length, 0);
			return oversizedDocument(uri, languageIdOf(uri), head.subarray(0, bytesRead).toString('utf8'), size);
		}
		const text = await handle.readFile('utf8');
		return TextDocument.create(uri, languageIdOf(uri), 0, text);
	} catch {
		return undefined;
	} finally {
		await handle?.close().catch(() => undefined);
	}
}

/** readDocumentLater on the calling thread: the same answers (a file too large to check is read in part). */
export function readDocumentNow(uri: string, keyed: boolean): TextDocument | undefined {
	let fd: number | undefined;
	try {
		fd = openSync(URI.parse(uri).fsPath, 'r');
		const { size } = fstatSync(fd);
		if (size > limits.maxFileChars) {
			const head = Buffer.alloc(oversizedHeadBytes);
			const bytesRead = readSync(fd, head, 0, head.length, 0);
			return oversizedDocument(uri, languageIdOf(uri), head.subarray(0, bytesRead).toString('utf8'), size);
		}
		// Read to the end, not to `size`: a file growing meanwhile is read as the asynchronous path reads it.
		const chunks: Buffer[] = [];
		let buffer = Buffer.allocUnsafe(Math.max(size, 1024));
		let filled = 0;
		for (;;) {
			if (filled === buffer.length) {
				chunks.push(buffer);
				buffer = Buffer.allocUnsafe(buffer.length);
				filled = 0;
			}
			const read = readSync(fd, buffer, filled, buffer.length - filled, null);
			if (read === 0) break;
			filled += read;
		}
		chunks.push(buffer.subarray(0, filled));
		const bytes = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
		const document = TextDocument.create(uri, languageIdOf(uri), 0, bytes.toString('utf8'));
		if (keyed) noteContentKey(document, `sha1:${createHash('sha1').update(bytes).digest('base64')}`);
		return document;
	} catch {
		return undefined;
	} finally {
		if (fd !== undefined)
			try {
				closeSync(fd);
			} catch {
				// Closing a file read to the end cannot lose data.
			}
	}
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
