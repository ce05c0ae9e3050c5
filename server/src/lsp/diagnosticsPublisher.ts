import { CancellationTokenSource, type CancellationToken, type Connection } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { fingerprint } from '../core/cache';
import { isCancelledError } from '../core/cancellation';
import type { FileDiagnostics, LanguageService } from '../core/languageService';
import type { BesideSource } from '../core/site/shownFindings';
import type { Logger } from '../core/logger';
import { SiteChangedNotification } from '../protocol';
import { describeError } from './runner';

export type { BesideSource } from '../core/site/shownFindings';

/** Checks of a site cut short by another request's cancellation that are run again before giving up. */
const maxCutShortRetries = 3;

/**
 * Push diagnostics, site by site. Push rather than pull because site-wide checks report on files
 * nobody has open (a `$ref` file, later every page), and those belong in the Problems view too.
 * A site is re-checked shortly after one of its files changes; a newer change cancels the check
 * in flight, so stale results are never published, and files that no longer have problems
 * (or left the site) are cleared.
 */
export class DiagnosticsPublisher {
	readonly #pending = new Map<string, { timer: NodeJS.Timeout | undefined; source: CancellationTokenSource }>();
	/** Per root: the URIs it last published diagnostics for. */
	readonly #publishedBySite = new Map<string, Set<string>>();
	/**
	 * Files with diagnostics on screen (a fingerprint of what was sent), so a clean re-check clears
	 * them and an unchanged one is not sent again. A fingerprint, not the JSON: on a 25,000-page site
	 * the JSON of every page's findings was 30 MB held for nothing but this comparison.
	 */
	readonly #onScreen = new Map<string, string>();
	/** Per root: the background check of every page in flight. */
	readonly #pageRuns = new Map<string, CancellationTokenSource>();
	/**
	 * Counts page check requests; per page, the count when its own check was last requested. A
	 * background run started before that may have read the page's older text: what it finds for the
	 * page is never published (the page's own check publishes what it says now).
	 */
	#pageRequests = 0;
	readonly #pageRequestedAt = new Map<string, number>();

	constructor(
		private readonly connection: Connection,
		private readonly service: LanguageService,
		private readonly logger: Logger,
		/** Called when a background check of a site's pages finished (not cancelled). */
		private readonly onPagesChecked: () => void = () => undefined,
		/** Called once each time the work runs out: nothing scheduled, no site or page check running, no rehearsal. */
		private readonly onIdle: () => void = () => undefined,
		/** A later turn of the event loop (ServerRuntime.nextTurn). */
		private readonly nextTurn: (callback: () => void) => void = callback => void Promise.resolve().then(callback),
	) {}

	/** Work was scheduled since the last call of onIdle. */
	#busy = false;

	/**
	 * After a check of a site or a page, or a background run, ended: when nothing else is scheduled
	 * or running, onIdle is called on a later turn, when a change that already arrived has been read
	 * (and made the publisher busy again, so the call waits for the end of that work).
	 */
	#settled(): void {
		if (!this.#busy || !this.#isIdle()) return;
		this.nextTurn(() => {
			if (!this.#busy || !this.#isIdle()) return;
			this.#busy = false;
			this.onIdle();
		});
	}

	#isIdle(): boolean {
		return !this.#pending.size && !this.#running.size && !this.#pageRuns.size && !this.#rehearsal;
	}

	/**
	 * A mintdoc.json changed: every file's findings are shown again as it now says (the service
	 * re-shows what it holds, nothing is checked again), then the sites are checked for the findings
	 * on mintdoc.json itself.
	 */
	async showAllAgain(roots: readonly string[]): Promise<void> {
		this.showFiles(await this.service.showAllFindings());
		for (const root of roots) this.schedule(root, 0);
	}

	/** Sends files' findings as the service answered them (a source beside the checks changed). */
	showFiles(files: readonly FileDiagnostics[]): void {
		for (const { uri, diagnostics } of files) this.#send(uri, diagnostics);
	}

	/** Checks the site at `root` after `delayMs` (typing bursts collapse into one run), replacing any earlier request. */
	schedule(root: string, delayMs: number): void {
		this.#busy = true;
		this.#rehearsal?.cancel();
		this.#cancel(root);
		// The site check answers the edit: background page checks wait (the run after it resumes where this one stopped).
		this.#pageRuns.get(root)?.cancel();
		const source = new CancellationTokenSource();
		const entry = { timer: undefined as NodeJS.Timeout | undefined, source };
		entry.timer = setTimeout(() => void this.#check(root, source), delayMs);
		this.#pending.set(root, entry);
	}

	/** Per root: site checks in a row that ended with a cancellation nobody asked for (see #check). */
	readonly #cutShort = new Map<string, number>();

	/** Roots whose check is under way (its timer fired), and those to check again once it is done. */
	readonly #running = new Set<string>();
	readonly #rerun = new Map<string, number>();

	/**
	 * Checks the site again after `delayMs` because something it read arrived since (an OpenAPI
	 * document read in the background). A check under way is not cut short: what it publishes holds
	 * for what it read, and the first diagnostics of a site whose documents arrive while it is checked
	 * are not held back (crewAI: ~0.35 s). The new check follows it.
	 */
	scheduleAfterRunning(root: string, delayMs: number): void {
		if (this.#running.has(root) && !this.#pending.get(root)?.timer) this.#rerun.set(root, Math.min(delayMs, this.#rerun.get(root) ?? delayMs));
		else this.schedule(root, delayMs);
	}

	/** Checks one page after `delayMs` (typing), replacing an earlier request for it. */
	schedulePage(uri: string, delayMs: number): void {
		this.#busy = true;
		this.#rehearsal?.cancel();
		this.#cancel(uri);
		this.#pageRequestedAt.set(uri, ++this.#pageRequests);
		const source = new CancellationTokenSource();
		const entry = { timer: undefined as NodeJS.Timeout | undefined, source };
		// #checkPage catches every failure itself (logged), so the timer's promise is safely not awaited.
		entry.timer = setTimeout(() => void this.#checkPage(uri, source), delayMs);
		this.#pending.set(uri, entry);
	}

	async #checkPage(uri: string, source: CancellationTokenSource): Promise<void> {
		try {
			const diagnostics = await this.service.checkPage(uri, source.token);
			if (!source.token.isCancellationRequested) {
				this.publishPage(uri, diagnostics);
				// Its headings changed: the pages linking to its anchors are judged again (not the whole site).
				for (const dependent of this.service.dependentPages(uri)) if (!this.#pending.has(dependent)) this.schedulePage(dependent, 0);
			}
		} catch (e) {
			if (!isCancelledError(e)) this.logger.error(`checking ${uri} failed: ${describeError(e)}`);
		} finally {
			if (this.#pending.get(uri)?.source === source) this.#pending.delete(uri);
			this.#settled();
		}
	}

	/**
	 * Re-checks the pages of a site in the background after its configuration or set of pages
	 * changed: all of them when links may have broken or healed (pages, redirects, OpenAPI
	 * documents changed), else only those judged against the navigation. A newer run for the same
	 * site cancels this one.
	 */
	checkAllPages(root: string): void {
		this.#busy = true;
		this.#rehearsal?.cancel();
		this.#pageRuns.get(root)?.cancel();
		const source = new CancellationTokenSource();
		this.#pageRuns.set(root, source);
		const startedAt = this.#pageRequests;
		void this.service
			.checkPages(
				root,
				source.token,
				({ uri, diagnostics }) => {
					// A page being edited has its own, newer check pending, or done since this run started.
					if (!this.#pending.has(uri) && (this.#pageRequestedAt.get(uri) ?? 0) <= startedAt) this.publishPage(uri, diagnostics);
				},
				{ onlyAffected: true },
			)
			.then(
				async () => {
					if (source.token.isCancellationRequested) return;
					// First: once a site is loaded this bounds the heap (node/runtime/heapGrowth.ts), so the rehearsal's
					// models are collected as they go instead of growing it (RSS after load +50–70 MB on crewAI).
					this.onPagesChecked();
					this.onSitePagesChecked(root);
					await this.#rehearseOnce(root);
				},
				e => {
					if (!isCancelledError(e)) this.logger.error(`checking the pages of ${root} failed: ${describeError(e)}`);
				},
			)
			.finally(() => {
				if (this.#pageRuns.get(root) === source) this.#pageRuns.delete(root);
				this.#settled();
			});
	}

	/** Roots whose docs.json edits were rehearsed (or tried: a cancelled rehearsal is not repeated), and the one under way. */
	readonly #rehearsed = new Set<string>();
	#rehearsal: CancellationTokenSource | undefined;

	/**
	 * After the first background check of a site's pages, while nothing waits: the service rehearses
	 * its docs.json edits once (a large one only; see LanguageService.rehearseConfigEdits). Any
	 * change or check scheduled meanwhile cancels it.
	 */
	async #rehearseOnce(root: string): Promise<void> {
		if (this.#rehearsed.has(root) || this.#pending.size || this.#running.size) return;
		this.#rehearsed.add(root);
		const source = new CancellationTokenSource();
		this.#rehearsal = source;
		const started = Date.now();
		try {
			const built = await this.service.rehearseConfigEdits(root, source.token);
			if (built) this.logger.info(`rehearsed ${built} docs.json edits of ${root} in ${Date.now() - started} ms (the first keystrokes run warm)`);
		} catch (e) {
			if (!isCancelledError(e)) this.logger.error(`rehearsing the docs.json edits of ${root} failed: ${describeError(e)}`);
		} finally {
			if (this.#rehearsal === source) this.#rehearsal = undefined;
		}
	}

	/** Sends a page's findings unless they are what is on screen already (re-checks mostly find the same: sending it again would flood the client). */
	publishPage(uri: string, diagnostics: readonly Diagnostic[]): void {
		if (diagnostics.length === 0 && !this.#onScreen.has(uri)) return;
		if (diagnostics.length && this.#onScreen.get(uri) === fingerprint(JSON.stringify(diagnostics))) return;
		this.#send(uri, diagnostics);
	}

	/** Checks these sites now, one after the other. */
	async checkSites(roots: readonly string[]): Promise<void> {
		for (const root of roots) {
			this.#cancel(root);
			await this.#check(root, new CancellationTokenSource());
		}
	}

	/** Clears everything a site published (the site is gone). */
	forgetSite(root: string): void {
		this.#cancel(root);
		this.#pageRuns.get(root)?.cancel();
		for (const uri of [...this.#onScreen.keys()]) if (uri.startsWith(root + '/')) this.#send(uri, []);
		for (const uri of this.#publishedBySite.get(root) ?? []) this.#send(uri, []);
		this.#publishedBySite.delete(root);
	}

	async #check(root: string, source: CancellationTokenSource): Promise<void> {
		const entry = this.#pending.get(root);
		if (entry?.source === source) entry.timer = undefined;
		this.#running.add(root);
		try {
			const results = await this.service.checkSite(root, source.token);
			if (!source.token.isCancellationRequested) {
				this.#publishSite(root, results);
				void this.connection.sendNotification(SiteChangedNotification.type, { rootUri: root });
				this.onSiteChecked(root, source.token);
				// The connection writes on a later turn (Node's setImmediate): the pages' re-check starts after that
				// write, or its first synchronous stretch held the site's findings back (crewAI: a median of
				// 11 ms, up to 30 ms). Not when a newer check of the site is waiting: that one starts its own.
				this.nextTurn(() => {
					if (!this.#pending.has(root)) this.checkAllPages(root);
				});
			}
			this.#cutShort.delete(root);
		} catch (e) {
			if (!isCancelledError(e)) this.logger.error(`checking ${root} failed: ${describeError(e)}`);
			else if (!source.token.isCancellationRequested) {
				// Cancelled without being asked: work it shared with another request ended with that one. Nothing
				// newer will check the site, so this check runs again (a few times at most: never a loop).
				const times = (this.#cutShort.get(root) ?? 0) + 1;
				this.#cutShort.set(root, times);
				this.logger.warn(`checking ${root} was cut short by another request's cancellation${times <= maxCutShortRetries ? '; checking again' : ''}`);
				if (times <= maxCutShortRetries) this.#rerun.set(root, 0);
			}
		} finally {
			if (this.#pending.get(root)?.source === source) this.#pending.delete(root);
			this.#running.delete(root);
			const rerun = this.#rerun.get(root);
			this.#rerun.delete(root);
			// Unless a newer check is already waiting (it reads what arrived too).
			if (rerun !== undefined && !this.#pending.has(root)) this.schedule(root, rerun);
			this.#settled();
		}
	}

	#publishSite(root: string, results: readonly FileDiagnostics[]): void {
		const before = this.#publishedBySite.get(root) ?? new Set<string>();
		const now = new Set<string>();
		for (const { uri, diagnostics } of results) {
			if (diagnostics.length === 0 && !before.has(uri)) continue;
			this.#send(uri, diagnostics);
			if (diagnostics.length) now.add(uri);
		}
		for (const uri of before) if (!now.has(uri) && !results.some(r => r.uri === uri)) this.#send(uri, []);
		this.#publishedBySite.set(root, now);
	}

	/** Called after each site check that was not cancelled, with its token (a newer check cancels it): the comparison runs then. */
	onSiteChecked: (root: string, token: CancellationToken) => void = () => undefined;

	/** Called when a background check of every page of a site finished (not cancelled): the rules that need all pages run then. */
	onSitePagesChecked: (root: string) => void = () => undefined;

	/**
	 * Replaces one source's findings made beside the checks (the git comparison, the page metadata
	 * rules: files under `root`; the external link check: everywhere), sending each file whose findings changed.
	 */
	async setBesideFindings(source: BesideSource, root: string | undefined, byUri: ReadonlyMap<string, Diagnostic[]>): Promise<void> {
		this.showFiles(await this.service.setBesideFindings(source, root, byUri));
	}

	/** Shows or hides the accessibility findings (`mintdoc.a11y.enabled`) on every file at once, without checking anything again. */
	async setA11yEnabled(enabled: boolean): Promise<void> {
		this.showFiles(await this.service.setTeamSwitches({ a11y: enabled }));
	}

	#send(uri: string, diagnostics: readonly Diagnostic[]): void {
		if (diagnostics.length) this.#onScreen.set(uri, fingerprint(JSON.stringify(diagnostics)));
		else this.#onScreen.delete(uri);
		void this.connection.sendDiagnostics({ uri, diagnostics: [...diagnostics] });
	}

	#cancel(root: string): void {
		const pending = this.#pending.get(root);
		if (!pending) return;
		clearTimeout(pending.timer);
		pending.source.cancel();
		this.#pending.delete(root);
	}
}
