import { CancellationTokenSource } from 'vscode-languageserver';
import { isCancelledError } from '../core/cancellation';
import type { LanguageService } from '../core/languageServiceTypes';
import type { Logger } from '../core/logger';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { describeError } from './runner';

/** Quiet time after the last page change before the site's pages are judged together again. */
const settleMs = 1000;

/**
 * When the editor runs the rules that judge every page together (LanguageService.checkPageMetadata):
 * in the background once a site's pages have been checked, and again a second after a page or
 * llms.txt changes, never in a keystroke's own check. A newer run cancels the one in flight.
 */
export class PageMetadataChecks {
	readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
	readonly #runs = new Map<string, CancellationTokenSource>();

	constructor(
		private readonly service: LanguageService,
		private readonly publisher: DiagnosticsPublisher,
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
			const changed = await this.service.checkPageMetadata(root, token);
			if (token.isCancellationRequested) return;
			this.publisher.showFiles(changed);
			this.logger.info(`page titles, descriptions and llms.txt of ${root} judged in ${Date.now() - started} ms (${changed.length} files changed)`);
		} catch (e) {
			if (!isCancelledError(e) && !token.isCancellationRequested)
				this.logger.error(`judging the page titles and descriptions of ${root} failed: ${describeError(e)}`);
		} finally {
			if (this.#runs.get(root) === source) this.#runs.delete(root);
		}
	}
}
