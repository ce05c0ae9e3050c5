import type { Diagnostic } from 'vscode-languageserver-types';
import { filterA11y } from '../a11yFindings';
import type { DocsWorkspace } from '../workspace';
import { applyDisableDirectives, type DisableDirective } from './disableDirectives';
import { applyTeamConfig, mayShowRule } from './ruleResolution';
import { emptyTeamConfig, teamConfigFileName, type RuleMap, type TeamConfig } from './teamConfig';
import { findWorkspaceTeamConfig, pathInRoot, type LoadedTeamConfig } from './teamConfigLookup';

/**
 * What decides how findings are shown beyond mintdoc.json: the editor's settings or one run's options.
 * The same for every site of the service.
 */
export interface TeamSwitches {
	/** Accessibility findings (`a11y-*`) shown: the editor's `mintdoc.a11y.enabled`, `mintdoc check --no-a11y`. Default true. */
	readonly a11y?: boolean;
	/** Rule settings above every mintdoc.json (`mintdoc check --rule`). */
	readonly rules?: RuleMap;
	/** Keep what the team silenced beside what it shows (SARIF lists it, marked suppressed). Default false: not held. */
	readonly keepSuppressed?: boolean;
}

/** Finds a site's mintdoc.json. The default reads through the workspace (an editor's unsaved buffer counts); the CLI brings its own lookup (`--config`, `--no-config`, the top of the repository). */
export type TeamConfigLoader = (root: string) => Promise<LoadedTeamConfig | undefined>;

/** A finding the team silenced: by mintdoc.json (`external`) or by a comment in the page (`inSource`). */
export interface SilencedFinding {
	readonly diagnostic: Diagnostic;
	readonly kind: 'external' | 'inSource';
}

/** One file's findings as the team sees them, and (with keepSuppressed) what it silenced. */
export interface ShownFileFindings {
	readonly diagnostics: readonly Diagnostic[];
	readonly suppressed?: readonly SilencedFinding[];
}

/** Whether a file is a mintdoc.json (its changes change how every finding of its sites is shown). */
export function isTeamConfigUri(uri: string): boolean {
	return uri.endsWith(`/${teamConfigFileName}`);
}

/**
 * The team's view of the findings: each site's mintdoc.json (read once per change of any
 * mintdoc.json, through the site state's doors), the switches, and how one file's findings are
 * shown — mintdoc.json, then the page's disable comments (whose own findings mintdoc.json tunes
 * too), then the accessibility switch. Every host shows findings through this one place.
 */
export class TeamView {
	readonly #loaded = new Map<string, Promise<LoadedTeamConfig | undefined>>();
	/** The configs already read, for the synchronous answers (configOf). */
	readonly #settled = new Map<string, LoadedTeamConfig | undefined>();
	#switches: TeamSwitches;

	constructor(
		private readonly load: TeamConfigLoader,
		switches: TeamSwitches = {},
	) {
		this.#switches = switches;
	}

	/** The default loader: mintdoc.json beside the root or above it, up to the workspace folder. */
	static workspaceLoader(workspace: Pick<DocsWorkspace, 'folders' | 'readDocument'>): TeamConfigLoader {
		return root => findWorkspaceTeamConfig(root, workspace);
	}

	get switches(): TeamSwitches {
		return this.#switches;
	}

	/** Replaces the switches; true when what is shown may differ (the caller shows every file again). */
	setSwitches(switches: TeamSwitches): boolean {
		const before = this.#switches;
		this.#switches = { ...before, ...switches };
		return (before.a11y ?? true) !== (this.#switches.a11y ?? true) || before.rules !== this.#switches.rules;
	}

	/** A file changed (the state's doors call this): a mintdoc.json anywhere is read again for every site. */
	noteChange(uri: string): boolean {
		if (!isTeamConfigUri(uri)) return false;
		this.forget();
		return true;
	}

	/** Drops every config read (read again when next asked: a run that is not told of changes starts each check so). */
	forget(): void {
		this.#loaded.clear();
		this.#settled.clear();
	}

	/** The mintdoc.json a site uses (undefined: none), read once per change. */
	loadedOf(root: string): Promise<LoadedTeamConfig | undefined> {
		let loading = this.#loaded.get(root);
		if (!loading) {
			loading = this.load(root).then(
				loaded => {
					if (this.#loaded.get(root) === loading) this.#settled.set(root, loaded);
					return loaded;
				},
				// A lookup that fails (a refused read) leaves the defaults in force; its next change reads again.
				() => undefined,
			);
			this.#loaded.set(root, loading);
		}
		return loading;
	}

	/** What a site's mintdoc.json says (the defaults without one). */
	async configOf(root: string): Promise<TeamConfig> {
		return (await this.loadedOf(root))?.config ?? emptyTeamConfig;
	}

	/** What a site's mintdoc.json said when last read, without waiting (the defaults when not read yet). */
	knownConfigOf(root: string): TeamConfig {
		return this.#settled.get(root)?.config ?? emptyTeamConfig;
	}

	/** Whether a rule may show in some file of the site (see mayShowRule); the site's config must have been loaded. */
	mayShow(root: string, code: string): boolean {
		return mayShowRule(this.knownConfigOf(root), code, this.#switches.rules);
	}

	/**
	 * One file's findings as the team configured them. `root`: the site the file belongs to
	 * (undefined: none, only the switches apply); its config must have been loaded (loadedOf).
	 */
	show(root: string | undefined, uri: string, raw: readonly Diagnostic[], directives: readonly DisableDirective[] | undefined): ShownFileFindings {
		const config = root === undefined ? emptyTeamConfig : this.knownConfigOf(root);
		const relative = root === undefined ? undefined : pathInRoot(root, uri);
		const { rules: extra, keepSuppressed } = this.#switches;
		const suppressed: SilencedFinding[] | undefined = keepSuppressed ? [] : undefined;
		const external: Diagnostic[] | undefined = suppressed && [];
		const inSource: Diagnostic[] | undefined = suppressed && [];
		const tuned = applyTeamConfig(config, relative, raw, extra, external);
		// The comments' own findings (unused-disable-directive) are settings like any other.
		const configured = directives?.length ? applyTeamConfig(config, relative, applyDisableDirectives(directives, tuned, inSource), extra, external) : tuned;
		// The switch last: a comment silencing an accessibility rule is not "unused" while the family is hidden.
		const diagnostics = filterA11y(configured, this.#switches.a11y ?? true);
		if (!suppressed) return { diagnostics };
		for (const diagnostic of external ?? []) suppressed.push({ diagnostic, kind: 'external' });
		for (const diagnostic of inSource ?? []) suppressed.push({ diagnostic, kind: 'inSource' });
		return suppressed.length ? { diagnostics, suppressed } : { diagnostics };
	}

	/** The findings on a site's mintdoc.json itself, as its own settings tune them. */
	configFileFindings(root: string): { readonly uri: string; readonly diagnostics: readonly Diagnostic[] } | undefined {
		const loaded = this.#settled.get(root);
		if (!loaded) return undefined;
		return { uri: loaded.uri, diagnostics: applyTeamConfig(loaded.config, pathInRoot(root, loaded.uri), loaded.config.findings, this.#switches.rules) };
	}
}
