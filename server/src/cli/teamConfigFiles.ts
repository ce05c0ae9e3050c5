import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { URI } from 'vscode-uri';
import type { FileDiagnostics } from '../core/languageService';
import { textFacts } from '../core/cache';
import { oversizedSize } from '../core/textGuards';
import type { DocsWorkspace } from '../core/workspace';
import { applyTeamConfig } from '../core/config/ruleResolution';
import { applyDisableDirectives, parseDisableDirectives, type DisableDirective } from '../core/config/disableDirectives';
import { emptyTeamConfig, parseTeamConfig, type RuleMap } from '../core/config/teamConfig';
import { findTeamConfig, pathInRoot, rootOf, type LoadedTeamConfig } from '../core/config/teamConfigLookup';
import { readGuardedDocument } from '../node/fsWorkspace';
import { guardedText, readGuarded, realFolders } from '../node/guardedRead';
import { UsageError } from './usageError';

/** A finding the team silenced: SARIF keeps it, marked, where the other formats leave it out. */
export interface SuppressedFinding {
	readonly uri: string;
	readonly diagnostic: Diagnostic;
	readonly kind: 'external' | 'inSource';
}

/** Which mintdoc.json a run uses: the one found per site (default), a given file (`--config`), or none (`--no-config`). */
export interface TeamConfigChoice {
	/** A file, relative to the working directory. */
	readonly config?: string;
	readonly noConfig?: boolean;
	/** `--rule code=setting`, above everything in mintdoc.json. */
	readonly rules?: RuleMap;
}

/**
 * The mintdoc.json of each docs root (undefined: none), as the choice says. `given`: the folders
 * the run was given (URIs), where a lookup outside any git repository stops (see lookupTop).
 */
export async function loadTeamConfigs(
	roots: readonly string[],
	choice: TeamConfigChoice,
	cwd: string,
	given: readonly string[] = [],
): Promise<Map<string, LoadedTeamConfig | undefined>> {
	const configs = new Map<string, LoadedTeamConfig | undefined>();
	if (choice.noConfig) return configs;
	if (choice.config !== undefined) {
		const file = path.resolve(cwd, choice.config);
		// A file the user names may be anywhere (the base branch's copy, for untrusted pull requests); it must still be a regular file.
		const read = await readGuarded(file);
		const text = guardedText(read);
		if (text === undefined)
			throw new UsageError(
				`cannot read --config '${choice.config}': ${read ? (read.kind === 'oversized' ? 'too large' : 'not a regular file') : 'no such file'}`,
			);
		const uri = URI.file(file).toString();
		const loaded = { uri, config: parseTeamConfig(TextDocument.create(uri, 'json', 0, text)) };
		for (const root of roots) configs.set(root, loaded);
		return configs;
	}
	for (const root of roots) {
		const top = await lookupTop(
			URI.parse(root).fsPath,
			given.map(f => URI.parse(f).fsPath),
			cwd,
		);
		// Read as pages are: a regular file whose real location is inside the folders looked in.
		const inside = realFolders([top]);
		configs.set(root, await findTeamConfig(root, URI.file(top).toString(), uri => readGuardedDocument(uri, inside)));
	}
	return configs;
}

/**
 * The findings as the team configured them (mintdoc.json, then the pages' disable comments), plus
 * the findings on each mintdoc.json used. Without a config only `--rule` and the comments apply.
 */
export async function applyTeamConfigs(
	results: readonly FileDiagnostics[],
	roots: readonly string[],
	configs: ReadonlyMap<string, LoadedTeamConfig | undefined>,
	extra: RuleMap | undefined,
	/** Receives what mintdoc.json (`external`) or a page's comment (`inSource`) left out. */
	suppressed?: SuppressedFinding[],
	/**
	 * The pages' disable comments: as the check read them (recordDisableDirectives), or a reader of
	 * a page's text (default: the disk; `mintdoc mcp`'s drafts pass their own).
	 */
	directives?: ReadonlyMap<string, readonly DisableDirective[]> | ((uri: string) => Promise<string | undefined>),
): Promise<FileDiagnostics[]> {
	if (!directives) {
		// The disk, read as the check read it: regular files inside the docs roots.
		const inside = realFolders(roots.map(root => URI.parse(root).fsPath));
		directives = async uri => guardedText(await readGuarded(URI.parse(uri).fsPath, { inside }));
	}
	const configured: FileDiagnostics[] = [];
	const directivesOf =
		typeof directives === 'function'
			? await pageDirectives(
					results.map(r => r.uri),
					directives,
				)
			: directives;
	for (const { uri, diagnostics } of results) {
		const root = rootOf(roots, uri);
		const config = (root === undefined ? undefined : configs.get(root))?.config ?? emptyTeamConfig;
		const relative = root === undefined ? undefined : pathInRoot(root, uri);
		const external: Diagnostic[] = [];
		const inSource: Diagnostic[] = [];
		const tuned = applyTeamConfig(config, relative, diagnostics, extra, external);
		const directives = directivesOf.get(uri) ?? [];
		// The comments' own findings (unused-disable-directive) are settings like any other.
		const silenced = directives.length ? applyDisableDirectives(directives, tuned, inSource) : undefined;
		configured.push({ uri, diagnostics: silenced ? applyTeamConfig(config, relative, silenced, extra, external) : tuned });
		for (const diagnostic of external) suppressed?.push({ uri, diagnostic, kind: 'external' });
		for (const diagnostic of inSource) suppressed?.push({ uri, diagnostic, kind: 'inSource' });
	}
	const seen = new Set<string>();
	for (const [root, loaded] of configs) {
		if (!loaded || seen.has(loaded.uri)) continue;
		seen.add(loaded.uri);
		configured.push({ uri: loaded.uri, diagnostics: applyTeamConfig(loaded.config, pathInRoot(root, loaded.uri), loaded.config.findings, extra) });
	}
	return configured;
}

/**
 * A workspace that notes the disable comments of every page as the check reads it: the comments
 * come with the text the findings were made from, and a site of 25,000 pages is not read twice
 * (finding none costs one substring search per page).
 */
export function recordDisableDirectives(workspace: DocsWorkspace): {
	readonly workspace: DocsWorkspace;
	readonly directives: ReadonlyMap<string, readonly DisableDirective[]>;
} {
	const directives = new Map<string, readonly DisableDirective[]>();
	const readDocument = async (uri: string) => {
		const document = await workspace.readDocument(uri);
		const kind = /\.mdx$/i.test(uri) ? 'mdx' : /\.md$/i.test(uri) ? 'md' : undefined;
		// A file too large to read whole holds only its head: nothing to note from it.
		if (document && kind && oversizedSize(document) === undefined) {
			// An unchanged page known to hold no `mintdoc-` is not loaded for this (see unchangedFiles.ts).
			const found = textFacts(document)?.mayHoldDirectives === false ? [] : parseDisableDirectives(document.getText(), kind);
			if (found.length) directives.set(uri, found);
			else directives.delete(uri);
		}
		return document;
	};
	const recording: DocsWorkspace = {
		get folders() {
			return workspace.folders;
		},
		readDocument,
		stat: uri => workspace.stat(uri),
		readDirectory: uri => workspace.readDirectory(uri),
		...(workspace.realUri && { realUri: (uri: string) => workspace.realUri!(uri) }),
	};
	return { workspace: recording, directives };
}

/** The disable comments of every page among `uris` (read again: page summaries do not keep the text), 64 files at a time. */
async function pageDirectives(uris: readonly string[], readText: (uri: string) => Promise<string | undefined>): Promise<Map<string, DisableDirective[]>> {
	const pages = uris.filter(uri => /\.mdx?$/i.test(uri));
	const found = new Map<string, DisableDirective[]>();
	for (let i = 0; i < pages.length; i += 64) {
		await Promise.all(
			pages.slice(i, i + 64).map(async uri => {
				const text = await readText(uri);
				const directives = text === undefined ? [] : parseDisableDirectives(text, /\.mdx$/i.test(uri) ? 'mdx' : 'md');
				if (directives.length) found.set(uri, directives);
			}),
		);
	}
	return found;
}

/**
 * Where the mintdoc.json lookup from `dir` stops: the top of the git repository holding it; without
 * one, the folder the run was given (the deepest holding `dir`), else the working directory when it
 * holds `dir`, else `dir` itself. Never the file system's root: a `{"rules": {"*": "off"}}` left in
 * a parent folder (`/tmp`, a CI runner's work folder) would silence every rule of a checkout there.
 */
async function lookupTop(dir: string, given: readonly string[], cwd: string): Promise<string> {
	for (let current = dir; ; current = path.dirname(current)) {
		if (await fs.stat(path.join(current, '.git')).catch(() => undefined)) return current;
		if (path.dirname(current) === current) break;
	}
	const holds = (folder: string) => dir === folder || dir.startsWith(folder.endsWith(path.sep) ? folder : folder + path.sep);
	const folder = given.filter(holds).sort((a, b) => b.length - a.length)[0];
	return folder ?? (holds(cwd) ? cwd : dir);
}
