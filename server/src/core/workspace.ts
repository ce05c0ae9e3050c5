import type { TextDocument } from 'vscode-languageserver-textdocument';

/** What a directory entry is; symbolic links are followed by the implementation. */
export type FileKind = 'file' | 'directory';

export interface FileStat {
	readonly kind: FileKind;
	/** Size in bytes. */
	readonly size: number;
}

/**
 * Everything the core knows about the outside world. The language server implements it over
 * open editor buffers layered on the file system; the CLI over the file system alone; unit
 * tests in memory. All locations are URI strings (`file:///...`).
 */
export interface DocsWorkspace {
	/** The folders the user opened, as URIs. Docs roots are searched below them. */
	readonly folders: readonly string[];
	/** The document at `uri` (an open buffer wins over disk), or undefined when it does not exist or cannot be read. */
	readDocument(uri: string): Promise<TextDocument | undefined>;
	/** Kind and size of `uri`, or undefined when it does not exist. */
	stat(uri: string): Promise<FileStat | undefined>;
	/**
	 * Entries of the directory at `uri` as [name, kind]; empty when it is not a readable directory.
	 * A symbolic link to a folder comes with a third element, the URI of where it really leads
	 * (walks use it to skip cycles); links that leave the workspace or dangle are not listed.
	 */
	readDirectory(uri: string): Promise<ReadonlyArray<readonly [string, FileKind, string?]>>;
	/** Where `uri` really is once symbolic links are resolved (a folder walk starts there); undefined when unknown. */
	realUri?(uri: string): Promise<string | undefined>;
	/**
	 * How many reads (listings, files) to keep asked at once. Unset: a few dozen, which keeps a local
	 * disk busy. A file system behind a message channel (the browser's, where one turn's questions
	 * travel as one request) is served best with many more: each wait is a round trip.
	 */
	readonly readsAtOnce?: number;
	/**
	 * Nothing but the check waits on this thread (a one-shot CLI check: no requests, no edits), so a
	 * long check gives the event loop its turns without a timer's millisecond (see yieldTurn).
	 */
	readonly nothingWaits?: boolean;
}
