import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { DocsWorkspace } from '../workspace';
import type { ChangeTracker } from './changeTracker';

/** Files kept at most: a site's configuration files ($ref targets) and the few paths its model asks about. */
const maxKept = 64;

/**
 * Reads a model repeats on every docs.json keystroke, kept while the host reports no change that
 * could alter them (ChangeTracker): the configuration files docs.json `$ref`s (a translated site's
 * `fr.json`, `redirects.json`), GraphQL schema files, and whether a path is a file (the favicon). On a disk each costs
 * little; in a browser each is a round trip to the editor's file system, and they came one after
 * the other before the keystroke's findings could be published. Hosts that report no changes (the
 * CLI, tests) read every time.
 */
export class KeptReads {
	readonly #documents = new Map<string, { readonly document: TextDocument | undefined; readonly readAt: number }>();
	readonly #files = new Map<string, { readonly isFile: boolean; readonly readAt: number }>();

	constructor(
		private readonly workspace: DocsWorkspace,
		private readonly tracker: ChangeTracker,
		private readonly changesReported: boolean,
	) {}

	/** The document at `uri` (an open buffer is the live one, noted on every change), or undefined when missing. */
	async readDocument(uri: string): Promise<TextDocument | undefined> {
		if (!this.changesReported) return this.workspace.readDocument(uri);
		const known = this.#documents.get(uri);
		if (known && this.tracker.unchangedSince(known.readAt, [uri])) return known.document;
		const readAt = this.tracker.epoch;
		const document = await this.workspace.readDocument(uri);
		keep(this.#documents, uri, { document, readAt });
		return document;
	}

	/** Whether `uri` is a file (a missing one stays missing until a file is reported created). */
	async isFile(uri: string): Promise<boolean> {
		if (!this.changesReported) return (await this.workspace.stat(uri))?.kind === 'file';
		const known = this.#files.get(uri);
		if (known && this.tracker.unchangedSince(known.readAt, [uri])) return known.isFile;
		const readAt = this.tracker.epoch;
		const isFile = (await this.workspace.stat(uri))?.kind === 'file';
		keep(this.#files, uri, { isFile, readAt });
		return isFile;
	}
}

/** Sets `uri` last (the most recently used), the oldest dropped beyond {@link maxKept}. */
function keep<T>(map: Map<string, T>, uri: string, value: T): void {
	map.delete(uri);
	map.set(uri, value);
	if (map.size > maxKept) map.delete(map.keys().next().value!);
}
