import ignore, { type Ignore } from 'ignore';
import type { CancellationToken } from '../cancellation';
import { walkFolders } from '../folderWalk';
import { joinUri, relativePath } from '../uris';
import type { DocsWorkspace } from '../workspace';

/** Extensions of page files, in the order the platform prefers them when both exist. */
export const pageExtensions = ['.mdx', '.md'] as const;

/** Folders never part of a site. */
const skippedFolders = new Set(['node_modules']);

/** What the platform ignores without any .mintignore (its "default ignored patterns"). */
export const defaultIgnores = ['build/', 'dist/', 'coverage/', 'tmp/', 'temp/', 'README.md', 'LICENSE.md', 'CHANGELOG.md', 'CONTRIBUTING.md'];

/**
 * The page files of one docs root: every `.mdx`/`.md` below it, by page path (relative, no
 * extension), minus what `.mintignore` excludes and minus nested docs roots (their own sites).
 * Built once by scanning, then kept current file by file as the watcher reports changes.
 */
export class PageIndex {
	/** page path → file URI */
	readonly #pages = new Map<string, string>();
	/** page path → file URI of pages that exist but `.mintignore` excludes */
	readonly #ignored = new Map<string, string>();
	#version = 0;

	private constructor(readonly rootUri: string, private readonly ignores: Ignore, private readonly nestedRoots: readonly string[]) {}

	/** Scans the root. `nestedRoots` are other docs roots below this one, whose files are not this site's. */
	static async scan(workspace: DocsWorkspace, rootUri: string, nestedRoots: readonly string[], token: CancellationToken): Promise<PageIndex> {
		const mintignore = await workspace.readDocument(joinUri(rootUri, '.mintignore'));
		const ignores = ignore().add(defaultIgnores).add(mintignore?.getText() ?? '');
		const index = new PageIndex(rootUri, ignores, nestedRoots);
		await walkFolders(
			workspace,
			[rootUri],
			(uri, name) => !name.startsWith('.') && !skippedFolders.has(name) && !nestedRoots.includes(uri),
			(folder, name, kind) => void (kind === 'file' && index.add(joinUri(folder, name))),
			token,
		);
		return index;
	}

	/** Increases whenever the set of pages changes, so dependants know to re-check. */
	get version(): number {
		return this.#version;
	}

	has(pagePath: string): boolean {
		return this.#pages.has(pagePath);
	}

	fileOf(pagePath: string): string | undefined {
		return this.#pages.get(pagePath);
	}

	isIgnored(pagePath: string): boolean {
		return this.#ignored.has(pagePath);
	}

	paths(): IterableIterator<string> {
		return this.#pages.keys();
	}

	get size(): number {
		return this.#pages.size;
	}

	/** The page path of a file of this site, or undefined when it is not a page file of it. */
	pagePathOfFile(uri: string): string | undefined {
		const relative = relativePath(this.rootUri, uri);
		if (relative === undefined || relative === '') return undefined;
		const extension = pageExtensions.find(e => relative.toLowerCase().endsWith(e));
		if (!extension) return undefined;
		if (this.nestedRoots.some(root => uri.startsWith(root + '/'))) return undefined;
		if (relative.split('/').some(segment => segment.startsWith('.') || skippedFolders.has(segment))) return undefined;
		return relative.slice(0, -extension.length);
	}

	/** Records a created file; returns true when the set of pages changed. */
	add(uri: string): boolean {
		const pagePath = this.pagePathOfFile(uri);
		if (pagePath === undefined) return false;
		const relative = relativePath(this.rootUri, uri)!;
		const target = this.ignores.ignores(relative) ? this.#ignored : this.#pages;
		// .mdx wins over .md for the same page path, as on the platform.
		const existing = target.get(pagePath);
		if (existing && existing.toLowerCase().endsWith('.mdx') && !uri.toLowerCase().endsWith('.mdx')) return false;
		if (existing === uri) return false;
		target.set(pagePath, uri);
		this.#version++;
		return true;
	}

	/** Records a deleted file; returns true when the set of pages changed. */
	remove(uri: string): boolean {
		const pagePath = this.pagePathOfFile(uri);
		if (pagePath === undefined) return false;
		for (const target of [this.#pages, this.#ignored]) {
			if (target.get(pagePath) === uri) {
				target.delete(pagePath);
				this.#version++;
				return true;
			}
		}
		return false;
	}
}

