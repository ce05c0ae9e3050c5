import type { Connection } from 'vscode-languageserver/browser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noteContentKey } from '../core/cache';
import { limits, oversizedDocument, refusedDocument, type RefusedReason } from '../core/textGuards';
import { isUnder, languageIdOf } from '../core/uris';
import type { DocsWorkspace, FileKind, FileStat } from '../core/workspace';
import { URI } from 'vscode-uri';
import { FileQuestionsRequest, type ReadFileResult } from '../protocol';
import { FileQuestions } from './fileQuestions';
import { nextTurn } from './nextTurn';

/** Returns the open editor buffer for `uri`, if any; such buffers win over the client's files. */
export type DocumentOverlay = (uri: string) => TextDocument | undefined;

/**
 * A {@link DocsWorkspace} for the language server in a web worker: files are read, stated and
 * listed by the client (`mintdoc/fs/batch`, answered with `vscode.workspace.fs`; the questions of
 * one turn travel together, fileQuestions.ts), open buffers win.
 *
 * The guards of the Node workspace (node/fsWorkspace.ts, node/guardedRead.ts), as far as a file
 * system behind an API allows: nothing outside the workspace folders is asked for (a `$ref` or
 * snippet path climbing out reads as missing here, and the client checks again), a file larger than the cap
 * is not read (its one finding says so), what is not a regular file is refused, and symbolic links
 * are not followed (the API does not say where they lead; the client refuses them).
 */
export function createBrowserWorkspace(
	connection: Pick<Connection, 'sendRequest'>,
	getFolders: () => readonly string[],
	overlay: DocumentOverlay = () => undefined,
	schedule: (callback: () => void) => void = nextTurn,
): DocsWorkspace {
	const files = new FileQuestions(questions => connection.sendRequest(FileQuestionsRequest.type, { questions }), schedule);
	// `..` parts (written, or percent-encoded) would climb out of a folder the prefix says the URI is in.
	const inside = (uri: string) => !hasDotSegment(uri) && getFolders().some(folder => isUnder(uri, folder));
	return {
		// One request a turn carries them all (fileQuestions.ts): a walk or a check waits for fewer round trips.
		readsAtOnce: 1024,
		// A getter: the server learns its folders at initialize time and as they change.
		get folders() {
			return getFolders();
		},
		async readDocument(uri) {
			const open = overlay(uri);
			if (open) return open;
			// Outside every folder is nowhere the editor's file system serves (github.dev: outside the repository).
			if (!inside(uri)) return undefined;
			return documentOf(uri, (await files.ask({ op: 'read', uri, maxBytes: limits.maxFileChars })) as ReadFileResult | null | undefined);
		},
		async stat(uri): Promise<FileStat | undefined> {
			if (!inside(uri)) return undefined;
			const stat = (await files.ask({ op: 'stat', uri })) as { kind?: unknown; size?: unknown } | null | undefined;
			return stat && (stat.kind === 'file' || stat.kind === 'directory') && typeof stat.size === 'number' ? { kind: stat.kind, size: stat.size } : undefined;
		},
		async readDirectory(uri) {
			if (!inside(uri)) return [];
			const entries = await files.ask({ op: 'readDirectory', uri });
			return Array.isArray(entries) ? entries.filter(isEntry) : [];
		},
	};
}

/** The document for the client's answer: whole, a stand-in for a file too large, or an empty stand-in for a refused one. */
function documentOf(uri: string, read: ReadFileResult | null | undefined): TextDocument | undefined {
	switch (read?.kind) {
		case 'read':
			return typeof read.text === 'string' ? TextDocument.create(uri, languageIdOf(uri), 0, read.text) : undefined;
		case 'oversized':
			// Nothing of it was read: the finding sits on its (empty) first line.
			return oversizedDocument(
				uri,
				languageIdOf(uri),
				'',
				typeof read.size === 'number' && read.size > limits.maxFileChars ? read.size : limits.maxFileChars + 1,
			);
		case 'refused':
			return refused(uri, read.reason === 'outside' ? 'outside' : 'not-a-file');
		default:
			return undefined;
	}
}

function refused(uri: string, reason: RefusedReason): TextDocument {
	const document = refusedDocument(uri, languageIdOf(uri), reason);
	// As in the Node workspace: its summary is shared by no empty page, nor by a file refused for the other reason.
	noteContentKey(document, `refused:${reason}`);
	return document;
}

function hasDotSegment(uri: string): boolean {
	try {
		return /(^|\/)\.\.?(\/|$)/.test(URI.parse(uri).path);
	} catch {
		return true;
	}
}

/** A client's answer is checked like any input: names that would climb out or nest are dropped. */
function isEntry(entry: unknown): entry is readonly [string, FileKind] {
	if (!Array.isArray(entry)) return false;
	const [name, kind] = entry as unknown[];
	return typeof name === 'string' && name !== '' && name !== '.' && name !== '..' && !name.includes('/') && (kind === 'file' || kind === 'directory');
}
