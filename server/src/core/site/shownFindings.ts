import type { Diagnostic } from 'vscode-languageserver-types';
import type { DisableDirective } from '../config/disableDirectives';
import type { ShownFileFindings, TeamView } from '../config/teamView';
import { SharedValues } from './sharedValues';

/**
 * Who made findings kept beside the checks' own: the comparison with a git ref (`compared`), the
 * rules that need every page's frontmatter (`metadata`), the external link check (`external`).
 */
export type BesideSource = 'compared' | 'metadata' | 'external';

/** One file's findings as the team sees them (see TeamView.show). */
export interface ShownFile extends ShownFileFindings {
	readonly uri: string;
}

interface Held {
	/** The last check's findings of the file. */
	check?: readonly Diagnostic[];
	readonly beside: Map<BesideSource, readonly Diagnostic[]>;
}

/**
 * What each file shows: the raw findings of its last check and those made beside the checks,
 * shown together through the team's view, so a page's disable comments judge all of them at once
 * and a change of mintdoc.json or of a switch shows every file again without checking anything.
 * Only files with findings or comments are held.
 */
export class ShownFindings {
	readonly #held = new Map<string, Held>();
	/** Per file checked: the change counter when its last check started (a report from an older check is not kept). */
	readonly #checkedAt = new Map<string, number>();
	/** Pages' disable comments, as their last summary said (pages without any are not held). */
	readonly #directives = new Map<string, readonly DisableDirective[]>();
	/**
	 * One string per message held: a versioned site repeats its findings page after page (crewAI held
	 * 329 copies of one link's "is a redirect" message, 12 MB of copies in all).
	 */
	readonly #messages = new SharedValues();

	constructor(
		private readonly team: TeamView,
		/** The site a file belongs to, if any. */
		private readonly rootOf: (uri: string) => string | undefined,
	) {}

	/** A page's disable comments, as its summary says (none: undefined). */
	noteDirectives(uri: string, directives: readonly DisableDirective[] | undefined): void {
		if (directives?.length) this.#directives.set(uri, directives);
		else this.#directives.delete(uri);
	}

	/**
	 * A check's raw findings of a file, from a check that started at change counter `at`: kept unless a
	 * check started later already reported the file (a background run that read an older text). Shown
	 * with what is held beside.
	 */
	async checked(uri: string, raw: readonly Diagnostic[], at: number): Promise<ShownFile> {
		if ((this.#checkedAt.get(uri) ?? -1) <= at) {
			this.#checkedAt.set(uri, at);
			// An equal string in place of each message: nothing a finding says changes.
			for (const diagnostic of raw) diagnostic.message = this.#messages.string(diagnostic.message);
			const held = this.#held.get(uri);
			if (held) {
				held.check = raw.length ? raw : undefined;
				if (!held.check && !held.beside.size) this.#held.delete(uri);
			} else if (raw.length) this.#held.set(uri, { check: raw, beside: new Map() });
		}
		return this.show(uri);
	}

	/**
	 * Replaces one source's findings of the files under `root` (every file when undefined); answers
	 * the files whose findings changed, shown as they are now.
	 */
	async setBeside(source: BesideSource, root: string | undefined, byUri: ReadonlyMap<string, readonly Diagnostic[]>): Promise<ShownFile[]> {
		const touched = new Set(byUri.keys());
		for (const [uri, held] of this.#held) if (held.beside.has(source) && (root === undefined || uri.startsWith(`${root}/`))) touched.add(uri);
		const changed: string[] = [];
		for (const uri of touched) {
			const next = byUri.get(uri) ?? [];
			const held = this.#held.get(uri);
			if (JSON.stringify(next) === JSON.stringify(held?.beside.get(source) ?? [])) continue;
			const entry = held ?? { beside: new Map() };
			if (next.length) entry.beside.set(source, next);
			else entry.beside.delete(source);
			if (!held && next.length) this.#held.set(uri, entry);
			else if (held && !held.check && !held.beside.size) this.#held.delete(uri);
			changed.push(uri);
		}
		return Promise.all(changed.map(uri => this.show(uri)));
	}

	/**
	 * Every file held, shown as the team's view says now (after mintdoc.json or a switch changed).
	 * Files of sites that are gone are dropped, answered with no findings.
	 */
	async showAll(): Promise<ShownFile[]> {
		const shown: ShownFile[] = [];
		for (const uri of new Set([...this.#held.keys(), ...this.#directives.keys()])) {
			if (this.rootOf(uri) === undefined) {
				this.#held.delete(uri);
				this.#directives.delete(uri);
				this.#checkedAt.delete(uri);
				shown.push({ uri, diagnostics: [] });
			} else shown.push(await this.show(uri));
		}
		return shown;
	}

	/** One file's findings, every source together, as the team's view shows them. */
	async show(uri: string): Promise<ShownFile> {
		const root = this.rootOf(uri);
		if (root !== undefined) await this.team.loadedOf(root);
		const held = this.#held.get(uri);
		const raw: Diagnostic[] = [...(held?.check ?? [])];
		for (const found of held?.beside.values() ?? []) for (const diagnostic of found) raw.push(diagnostic);
		return { uri, ...this.team.show(root, uri, raw, this.#directives.get(uri)) };
	}
}
