import { CancellationTokenSource, type Connection } from 'vscode-languageserver';
import type { Diagnostic } from 'vscode-languageserver-types';
import { isCancelledError } from '../core/cancellation';
import type { LanguageService } from '../core/languageService';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import { describeError } from './runner';

/**
 * Push diagnostics: validates a file shortly after it changes and publishes the result. Push
 * rather than pull because site-wide checks report on files nobody has open (a page that
 * `docs.json` lists but that is missing), and those belong in the Problems view too.
 * A newer change to the same file cancels the validation in flight, so stale results are
 * never published.
 */
export class DiagnosticsPublisher {
	readonly #pending = new Map<string, { timer: NodeJS.Timeout | undefined; source: CancellationTokenSource }>();
	/** URIs we have published non-empty diagnostics for, so they can be cleared later. */
	readonly #published = new Set<string>();

	constructor(
		private readonly connection: Connection,
		private readonly service: LanguageService,
		private readonly workspace: DocsWorkspace,
		private readonly logger: Logger,
	) {}

	/** Validates `uri` after `delayMs` (typing bursts collapse into one run), replacing any earlier request for it. */
	schedule(uri: string, delayMs: number): void {
		this.#cancel(uri);
		const source = new CancellationTokenSource();
		const entry = { timer: undefined as NodeJS.Timeout | undefined, source };
		entry.timer = setTimeout(() => void this.#validate(uri, source), delayMs);
		this.#pending.set(uri, entry);
	}

	/** Checks whole sites and publishes every file's diagnostics. */
	async checkSites(roots: readonly string[]): Promise<void> {
		const source = new CancellationTokenSource();
		for (const root of roots) {
			try {
				for (const { uri, diagnostics } of await this.service.checkSite(root, source.token)) this.publish(uri, diagnostics);
			} catch (e) {
				if (!isCancelledError(e)) this.logger.error(`checking ${root} failed: ${describeError(e)}`);
			}
		}
	}

	publish(uri: string, diagnostics: readonly Diagnostic[]): void {
		if (diagnostics.length === 0 && !this.#published.has(uri)) return;
		if (diagnostics.length) this.#published.add(uri);
		else this.#published.delete(uri);
		void this.connection.sendDiagnostics({ uri, diagnostics: [...diagnostics] });
	}

	clear(uri: string): void {
		this.#cancel(uri);
		this.publish(uri, []);
	}

	async #validate(uri: string, source: CancellationTokenSource): Promise<void> {
		try {
			const document = await this.workspace.readDocument(uri);
			if (source.token.isCancellationRequested) return;
			const diagnostics = document ? await this.service.validate(document, source.token) : [];
			if (!source.token.isCancellationRequested) this.publish(uri, diagnostics);
		} catch (e) {
			if (!isCancelledError(e)) this.logger.error(`validating ${uri} failed: ${describeError(e)}`);
		} finally {
			if (this.#pending.get(uri)?.source === source) this.#pending.delete(uri);
		}
	}

	#cancel(uri: string): void {
		const pending = this.#pending.get(uri);
		if (!pending) return;
		clearTimeout(pending.timer);
		pending.source.cancel();
		this.#pending.delete(uri);
	}
}
