import { CancellationTokenSource, type CancellationToken } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { isCancelledError, throwIfCancelled } from '../core/cancellation';
import type { LanguageService } from '../core/languageServiceTypes';
import { pageMetadataFindings, pageMetadataOptionsOf } from '../core/llms/llmsRules';
import { knownFactsFirst, type FactsReader } from '../core/llms/pageFacts';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { describeError } from './runner';
import type { ServerRuntime } from './serverRuntime';
import type { TeamConfigs } from './teamConfigs';

/** Quiet time after the last page change before the site's pages are judged together again. */
const settleMs = 1000;
/** Pages read between two turns of the event loop, so requests answer while the rules run (crewAI: 24,803 pages). */
const pagesPerTurn = 500;

/**
 * The editor's side of the rules that judge every page together (descriptions and titles missing or
 * shared, the projected llms.txt, a custom llms.txt): they run in the background once a site's pages
 * have been checked, and again a second after a page or llms.txt changes, never in a keystroke's own
 * check. The facts come from the page summaries the checks already made; a page's text is read only
 * to place a finding on it. A newer run cancels the one in flight.
 */
export class PageMetadataChecks {
	readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
	readonly #runs = new Map<string, CancellationTokenSource>();

	constructor(
		private readonly runtime: ServerRuntime,
		private readonly service: LanguageService,
		private readonly workspace: DocsWorkspace,
		private readonly publisher: DiagnosticsPublisher,
		private readonly teamConfigs: TeamConfigs,
		private readonly logger: Logger,
	) {
		publisher.onSitePagesChecked = root => this.schedule(root);
	}

	/** A file changed (buffer or disk): its site's rules run again once changes settle, if it is a page or a root llms file. */
	fileChanged(uri: string): void {
		const root = this.service.rootOf(uri);
		if (root !== undefined && (this.service.isPage(uri) || /\/llms(-full)?\.txt$/.test(uri))) this.schedule(root);
	}

	/** Runs the rules of these sites again (mintdoc.json changed: the site URL or an option). */
	refresh(roots: readonly string[]): void {
		for (const root of roots) this.schedule(root);
	}

	schedule(root: string): void {
		clearTimeout(this.#timers.get(root));
		this.#runs.get(root)?.cancel();
		this.#timers.set(
			root,
			setTimeout(() => {
				this.#timers.delete(root);
				void this.#run(root);
			}, settleMs),
		);
	}

	async #run(root: string): Promise<void> {
		if (!this.service.roots.includes(root)) return;
		const source = new CancellationTokenSource();
		this.#runs.set(root, source);
		const token = source.token;
		const started = Date.now();
		try {
			const site = await this.service.getSite(root, token);
			const found = await pageMetadataFindings(site, this.#read, pageMetadataOptionsOf(this.teamConfigs.configOf(root)), token, this.#facts(token));
			throwIfCancelled(token);
			this.publisher.setBesideFindings('metadata', root, new Map<string, Diagnostic[]>(found.map(f => [f.uri, [...f.diagnostics]])));
			const count = found.reduce((sum, f) => sum + f.diagnostics.length, 0);
			this.logger.info(`page titles, descriptions and llms.txt of ${root} judged in ${Date.now() - started} ms (${count} findings)`);
		} catch (e) {
			if (!isCancelledError(e) && !token.isCancellationRequested)
				this.logger.error(`judging the page titles and descriptions of ${root} failed: ${describeError(e)}`);
		} finally {
			if (this.#runs.get(root) === source) this.#runs.delete(root);
		}
	}

	/** Buffers over disk; a page that cannot be read (refused, binary) reads as missing. */
	readonly #read = async (uri: string): Promise<string | undefined> => (await this.workspace.readDocument(uri).catch(() => undefined))?.getText();

	/** Facts from the page summaries (read from the text when a page has none yet), yielding every few hundred pages. */
	#facts(token: CancellationToken): FactsReader {
		const facts = knownFactsFirst(uri => this.service.pageFacts(uri), this.#read);
		let count = 0;
		return async uri => {
			if (++count % pagesPerTurn === 0) {
				await new Promise<void>(resolve => this.runtime.nextTurn(resolve));
				throwIfCancelled(token);
			}
			return facts(uri);
		};
	}
}
