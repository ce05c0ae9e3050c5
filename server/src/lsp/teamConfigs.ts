import type { Diagnostic } from 'vscode-languageserver-types';
import { applyTeamConfig } from '../core/config/ruleResolution';
import { teamConfigFileName } from '../core/config/teamConfig';
import { findTeamConfig, pathInRoot, rootOf, type LoadedTeamConfig } from '../core/config/teamConfigLookup';
import type { DocsWorkspace } from '../core/workspace';

/** Whether a file is a mintdoc.json (its changes re-apply the team's settings to every published finding). */
export function isTeamConfigUri(uri: string): boolean {
	return uri.endsWith(`/${teamConfigFileName}`);
}

/**
 * The mintdoc.json of each docs root the server knows, read through the workspace (so an unsaved
 * buffer counts), and the findings it applies to. A newer load supersedes one still reading.
 */
export class TeamConfigs {
	#byRoot = new Map<string, LoadedTeamConfig | undefined>();
	#generation = 0;

	constructor(private readonly workspace: DocsWorkspace) {}

	/** Reads the configs of these roots; false when a newer load started meanwhile (its result wins). */
	async load(roots: readonly string[]): Promise<boolean> {
		const generation = ++this.#generation;
		const byRoot = new Map<string, LoadedTeamConfig | undefined>();
		for (const root of roots) {
			// Up to the workspace folder holding the site (the deepest, as folders can nest), never above it.
			const top = this.workspace.folders.filter(f => root === f || root.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? root;
			byRoot.set(root, await findTeamConfig(root, top, uri => this.workspace.readDocument(uri)));
		}
		if (generation !== this.#generation) return false;
		this.#byRoot = byRoot;
		return true;
	}

	/** A file's findings as its site's mintdoc.json says (unchanged outside any site or without one). */
	apply(uri: string, diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
		const root = rootOf(this.#byRoot.keys(), uri);
		const loaded = root === undefined ? undefined : this.#byRoot.get(root);
		return loaded && root !== undefined ? applyTeamConfig(loaded.config, pathInRoot(root, uri), diagnostics) : diagnostics;
	}

	/** The findings on each mintdoc.json in use (an empty list for a valid one). */
	findings(): Map<string, readonly Diagnostic[]> {
		const byFile = new Map<string, readonly Diagnostic[]>();
		for (const loaded of this.#byRoot.values()) if (loaded) byFile.set(loaded.uri, loaded.config.findings);
		return byFile;
	}
}
