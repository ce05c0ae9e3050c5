import * as vscode from 'vscode';
import { createDiscoveryClient, type DiscoveryClient, type DocsSearchFilter, type DocsSearchResult } from '../api/discoveryClient';
import { isApiError } from '../api/errors';
import { KeyCommands, type Platform } from '../apiKeys';
import { readAssistantSettings } from '../assistant/assistantSettings';
import { isHttpsUrl, publicPageUrl, routeOfFile, sitePathOf } from '../../routeMap';
import type { Ctx } from '../../ctx';
import { findLocalPage, revealHeading } from '../../sitePages';
import { activeRoot } from '../../status';
import { SiteTreeRequest } from '../../../../server/src/protocol';
import { publishedScheme, PublishedPages } from './publishedPages';
import { describeSearchFilter, navigationPlace, searchItems, type SearchItem } from './searchModel';
import { SearchCommands } from '../../commandIds';

export { SearchCommands };

/** Typing pause before a search is sent: the search endpoint is rate-limited like the rest. */
const debounceMs = 300;

/** What a search opened: the local page, the published URL, or nothing. */
export type SearchOpened =
	{ readonly kind: 'local'; readonly uri: vscode.Uri } | { readonly kind: 'external'; readonly url: string } | { readonly kind: 'none' };

/** For tests: the last results shown and the documents of published pages. */
export interface SearchApi {
	readonly lastItems: () => readonly SearchItem[];
	readonly onDidSearch: vscode.Event<readonly SearchItem[]>;
}

/**
 * "Search Published Docs" (a debounced quick pick over the platform's docs search, filtered by the
 * version and language of the open file's place in the navigation) and "Open Published Version"
 * (the published text of the open page, read-only beside it). Both use the assistant key.
 */
export function registerSearch(ctx: Ctx, platform: Platform): SearchApi {
	const published = new PublishedPages(() => client());
	const onDidSearch = new vscode.EventEmitter<readonly SearchItem[]>();
	let lastItems: readonly SearchItem[] = [];
	const client = (): DiscoveryClient => {
		const settings = readAssistantSettings();
		return createDiscoveryClient({ baseUrl: settings.baseUrl, domain: settings.domain, getApiKey: () => platform.keys.get('assistant') });
	};
	const search = async (query: string, filter: DocsSearchFilter, signal?: AbortSignal): Promise<SearchItem[]> => {
		const started = Date.now();
		const results = await client().search(query, { pageSize: 20, filter, signal });
		platform.log.append(`Search: ${results.length} results for a ${query.length}-character query${describeSearchFilter(filter)} in ${Date.now() - started} ms`);
		lastItems = searchItems(results);
		onDidSearch.fire(lastItems);
		return [...lastItems];
	};
	const open = async (result: DocsSearchResult): Promise<SearchOpened> => {
		const sitePath = sitePathOf(result.path);
		const local = sitePath ? await findLocalPage(ctx.status.current.roots, vscode.window.activeTextEditor?.document.uri.toString(), sitePath) : undefined;
		if (local) {
			const editor = await vscode.window.showTextDocument(local, { preview: true });
			if (sitePath?.anchor) await revealHeading(editor, sitePath.anchor);
			return { kind: 'local', uri: local };
		}
		const settings = readAssistantSettings();
		const url = sitePath ? publicPageUrl(sitePath, settings.siteUrl, settings.domain) : isHttpsUrl(result.path) ? result.path : undefined;
		if (url && isHttpsUrl(url)) {
			await vscode.env.openExternal(vscode.Uri.parse(url, true));
			return { kind: 'external', url };
		}
		void vscode.window.showWarningMessage(
			`MintDoc: '${result.path.slice(0, 80)}' is not a page of the open site and has no https address (set mintdoc.assistant.siteUrl).`,
		);
		return { kind: 'none' };
	};

	ctx.pushCleanup(
		onDidSearch,
		published,
		vscode.workspace.registerTextDocumentContentProvider(publishedScheme, published),
		vscode.commands.registerCommand(SearchCommands.search, async (args?: { query?: unknown; pick?: unknown }) => {
			if (!(await ready(platform))) return undefined;
			const filter = await currentFilter(ctx);
			// `{query, pick}` (tests, scripts): search and open the pick-th result without the UI.
			if (typeof args?.query === 'string' && typeof args.pick === 'number') {
				const items = await search(args.query, filter).catch(e => (showError(e), []));
				const item = items[args.pick];
				return item ? open(item.result) : { kind: 'none' };
			}
			const picked = await pickResult(typeof args?.query === 'string' ? args.query : initialQuery(), filter, search);
			return picked ? open(picked) : undefined;
		}),
		vscode.commands.registerCommand(SearchCommands.openPublished, async (uri?: vscode.Uri) => {
			if (!(await ready(platform))) return undefined;
			const file = uri ?? vscode.window.activeTextEditor?.document.uri;
			const root = file ? activeRoot(ctx.status.current.roots, file.toString()) : undefined;
			const route = file && root ? routeOfFile(root, file.toString()) : undefined;
			if (!route) {
				void vscode.window.showWarningMessage('MintDoc: open a page (.mdx or .md) of the docs site to see its published version.');
				return undefined;
			}
			try {
				const document = await published.open(route);
				await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true, preserveFocus: true });
				return document;
			} catch (e) {
				showError(e);
				return undefined;
			}
		}),
	);
	return { lastItems: () => lastItems, onDidSearch: onDidSearch.event };
}

/** Both discovery endpoints need the assistant key and domain: say what is missing, with the fix. */
async function ready(platform: Platform): Promise<boolean> {
	if (!readAssistantSettings().domain) {
		const choice = await vscode.window.showWarningMessage(
			'MintDoc: set the assistant domain (the domain identifier of your docs site) to search the published docs.',
			'Set Assistant Domain',
		);
		if (choice) await vscode.commands.executeCommand('mintdoc.setAssistantDomain');
		return false;
	}
	if (!(await platform.keys.get('assistant'))) {
		const choice = await vscode.window.showWarningMessage(
			'MintDoc: the published docs are read with the assistant key (mint_dsc_…); none is stored.',
			'Set Assistant Key',
		);
		if (choice) await vscode.commands.executeCommand(KeyCommands.setAssistantKey);
		return false;
	}
	return true;
}

/** The open file's version and language in the navigation, asked from the language server. */
async function currentFilter(ctx: Ctx): Promise<DocsSearchFilter> {
	const file = vscode.window.activeTextEditor?.document.uri.toString();
	if (!file || !ctx.client) return {};
	try {
		return navigationPlace(await ctx.client.sendRequest(SiteTreeRequest.type, {}), file);
	} catch {
		return {}; // no server (restarting): search the whole site
	}
}

function initialQuery(): string {
	const editor = vscode.window.activeTextEditor;
	const selected = editor ? editor.document.getText(editor.selection).trim() : '';
	return selected.length <= 200 && !selected.includes('\n') ? selected : '';
}

function showError(e: unknown): void {
	const message = isApiError(e) ? e.message : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
	void vscode.window.showErrorMessage(`MintDoc: ${message}`);
}

type ResultPick = vscode.QuickPickItem & { readonly result?: DocsSearchResult };

/** The quick pick: searches as the user types (debounced), older requests cancelled. */
function pickResult(
	initial: string,
	filter: DocsSearchFilter,
	search: (q: string, f: DocsSearchFilter, s: AbortSignal) => Promise<SearchItem[]>,
): Promise<DocsSearchResult | undefined> {
	return new Promise(resolve => {
		const pick = vscode.window.createQuickPick<ResultPick>();
		pick.title = `MintDoc: Search Published Docs${describeSearchFilter(filter)}`;
		pick.placeholder = 'Type to search the published site';
		pick.matchOnDescription = true;
		pick.matchOnDetail = true;
		pick.value = initial;
		let timer: NodeJS.Timeout | undefined;
		let request: AbortController | undefined;
		const run = (query: string) => {
			clearTimeout(timer);
			request?.abort();
			if (!query.trim()) {
				pick.items = [];
				pick.busy = false;
				return;
			}
			timer = setTimeout(() => {
				const current = (request = new AbortController());
				pick.busy = true;
				search(query, filter, current.signal)
					.then(
						items => {
							if (current.signal.aborted) return;
							// Labels come from the network: `$(` would be read as an icon.
							pick.items = items.length
								? items.map(item => ({
										label: plain(item.label),
										description: plain(item.description),
										detail: plain(item.detail),
										alwaysShow: true,
										result: item.result,
									}))
								: [
										{
											label: 'No published page matches',
											detail: 'Try other words; the search covers the deployed site, not unsaved edits.',
											alwaysShow: true,
										},
									];
						},
						e => {
							if (current.signal.aborted) return;
							pick.items = [{ label: `$(error) ${plain(isApiError(e) ? e.message : String(e))}`, alwaysShow: true }];
						},
					)
					.finally(() => {
						if (!current.signal.aborted) pick.busy = false;
					});
			}, debounceMs);
		};
		pick.onDidChangeValue(run);
		pick.onDidAccept(() => {
			const chosen = pick.selectedItems[0]?.result;
			if (!chosen) return;
			resolve(chosen);
			pick.hide();
		});
		pick.onDidHide(() => {
			clearTimeout(timer);
			request?.abort();
			resolve(undefined);
			pick.dispose();
		});
		pick.show();
		run(initial);
	});
}

function plain(text: string): string {
	return text.replace(/\$\(/g, '$\u200b(');
}
