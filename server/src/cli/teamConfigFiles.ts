import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { parseTeamConfig, type RuleMap } from '../core/config/teamConfig';
import { findTeamConfig, type LoadedTeamConfig } from '../core/config/teamConfigLookup';
import type { SilencedFinding, TeamConfigLoader } from '../core/config/teamView';
import { readGuardedDocument } from '../node/runtime/fsWorkspace';
import { guardedText, readGuarded, realFolders } from '../node/runtime/guardedRead';
import { UsageError } from './usageError';

/** A finding the team silenced, and its file: SARIF keeps it, marked, where the other formats leave it out. */
export interface SuppressedFinding extends SilencedFinding {
	readonly uri: string;
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
 * How a run finds each site's mintdoc.json, as the choice says (TeamView asks it once per site).
 * `given`: the folders the run was given (URIs), where a lookup outside any git repository stops
 * (see lookupTop). A `--config` file is read here, at once: one it cannot read is a usage error
 * before anything is checked.
 */
export async function teamConfigLoader(choice: TeamConfigChoice, cwd: string, given: readonly string[] = []): Promise<TeamConfigLoader> {
	if (choice.noConfig) return async () => undefined;
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
		return async () => loaded;
	}
	return async root => {
		const top = await lookupTop(
			URI.parse(root).fsPath,
			given.map(f => URI.parse(f).fsPath),
			cwd,
		);
		// Read as pages are: a regular file whose real location is inside the folders looked in.
		const inside = realFolders([top]);
		return findTeamConfig(root, URI.file(top).toString(), uri => readGuardedDocument(uri, inside));
	};
}

/** The mintdoc.json of each docs root (undefined: none), as the choice says (for the commands that check nothing). */
export async function loadTeamConfigs(
	roots: readonly string[],
	choice: TeamConfigChoice,
	cwd: string,
	given: readonly string[] = [],
): Promise<Map<string, LoadedTeamConfig | undefined>> {
	const load = await teamConfigLoader(choice, cwd, given);
	const configs = new Map<string, LoadedTeamConfig | undefined>();
	for (const root of roots) configs.set(root, await load(root));
	return configs;
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
