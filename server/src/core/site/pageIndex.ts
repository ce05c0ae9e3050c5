import { detachString } from '../detachString';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createDiagnostic } from '../diagnostic';
import { closestMatch } from '../textDistance';
import ignore, { type Ignore } from 'ignore';
import type { CancellationToken } from '../cancellation';
import { defaultWalkLimits, walkFolders, type WalkResult } from '../folderWalk';
import { joinUri, relativePath } from '../uris';
import { checkTextIsParsable, isReadWhole } from '../textGuards';
import type { DocsWorkspace } from '../workspace';

/** Extensions of page files, in the order the platform prefers them when both exist. */
export const pageExtensions = ['.mdx', '.md'] as const;

/** Folders the platform's file walk never enters, whatever `.mintignore` says. */
const skippedFolders = new Set(['node_modules', '.git']);

/**
 * What the platform ignores without any `.mintignore`: exactly the default patterns of the code
 * that builds the site (`DEFAULT_MINT_IGNORES` of `@mintlify/common`; `npm run conformance`
 * compares this list with the pinned and the newest published package and fails when they
 * differ). Editor and agent folders, `.mintlify/` except its folders, skills and JSON/YAML files,
 * and four repository files. The platform's `.mintignore` docs page also names `build`, `dist`,
 * `coverage`, `tmp` and `temp`; its code does not ignore them, and sites serve pages from there.
 */
export const defaultIgnores: readonly string[] = [
	'.git',
	'.github',
	'.claude',
	'.agents',
	'.idea',
	'.vscode',
	'.cursor',
	'.mintlify/**',
	'!.mintlify/**/',
	'!.mintlify/skills/**',
	'!.mintlify/**/*.json',
	'!.mintlify/**/*.yaml',
	'!.mintlify/**/*.yml',
	'node_modules',
	'README.md',
	'LICENSE.md',
	'CHANGELOG.md',
	'CONTRIBUTING.md',
];

let defaults: Ignore | undefined;
const defaultMatcher = () => (defaults ??= ignore().add(defaultIgnores));

/**
 * The default patterns are dot folders and files named anywhere (`.git`, `node_modules`,
 * `README.md`): a path none of whose parts starts with a dot or is one of those names cannot match
 * them. Asked per file of a site with no `.mintignore` rules (crewAI: 24,803 pages; the matcher was
 * a third of the page index's scan). Undefined, and so never used, if a pattern is of another kind.
 */
const defaultNames: ReadonlySet<string> | undefined = (() => {
	const names = new Set<string>();
	for (const pattern of defaultIgnores) {
		const rule = pattern.replace(/^!/, '');
		if (rule.startsWith('.')) continue;
		if (pattern.startsWith('!') || /[/*?[\]\\]/.test(rule)) return undefined;
		names.add(rule.toLowerCase());
	}
	return names;
})();

/** Whether the default patterns may match `relative` (false: they certainly do not). */
export function mayMatchDefaultIgnores(relative: string): boolean {
	if (!defaultNames) return true;
	const lower = relative.toLowerCase();
	if (lower.startsWith('.') || lower.includes('/.')) return true;
	for (const part of lower.split('/')) if (defaultNames.has(part)) return true;
	return false;
}

/** A file name `joinUri` appends as it is (see uris.ts): no encoding, no dot part, no leading dot. */
const plainName = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** What #addScanned works out once per folder: its files' URI prefix and relative path (with a trailing `/`, or empty at the root). */
interface ScannedFolder {
	readonly prefix: string;
	readonly relative: string;
	/** The default ignore patterns may match a file here, whatever its name (a dot part, a default name on the way). */
	readonly mayMatchDefaults: boolean;
}

/** Whether a `.mintignore` holds any rule (not only blank lines and comments). */
const hasRules = (text: string) => text.split(/\r?\n/).some(line => line.trim() !== '' && !line.trimStart().startsWith('#'));

/** JSON and YAML files that are never OpenAPI documents (the platform looks at every other one). */
const notSpecFiles = new Set(['docs.json', 'mint.json', 'package.json', 'package-lock.json', 'tsconfig.json']);

/** Whether a file name may hold an OpenAPI document the platform finds by itself. */
export function isSpecCandidate(name: string): boolean {
	return /\.(json|ya?ml)$/i.test(name) && !notSpecFiles.has(name.toLowerCase());
}

/** The finding on docs.json of a site whose folders were not all listed (a walk limit of folderWalk.ts). */
export function folderWalkFinding(limitReached: WalkResult['limitReached']): Diagnostic | undefined {
	if (!limitReached) return undefined;
	const why =
		limitReached === 'depth'
			? `folders nested more than ${defaultWalkLimits.maxDepth} levels deep`
			: limitReached === 'links'
				? `more than ${defaultWalkLimits.maxLinkedFolders.toLocaleString('en-US')} folders reached through symbolic links`
				: `more than ${defaultWalkLimits.maxFolders.toLocaleString('en-US')} folders`;
	return createDiagnostic(
		{ start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
		`The site has ${why}: MintDoc stopped listing there, so pages below are not checked (look for symbolic links or generated folders).`,
		'folder-walk-limit',
	);
}

/**
 * The page files of one docs root: every `.mdx`/`.md` below it, by page path (relative, no
 * extension), minus what `.mintignore` excludes. Pages of a nested docs root count too: the
 * platform builds every file under the root it deploys. Built once by scanning, then kept current
 * file by file as the watcher reports changes. It also lists the JSON and YAML files, where the
 * platform looks for OpenAPI documents that docs.json does not name.
 */
export class PageIndex {
	/** page path → file URI */
	readonly #pages = new Map<string, string>();
	/** page path → file URI of pages that exist but `.mintignore` excludes */
	readonly #ignored = new Map<string, string>();
	/** `.md` files beside an `.mdx` of the same page path (not the page, still checked) → page path. */
	readonly #shadowed = new Map<string, string>();
	/** JSON and YAML files that may be OpenAPI documents. */
	readonly #specCandidates = new Set<string>();
	/**
	 * Unique among every index of this process, not only within this one: an index scanned again
	 * (roots found anew) must never repeat the version of the one it replaces, which findings may
	 * have been judged against (a page deleted and another added meanwhile leaves the same size).
	 */
	static #versions = 0;
	#version = ++PageIndex.#versions;

	private constructor(
		readonly rootUri: string,
		private readonly ignores: Ignore,
		/** The site's `.mintignore` adds no rule: only the default patterns apply. */
		private readonly defaultsOnly = false,
	) {}

	/** Whether the ignores exclude a path relative to the root. */
	#ignoresPath(relative: string): boolean {
		if (this.defaultsOnly && !mayMatchDefaultIgnores(relative)) return false;
		return this.ignores.ignores(relative);
	}

	/** Scans the root. */
	static async scan(workspace: DocsWorkspace, rootUri: string, token: CancellationToken): Promise<PageIndex> {
		const mintignore = await workspace.readDocument(joinUri(rootUri, '.mintignore'));
		const ignores = ignore()
			.add(defaultIgnores)
			.add(mintignore?.getText() ?? '');
		const index = new PageIndex(rootUri, ignores, !hasRules(mintignore?.getText() ?? ''));
		// A .mintignore not read (a device, a link leading outside, too large) ignores nothing and says why once.
		if (mintignore && !isReadWhole(mintignore)) index.ignoreFileFinding = checkTextIsParsable(mintignore, '.mintignore');
		const walked = await walkFolders(
			workspace,
			[rootUri],
			// As the platform walks: every folder, dot folders too, but what the ignores exclude.
			(uri, name) => !skippedFolders.has(name) && !index.#ignoresFolder(uri),
			(folder, name, kind) => void (kind === 'file' && index.#addScanned(folder, name)),
			token,
		);
		index.limitReached = walked.limitReached;
		return index;
	}

	/** Why the site's `.mintignore` was not read (see checkTextIsParsable), reported on it. */
	ignoreFileFinding: Diagnostic | undefined;

	/** Set when the scan stopped at a limit of the folder walk (too deep, too many folders): the index is incomplete. */
	limitReached: WalkResult['limitReached'];

	/** JSON and YAML files of the site (not ignored) that may hold OpenAPI documents, sorted. */
	specCandidates(): string[] {
		return [...this.#specCandidates].sort();
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

	/** Why an ignored page is left out: the platform's default patterns, or the site's `.mintignore`. */
	ignoredBy(pagePath: string): 'default' | '.mintignore' | undefined {
		const uri = this.#ignored.get(pagePath);
		if (!uri) return undefined;
		return defaultMatcher().ignores(relativePath(this.rootUri, uri)!) ? 'default' : '.mintignore';
	}

	paths(): IterableIterator<string> {
		return this.#pages.keys();
	}

	/** Suggestions made since the set of pages last changed: a site with thousands of broken links repeats its targets. */
	#suggestions = { version: -1, paths: [] as string[], byPath: new Map<string, string | undefined>() };

	/** The page a missing path most likely meant (see closestMatch), remembered until the set of pages changes. */
	closestPath(pagePath: string): string | undefined {
		if (this.#suggestions.version !== this.#version) this.#suggestions = { version: this.#version, paths: [...this.#pages.keys()], byPath: new Map() };
		const { byPath, paths } = this.#suggestions;
		if (byPath.has(pagePath)) return byPath.get(pagePath);
		const suggestion = closestMatch(pagePath, paths);
		if (byPath.size >= 20_000) byPath.clear();
		// Kept until the pages change: the key must not hold the docs.json it was read from.
		byPath.set(detachString(pagePath), suggestion);
		return suggestion;
	}

	get size(): number {
		return this.#pages.size;
	}

	/** The page path of a file of this site, or undefined when it is not a page file of it. */
	pagePathOfFile(uri: string): string | undefined {
		return this.#pagePathOf(relativePath(this.rootUri, uri));
	}

	/** The page path of a file at `relative` under the root (asked for each of crewAI's 25,000 files as the site opens). */
	#pagePathOf(relative: string | undefined): string | undefined {
		if (relative === undefined || relative === '') return undefined;
		const lower = relative.toLowerCase();
		const extension = pageExtensions.find(e => lower.endsWith(e));
		if (!extension) return undefined;
		if (relative.split('/').some(segment => skippedFolders.has(segment))) return undefined;
		return relative.slice(0, -extension.length);
	}

	/** Whether the ignores exclude a folder (and so everything below it). */
	#ignoresFolder(uri: string): boolean {
		const relative = relativePath(this.rootUri, uri);
		return relative !== undefined && relative !== '' && this.#ignoresPath(relative + '/');
	}

	/** Records a created file; returns true when the set of pages changed. */
	add(uri: string): boolean {
		const relative = relativePath(this.rootUri, uri);
		const pagePath = this.#pagePathOf(relative);
		if (pagePath === undefined || relative === undefined) return this.#addSpecCandidate(uri);
		return this.#place(uri, pagePath, this.#ignoresPath(relative));
	}

	/** What the scan worked out once for the folder whose files it is adding (they come in a run): see #addScanned. */
	#scanned: { readonly folder: string; readonly facts: ScannedFolder | undefined } | undefined;

	/**
	 * `add(joinUri(folder, name))` for a file the scan lists, the folder's share of the work done once
	 * per folder: its URI prefix, its relative path, whether a default ignore may match on the way
	 * (crewAI's 24,944 files: 77–113 → 51–74 ms of the site's opening). A name that is not plain (it
	 * would be encoded) goes the general way. The scan enters no skipped folder (node_modules, .git),
	 * and a page's name is never one, so #pagePathOf's test of them holds here without asking.
	 */
	#addScanned(folder: string, name: string): void {
		if (this.#scanned?.folder !== folder) this.#scanned = { folder, facts: this.#scannedFolder(folder) };
		const { facts } = this.#scanned;
		if (!facts || !plainName.test(name)) {
			this.add(joinUri(folder, name));
			return;
		}
		const uri = facts.prefix + name;
		const lowerName = name.toLowerCase();
		const extension = pageExtensions.find(e => lowerName.endsWith(e));
		if (!extension) {
			if (isSpecCandidate(name)) this.#addSpecCandidate(uri);
			return;
		}
		const relative = facts.relative + name;
		// #ignoresPath: without rules of the site's own, a path the default patterns cannot match is not ignored.
		const ignored = this.defaultsOnly && !facts.mayMatchDefaults && !defaultNames!.has(lowerName) ? false : this.ignores.ignores(relative);
		this.#place(uri, relative.slice(0, -extension.length), ignored);
	}

	/** A folder's share of #addScanned, from a plain name's URI and relative path (undefined: its files go the general way). */
	#scannedFolder(folder: string): ScannedFolder | undefined {
		const probe = joinUri(folder, 'x');
		if (probe !== (folder.endsWith('/') ? `${folder}x` : `${folder}/x`)) return undefined;
		const relative = relativePath(this.rootUri, probe);
		if (relative === undefined) return undefined;
		const own = relative.slice(0, -1);
		// The folder's part of mayMatchDefaultIgnores; a plain name adds only whether it is one of the default names.
		return { prefix: probe.slice(0, -1), relative: own, mayMatchDefaults: mayMatchDefaultIgnores(own.slice(0, -1)) };
	}

	/** Records page `uri` at `pagePath`, among the pages or the ignored ones; true when the set of pages changed. */
	#place(uri: string, pagePath: string, ignored: boolean): boolean {
		const target = ignored ? this.#ignored : this.#pages;
		// .mdx wins over .md for the same page path, as on the platform; the other file is still
		// checked (the platform's link check reads every page file).
		const existing = target.get(pagePath);
		if (existing === uri || this.#shadowed.has(uri)) return false;
		if (existing && existing.toLowerCase().endsWith('.mdx') && !uri.toLowerCase().endsWith('.mdx')) {
			if (target === this.#pages) this.#shadowed.set(uri, pagePath);
			return false;
		}
		if (existing && target === this.#pages) this.#shadowed.set(existing, pagePath);
		target.set(pagePath, uri);
		this.#version = ++PageIndex.#versions;
		return true;
	}

	/** Records a deleted file; returns true when the set of pages changed. */
	remove(uri: string): boolean {
		const pagePath = this.pagePathOfFile(uri);
		if (pagePath === undefined) {
			if (this.#specCandidates.delete(uri)) {
				this.#version = ++PageIndex.#versions;
				return true;
			}
			// Editors report a deleted folder once, not each file in it (VS Code's watcher folds them).
			return this.#removeFolder(uri);
		}
		if (this.#shadowed.delete(uri)) return false;
		for (const target of [this.#pages, this.#ignored]) {
			if (target.get(pagePath) === uri) {
				target.delete(pagePath);
				// The file it shadowed (page.md beside page.mdx) is the page now.
				const other = [...this.#shadowed].find(([, path]) => path === pagePath)?.[0];
				if (other && target === this.#pages) {
					this.#shadowed.delete(other);
					target.set(pagePath, other);
				}
				this.#version = ++PageIndex.#versions;
				return true;
			}
		}
		return false;
	}

	/** Forgets every file under the folder `uri`; true when there was any. */
	#removeFolder(uri: string): boolean {
		const prefix = uri.endsWith('/') ? uri : `${uri}/`;
		const under = [...this.#pages.values(), ...this.#ignored.values(), ...this.#shadowed.keys(), ...this.#specCandidates].filter(file =>
			file.startsWith(prefix),
		);
		// Shadowed files first: removing a page would otherwise promote its .md twin, which is gone too.
		under.sort((a, b) => Number(this.#shadowed.has(b)) - Number(this.#shadowed.has(a)));
		let changed = false;
		for (const file of under) changed = this.remove(file) || changed;
		return changed;
	}

	/** Every page file the platform reads: the pages, and a `.md` file beside an `.mdx` of the same name. */
	files(): string[] {
		return [...this.#pages.values(), ...this.#shadowed.keys()];
	}

	#addSpecCandidate(uri: string): boolean {
		const relative = relativePath(this.rootUri, uri);
		if (!relative || !isSpecCandidate(relative.split('/').pop()!) || this.#specCandidates.has(uri)) return false;
		if (relative.split('/').some(segment => skippedFolders.has(segment)) || this.#ignoresPath(relative)) return false;
		this.#specCandidates.add(uri);
		this.#version = ++PageIndex.#versions;
		return true;
	}
}
