import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import { isCancelledError } from '../core/cancellation';
import type { LanguageService } from '../core/languageService';
import type { Logger } from '../core/logger';
import { StatusNotification, type ServerState } from '../protocol';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { describeError } from './runner';
import { dirnameUri, isSiteConfigUri } from '../core/uris';

/**
 * Keeps the set of docs roots current (start-up, `docs.json` created or deleted, workspace
 * folders changed), re-checks sites whose set changed, and tells the client what it found.
 */
export class SiteTracker {
	#roots: readonly string[] = [];
	#discovery: CancellationTokenSource | undefined;

	constructor(
		private readonly connection: Connection,
		private readonly service: LanguageService,
		private readonly publisher: DiagnosticsPublisher,
		private readonly logger: Logger,
	) {}

	get roots(): readonly string[] {
		return this.#roots;
	}

	/** Called each time a discovery found the roots, before their sites are checked (server.ts reads them at a git ref then). */
	onRootsFound: (roots: readonly string[]) => void = () => undefined;

	#latest: Promise<void> = Promise.resolve();
	/** docs.json files a discovery already passed over (hidden or too deep folders): no refresh per keystroke. */
	readonly #passedOver = new Set<string>();

	/**
	 * Called when a docs.json is opened or reported changed. A file watcher can miss a file created
	 * right after its folder (inotify adds the folder's watch too late), so a docs.json we do not
	 * know as a root is a reason to look again, once.
	 */
	noticeConfigFile(uri: string): void {
		if (!isSiteConfigUri(uri) || this.#roots.includes(dirnameUri(uri)) || this.#passedOver.has(uri)) return;
		void this.refresh().then(() => {
			if (!this.#roots.includes(dirnameUri(uri))) this.#passedOver.add(uri);
		});
	}

	/** Resolves when the latest discovery (and site check) has finished: requests about sites wait for it. */
	get settled(): Promise<void> {
		return this.#latest;
	}

	/** Finds the roots again and checks every site; a newer call supersedes one in flight. */
	refresh(): Promise<void> {
		this.#latest = this.#refresh();
		return this.#latest;
	}

	async #refresh(): Promise<void> {
		this.#discovery?.cancel();
		const source = (this.#discovery = new CancellationTokenSource());
		this.#notify('indexing');
		try {
			const roots = await this.service.findDocsRoots(source.token);
			if (source.token.isCancellationRequested) return;
			for (const gone of this.#roots.filter(root => !roots.includes(root))) this.publisher.forgetSite(gone);
			this.#roots = roots;
			this.#passedOver.clear();
			this.onRootsFound(roots);
			this.logger.info(roots.length ? `docs roots: ${roots.join(', ')}` : 'no docs.json found in the workspace');
			await this.publisher.checkSites(roots);
		} catch (e) {
			if (!isCancelledError(e)) this.logger.error(`finding docs roots failed: ${describeError(e)}`);
		}
		if (!source.token.isCancellationRequested) this.#notify('ready');
	}

	#notify(state: ServerState): void {
		void this.connection.sendNotification(StatusNotification.type, { state, roots: this.#roots });
	}
}
