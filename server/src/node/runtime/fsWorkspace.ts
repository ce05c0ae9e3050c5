import { createHash } from 'node:crypto';
import { promises as fs, readdirSync, statSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI, Utils } from 'vscode-uri';
import { noteContentKey, noteTextFacts } from '../../core/cache';
import { languageIdOf } from '../../core/uris';
import { oversizedDocument, refusedDocument } from '../../core/textGuards';
import type { DocsWorkspace, FileKind, FileStat } from '../../core/workspace';
import { bytesDocument, headFacts } from './lazyDocument';
import { isInside, readGuarded, readGuardedSync, realFolders, type GuardedRead } from './guardedRead';

/** Returns the open editor buffer for `uri`, if any; such buffers win over disk content. */
export type DocumentOverlay = (uri: string) => TextDocument | undefined;

/**
 * A {@link DocsWorkspace} over the local file system, optionally overlaid with open documents.
 * Used by the CLI (no overlay) and by the language server (TextDocuments as overlay).
 *
 * A repository may be written to hurt: a symbolic link to a folder is listed only when its real
 * location stays inside a workspace folder (walks then skip the ones they already walked; see
 * folderWalk.ts), and every file is read through guardedRead.ts: a regular file whose real location
 * is inside a workspace folder, to the size cap at most. A 200 MB file, a link to /dev/zero or to
 * a file outside each cost one finding (see checkTextIsParsable), never memory, a hang or a leak.
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
	let known: { key: string; paths: string[] } | undefined;
	// Resolved again only when the folders change: one realpath per folder, not per file read.
	const realFolderPaths = () => {
		const key = getFolders().join('\n');
		if (known?.key !== key) known = { key, paths: realFolders(getFolders().map(f => URI.parse(f).fsPath)) };
		return known.paths;
	};
	return {
		// A getter: the server learns its folders at initialize time and as they change.
		get folders() {
			return getFolders();
		},
		nothingWaits: options.synchronousReads,
		async readDocument(uri) {
			const open = overlay(uri);
			if (open) return open;
			return options.synchronousReads ? readDocumentNow(uri, !!options.contentKeys, realFolderPaths()) : await readGuardedDocument(uri, realFolderPaths());
		},
		async stat(uri): Promise<FileStat | undefined> {
			try {
				// With the reads: a one-shot check asks for the targets of its broken links, each a trip through the
				// thread pool that left the thread idle (crewAI's warm check: ~0.4 s of 3.6 s).
				const path = URI.parse(uri).fsPath;
				const stat = options.synchronousReads ? statSync(path) : await fs.stat(path);
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
						if (real !== undefined && isInside(real, realFolderPaths())) result.push([entry.name, 'directory', URI.file(real).toString()]);
					}
				}
				return result;
			} catch {
				return [];
			}
		},
	};
}

/**
 * A file as a workspace hands it over, read through guardedRead.ts: whole, the head of one too large,
 * or an empty stand-in for one refused (its finding comes from checkTextIsParsable). `inside`: real folders.
 */
export async function readGuardedDocument(uri: string, inside: readonly string[]): Promise<TextDocument | undefined> {
	return documentOf(uri, await readGuarded(URI.parse(uri).fsPath, { inside }));
}

/**
 * readGuardedDocument on the calling thread: the same answers. `inside`: the real workspace folders
 * (undefined only where the caller checked the file itself, see unchangedFiles.ts).
 */
export function readDocumentNow(uri: string, keyed: boolean, inside?: readonly string[]): TextDocument | undefined {
	const read = readGuardedSync(URI.parse(uri).fsPath, { inside });
	if (!keyed || read?.kind !== 'read') return documentOf(uri, read);
	// Keyed by its bytes, a page is decoded only if its text is needed (see bytesDocument).
	const document = bytesDocument(uri, languageIdOf(uri), read.bytes);
	noteContentKey(document, `sha1:${createHash('sha1').update(read.bytes).digest('base64')}`);
	// Its head, found in the bytes: the check takes a page's head without decoding its text.
	const facts = headFacts(document);
	if (facts) noteTextFacts(document, facts);
	return document;
}

/** The document a workspace hands over for a guarded read: whole, the head of a file too large, or an empty stand-in for a refused one. */
function documentOf(uri: string, read: GuardedRead | undefined): TextDocument | undefined {
	switch (read?.kind) {
		case undefined:
			return undefined;
		case 'refused': {
			const document = refusedDocument(uri, languageIdOf(uri), read.reason);
			// Its summary is shared by no empty page, and by no file refused for the other reason (summaries are shared by content key).
			noteContentKey(document, `refused:${read.reason}`);
			return document;
		}
		case 'oversized':
			return oversizedDocument(uri, languageIdOf(uri), read.head.toString('utf8'), read.size);
		case 'read':
			return TextDocument.create(uri, languageIdOf(uri), 0, read.bytes.toString('utf8'));
	}
}
