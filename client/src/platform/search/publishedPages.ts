import * as vscode from 'vscode';
import type { DiscoveryClient } from '../api/discoveryClient';

/** Scheme of the read-only documents showing a page as published. */
export const publishedScheme = 'mintdoc-published';

/**
 * The published text of pages (`POST /discovery/v1/page/{domain}`), served as read-only
 * documents (`mintdoc-published:/guides/webhooks (published).md`) so a writer can compare what
 * is live with what is being edited. Fetched again each time the page is opened.
 */
export class PublishedPages implements vscode.TextDocumentContentProvider, vscode.Disposable {
	readonly #texts = new Map<string, string>();
	readonly #onDidChange = new vscode.EventEmitter<vscode.Uri>();
	readonly onDidChange = this.#onDidChange.event;

	constructor(private readonly client: () => DiscoveryClient) {}

	/** Fetches the page of `route` (`/guides/webhooks`) and returns its document; throws an ApiError. */
	async open(route: string): Promise<vscode.TextDocument> {
		const page = await this.client().page(route);
		const uri = vscode.Uri.from({ scheme: publishedScheme, path: `${route === '/' ? '/index' : route} (published).md` });
		const known = this.#texts.has(uri.toString());
		this.#texts.set(uri.toString(), page.content);
		if (known) this.#onDidChange.fire(uri);
		const document = await vscode.workspace.openTextDocument(uri);
		return document.languageId === 'markdown' ? document : vscode.languages.setTextDocumentLanguage(document, 'markdown');
	}

	provideTextDocumentContent(uri: vscode.Uri): string {
		return this.#texts.get(uri.toString()) ?? 'This published page is no longer loaded: run "MintDoc: Open Published Version" again.';
	}

	dispose(): void {
		this.#onDidChange.dispose();
	}
}
