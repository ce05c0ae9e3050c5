import type { Connection } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { noCancellation, type CancellationToken } from '../core/cancellation';
import type { LanguageService } from '../core/languageServiceTypes';
import type { Logger } from '../core/logger';
import { findRemovedRoutes, type SiteAtRef } from '../core/site/removedRoutes';
import type { SiteModel } from '../core/site/siteModel';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { describeError } from './runner';
import type { ServerRuntime } from './serverRuntime';

/** `mintdoc.compareWith` when the client does not say: the merge base with the default branch. */
const defaultCompareWith = 'merge-base';

/**
 * The editor's side of `page-removed-without-redirect` and `redirect-removed`: each site read at
 * the ref `mintdoc.compareWith` names (git, through the runtime), again when the branch changes,
 * a file is saved or the setting changes, and never on a keystroke. The comparison itself runs
 * after a site check has published, on a later turn, and is skipped when a newer check started.
 */
export class ComparedSites {
	/** Per root: the site at the ref (undefined: off, or not readable), and a counter that drops late reads. */
	readonly #old = new Map<string, SiteAtRef | undefined>();
	readonly #reads = new Map<string, number>();
	/** Per root: the inputs of the findings last sent, so an unchanged pair is not compared again. */
	readonly #last = new Map<string, { old: SiteAtRef | undefined; site: SiteModel }>();
	/** Per root: the last reason a read failed, logged once. */
	readonly #failures = new Map<string, string>();

	constructor(
		private readonly connection: Connection,
		private readonly runtime: ServerRuntime,
		private readonly service: LanguageService,
		private readonly publisher: DiagnosticsPublisher,
		private readonly logger: Logger,
	) {
		publisher.onSiteChecked = (root, token) => runtime.nextTurn(() => void this.#compare(root, token));
	}

	/** Reads these sites at the ref again (a branch change, a save, a setting change, new roots). */
	refresh(roots: readonly string[]): void {
		for (const root of [...this.#old.keys()]) if (!roots.includes(root)) this.#old.delete(root);
		for (const root of roots) void this.#read(root);
	}

	async #read(root: string): Promise<void> {
		const read = (this.#reads.get(root) ?? 0) + 1;
		this.#reads.set(root, read);
		let old: SiteAtRef | undefined;
		try {
			const setting: unknown = await this.connection.workspace.getConfiguration({ scopeUri: root, section: 'mintdoc.compareWith' }).catch(() => undefined);
			const compareWith = typeof setting === 'string' && setting.trim() !== '' ? setting.trim() : defaultCompareWith;
			if (compareWith !== 'off' && this.runtime.readSiteAtRef) old = await this.runtime.readSiteAtRef(root, compareWith);
			this.#failures.delete(root);
		} catch (e) {
			// Its one line (a folder outside git, no such ref, git missing): an expected state of a workspace, not a failure with a stack.
			const reason = e instanceof Error ? e.message : String(e);
			if (this.#failures.get(root) !== reason) this.logger.info(`not comparing ${root} with a git ref: ${reason}`);
			this.#failures.set(root, reason);
		}
		// A later read (the branch changed again meanwhile) wins.
		if (this.#reads.get(root) !== read) return;
		this.#old.set(root, old);
		await this.#compare(root);
	}

	async #compare(root: string, token?: CancellationToken): Promise<void> {
		if (token?.isCancellationRequested || !this.service.roots.includes(root)) return;
		try {
			const old = this.#old.get(root);
			const site = await this.service.getSite(root, token ?? noCancellation);
			const last = this.#last.get(root);
			if (token?.isCancellationRequested || (last && last.old === old && last.site === site)) return;
			this.#last.set(root, { old, site });
			const found: Diagnostic[] = old ? findRemovedRoutes(old, site) : [];
			await this.publisher.setBesideFindings('compared', root, new Map(found.length ? [[site.config.configUri, found]] : []));
		} catch (e) {
			if (!token?.isCancellationRequested) this.logger.error(`comparing ${root} with a git ref failed: ${describeError(e)}`);
		}
	}
}
