import type { Diagnostic } from 'vscode-languageserver-types';
import { applyTeamConfig } from '../core/config/ruleResolution';
import { applyDisableDirectives, parseDisableDirectives, type DisableDirective } from '../core/config/disableDirectives';
import { emptyTeamConfig, teamConfigFileName, type TeamConfig } from '../core/config/teamConfig';
import { findWorkspaceTeamConfig, pathInRoot, rootOf, type LoadedTeamConfig } from '../core/config/teamConfigLookup';
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

	constructor(
		private readonly workspace: DocsWorkspace,
		/** Whether a file is open in the editor (its comments are read even when it has no findings). */
		private readonly isOpen: (uri: string) => boolean = () => false,
	) {}

	/** Reads the configs of these roots; false when a newer load started meanwhile (its result wins). */
	async load(roots: readonly string[]): Promise<boolean> {
		const generation = ++this.#generation;
		const byRoot = new Map<string, LoadedTeamConfig | undefined>();
		for (const root of roots) byRoot.set(root, await findWorkspaceTeamConfig(root, this.workspace));
		if (generation !== this.#generation) return false;
		this.#byRoot = byRoot;
		return true;
	}

	/** Pages with disable comments, as last read. */
	readonly #directives = new Map<string, { readonly json: string; readonly directives: readonly DisableDirective[] }>();

	/** Whether a page had disable comments when last read. */
	hasDirectives(uri: string): boolean {
		return this.#directives.has(uri);
	}

	/**
	 * Whether a page's comments are worth reading with these findings: a page with findings, with
	 * comments last time, or open. A clean closed page is not read again (large sites have thousands).
	 */
	shouldReadDirectives(uri: string, diagnostics: readonly Diagnostic[]): boolean {
		return /\.mdx?$/i.test(uri) && (diagnostics.length > 0 || this.#directives.has(uri) || this.isOpen(uri));
	}

	/** Reads a page's disable comments again (its buffer when open); true when they changed. */
	async readDirectives(uri: string): Promise<boolean> {
		const document = await this.workspace.readDocument(uri);
		const directives = document ? parseDisableDirectives(document.getText(), /\.mdx$/i.test(uri) ? 'mdx' : 'md') : [];
		const json = JSON.stringify(directives);
		const changed = (this.#directives.get(uri)?.json ?? '[]') !== json;
		if (directives.length) this.#directives.set(uri, { json, directives });
		else this.#directives.delete(uri);
		return changed;
	}

	/**
	 * A file's findings as the team says: its site's mintdoc.json, then the page's disable comments
	 * (whose own findings the config tunes too). Unchanged outside any site.
	 */
	apply(uri: string, diagnostics: readonly Diagnostic[]): readonly Diagnostic[] {
		const root = rootOf(this.#byRoot.keys(), uri);
		// A site without mintdoc.json still gets the rules' defaults (rules off by default stay off).
		const config = root === undefined ? undefined : this.configOf(root);
		const relative = root === undefined ? undefined : pathInRoot(root, uri);
		const tuned = config ? applyTeamConfig(config, relative, diagnostics) : diagnostics;
		const directives = this.#directives.get(uri)?.directives;
		if (!directives) return tuned;
		const silenced = applyDisableDirectives(directives, tuned);
		return config ? applyTeamConfig(config, relative, silenced) : silenced;
	}

	/** What a site's mintdoc.json says (the defaults when it has none); undefined for a root not loaded. */
	configOf(root: string): TeamConfig | undefined {
		return this.#byRoot.has(root) ? (this.#byRoot.get(root)?.config ?? emptyTeamConfig) : undefined;
	}

	/** The findings on each mintdoc.json in use (an empty list for a valid one). */
	findings(): Map<string, readonly Diagnostic[]> {
		const byFile = new Map<string, readonly Diagnostic[]>();
		for (const loaded of this.#byRoot.values()) if (loaded) byFile.set(loaded.uri, loaded.config.findings);
		return byFile;
	}
}
