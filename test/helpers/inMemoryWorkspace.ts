import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import type { DocsWorkspace, FileKind } from '../../server/src/core/workspace';

/** Root of every in-memory workspace: paths in tests are written relative to it. */
export const workspaceRoot = URI.file('/ws').toString();

export function workspaceUri(relativePath: string): string {
	return URI.file(`/ws/${relativePath}`).toString();
}

/**
 * A workspace held in memory: `files` maps paths relative to /ws to their text. Directories are
 * implied by the paths. Mutate with {@link InMemoryWorkspace.write} and {@link InMemoryWorkspace.remove}.
 */
export class InMemoryWorkspace implements DocsWorkspace {
	readonly folders = [workspaceRoot];
	readonly #files = new Map<string, string>();

	constructor(files: Record<string, string>) {
		for (const [path, text] of Object.entries(files)) this.write(path, text);
	}

	write(relativePath: string, text: string): TextDocument {
		this.#files.set(workspaceUri(relativePath), text);
		return this.document(relativePath);
	}

	remove(relativePath: string): void {
		this.#files.delete(workspaceUri(relativePath));
	}

	/** The file as a TextDocument (throws when absent: a test bug). */
	document(relativePath: string): TextDocument {
		const uri = workspaceUri(relativePath);
		const text = this.#files.get(uri);
		if (text === undefined) throw new Error(`no file ${relativePath} in the test workspace`);
		return TextDocument.create(uri, 'json', 1, text);
	}

	async readDocument(uri: string) {
		const text = this.#files.get(uri);
		return text === undefined ? undefined : TextDocument.create(uri, 'json', 1, text);
	}

	async stat(uri: string) {
		const text = this.#files.get(uri);
		if (text !== undefined) return { kind: 'file' as const, size: text.length };
		return this.#isDirectory(uri) ? { kind: 'directory' as const, size: 0 } : undefined;
	}

	async readDirectory(uri: string) {
		const prefix = uri.endsWith('/') ? uri : uri + '/';
		const entries = new Map<string, FileKind>();
		for (const file of this.#files.keys()) {
			if (!file.startsWith(prefix)) continue;
			const [name, ...rest] = file.slice(prefix.length).split('/');
			entries.set(decodeURIComponent(name), rest.length ? 'directory' : 'file');
		}
		return [...entries];
	}

	#isDirectory(uri: string): boolean {
		const prefix = uri.endsWith('/') ? uri : uri + '/';
		return [...this.#files.keys()].some(file => file.startsWith(prefix));
	}
}
