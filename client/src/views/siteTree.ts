import * as vscode from 'vscode';
import { SiteTreeRequest, type SiteTree, type SiteTreeNode } from '../../../server/src/protocol';
import { onSiteChanged } from '../siteChanges';
import type { Ctx } from '../ctx';
import { Commands } from '../commandIds';
import { LlmsSizes, llmsSizeItem, touchesFrontmatter } from './llmsSizeRow';

type Undocumented = SiteTree['undocumented'][number];

/**
 * A row of the Site view: a site, a navigation node, the orphan section or an orphan page, a spec's
 * undocumented operations or one of them, the site's llms.txt.
 */
type Row =
	| { readonly type: 'site'; readonly site: SiteTree }
	| { readonly type: 'node'; readonly node: SiteTreeNode; readonly parentKind: SiteTreeNode['kind'] | undefined }
	| { readonly type: 'orphans'; readonly site: SiteTree }
	| { readonly type: 'orphan'; readonly path: string; readonly fileUri: string }
	| { readonly type: 'undocumented'; readonly spec: Undocumented }
	| { readonly type: 'operation'; readonly operation: Undocumented['operations'][number] }
	| { readonly type: 'llms'; readonly rootUri: string };

const icons: Record<SiteTreeNode['kind'], string> = {
	tab: 'browser',
	anchor: 'bookmark',
	globalAnchor: 'link',
	dropdown: 'chevron-down',
	product: 'package',
	version: 'versions',
	language: 'globe',
	menuItem: 'menu',
	group: 'folder',
	page: 'file',
	endpoint: 'symbol-method',
	link: 'link-external',
};

/**
 * The "Site" view: the navigation as the site renders it (versions, languages, tabs, anchors,
 * groups, pages), missing pages marked, the pages nothing links to, and the size of llms.txt.
 * Refreshes when the server re-checks a site.
 */
export class SiteTreeProvider implements vscode.TreeDataProvider<Row>, vscode.Disposable {
	readonly #onDidChange = new vscode.EventEmitter<Row | undefined>();
	readonly onDidChangeTreeData = this.#onDidChange.event;
	#sites: Promise<SiteTree[]> | undefined;
	#lastGood: SiteTree[] = [];
	#refreshTimer: NodeJS.Timeout | undefined;
	/** One llms.txt row per root, kept: its measurement redraws that row alone (VS Code finds it by identity). */
	readonly #llmsRows = new Map<string, Row & { type: 'llms' }>();
	readonly llmsSizes: LlmsSizes;

	constructor(private readonly ctx: Ctx) {
		this.llmsSizes = new LlmsSizes(ctx, root => {
			const row = this.#llmsRows.get(root);
			if (row) this.#onDidChange.fire(row);
		});
	}

	/** The docs root holding `uri` (the deepest one), among the sites shown. */
	rootOf(uri: string): string | undefined {
		return this.#lastGood
			.map(site => site.rootUri)
			.filter(root => uri.startsWith(`${root}/`))
			.sort((a, b) => b.length - a.length)[0];
	}

	/**
	 * Loads the trees again and redraws once they are in, so the view never blanks while the
	 * server works; bursts of changes collapse into one request.
	 */
	refresh(): void {
		clearTimeout(this.#refreshTimer);
		this.#refreshTimer = setTimeout(() => {
			const before = JSON.stringify(this.#lastGood);
			const next = this.#request();
			void next.then(sites => {
				this.#sites = next;
				// Most re-checks change nothing the view shows: don't redraw for them.
				if (JSON.stringify(sites) !== before) this.#onDidChange.fire(undefined);
			});
			// The site was re-checked: its navigation (what llms.txt lists) may have changed.
			this.llmsSizes.remeasureAll(0);
		}, 150);
	}

	async getChildren(row?: Row): Promise<Row[]> {
		if (!row) {
			const sites = await this.#load();
			return sites.length === 1 ? this.#siteRows(sites[0]) : sites.map(site => ({ type: 'site', site }));
		}
		if (row.type === 'site') return this.#siteRows(row.site);
		if (row.type === 'orphans') return row.site.orphans.map(o => ({ type: 'orphan', ...o }));
		if (row.type === 'undocumented') return row.spec.operations.map(operation => ({ type: 'operation', operation }));
		if (row.type === 'node') return (row.node.children ?? []).map(node => ({ type: 'node', node, parentKind: row.node.kind }));
		return [];
	}

	getTreeItem(row: Row): vscode.TreeItem {
		const None = vscode.TreeItemCollapsibleState.None;
		const Collapsed = vscode.TreeItemCollapsibleState.Collapsed;
		const Expanded = vscode.TreeItemCollapsibleState.Expanded;
		switch (row.type) {
			case 'site': {
				const item = new vscode.TreeItem(row.site.name, Expanded);
				item.description = vscode.workspace.asRelativePath(vscode.Uri.parse(row.site.rootUri));
				item.iconPath = new vscode.ThemeIcon('book');
				return item;
			}
			case 'llms':
				return llmsSizeItem(this.llmsSizes.get(row.rootUri) ?? undefined);
			case 'orphans': {
				const item = new vscode.TreeItem('Orphan pages', Collapsed);
				item.description = `${row.site.orphans.length} not in navigation`;
				item.iconPath = new vscode.ThemeIcon('question');
				item.contextValue = 'orphans';
				return item;
			}
			case 'orphan': {
				const item = new vscode.TreeItem(row.path, None);
				item.resourceUri = vscode.Uri.parse(row.fileUri);
				item.iconPath = new vscode.ThemeIcon('file');
				item.command = { command: 'vscode.open', title: 'Open page', arguments: [item.resourceUri] };
				item.contextValue = 'orphanPage';
				return item;
			}
			case 'undocumented': {
				const item = new vscode.TreeItem('Undocumented operations', Collapsed);
				item.description = `${row.spec.label} · ${row.spec.operations.length}`;
				item.tooltip = `${row.spec.operations.length} operation${row.spec.operations.length === 1 ? '' : 's'} of ${row.spec.label} that no navigation entry or MDX page documents (x-hidden ones excluded)`;
				item.iconPath = new vscode.ThemeIcon('symbol-interface');
				item.contextValue = 'undocumentedOperations';
				return item;
			}
			case 'operation': {
				const { method, path, location } = row.operation;
				const item = new vscode.TreeItem(`${method} ${path}`, None);
				const { start, end } = location.range;
				item.iconPath = new vscode.ThemeIcon('symbol-method');
				item.contextValue = 'undocumentedOperation';
				item.command = {
					command: 'vscode.open',
					title: 'Show in OpenAPI file',
					arguments: [vscode.Uri.parse(location.uri), { selection: new vscode.Range(start.line, start.character, end.line, end.character) }],
				};
				return item;
			}
			case 'node': {
				const { node } = row;
				const hasChildren = (node.children?.length ?? 0) > 0;
				// The site's top level (tabs, anchors, versions, ...) opens; everything below opens on demand. Opening
				// several levels at once while the view refreshes made VS Code draw one group's pages under another.
				const state = !hasChildren ? None : row.parentKind === undefined ? Expanded : Collapsed;
				const item = new vscode.TreeItem(node.label, state);
				item.description = node.missing ? 'missing' : node.description;
				item.iconPath = node.missing ? new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.errorForeground')) : new vscode.ThemeIcon(icons[node.kind]);
				item.contextValue = node.missing ? 'missingPage' : node.kind;
				item.tooltip = node.missing
					? `No file for '${node.label}': click to see the entry in the configuration`
					: node.fileUri
						? vscode.workspace.asRelativePath(vscode.Uri.parse(node.fileUri))
						: undefined;
				if (node.fileUri) {
					item.resourceUri = vscode.Uri.parse(node.fileUri);
					item.command = { command: 'vscode.open', title: 'Open page', arguments: [item.resourceUri] };
				} else if (node.location) {
					const { uri, range } = node.location;
					const selection = new vscode.Range(range.start.line, range.start.character, range.end.line, range.end.character);
					item.command = { command: 'vscode.open', title: 'Show in configuration', arguments: [vscode.Uri.parse(uri), { selection }] };
				}
				return item;
			}
		}
	}

	/** The top-level rows as VS Code draws them, from the trees last loaded (for the integration tests). */
	shownItems(): vscode.TreeItem[] {
		const sites = this.#lastGood;
		const rows: Row[] = sites.length === 1 ? this.#siteRows(sites[0]) : sites.map(site => ({ type: 'site', site }));
		return rows.map(row => this.getTreeItem(row));
	}

	#siteRows(site: SiteTree): Row[] {
		const rows: Row[] = site.nodes.map(node => ({ type: 'node', node, parentKind: undefined }));
		if (site.orphans.length) rows.push({ type: 'orphans', site });
		for (const spec of site.undocumented) rows.push({ type: 'undocumented', spec });
		let llms = this.#llmsRows.get(site.rootUri);
		if (!llms) this.#llmsRows.set(site.rootUri, (llms = { type: 'llms', rootUri: site.rootUri }));
		rows.push(llms);
		return rows;
	}

	#load(): Promise<SiteTree[]> {
		this.#sites ??= this.#request();
		return this.#sites;
	}

	#request(): Promise<SiteTree[]> {
		const client = this.ctx.client;
		if (!client) return Promise.resolve(this.#lastGood);
		const previous = this.#lastGood;
		return client.sendRequest(SiteTreeRequest.type, {}).then(
			sites => (this.#lastGood = sites),
			e => {
				// Keep showing what was loaded (a restart or a slow check must not blank the view).
				this.ctx.outputChannel.appendLine(`Site view: ${e instanceof Error ? e.message : String(e)}`);
				return previous;
			},
		);
	}

	dispose(): void {
		clearTimeout(this.#refreshTimer);
		this.llmsSizes.dispose();
		this.#onDidChange.dispose();
	}
}

/** What the integration tests read of the Site view. */
export interface SiteViewApi {
	shownItems(): vscode.TreeItem[];
	readonly onDidChange: vscode.Event<unknown>;
}

export function registerSiteView(ctx: Ctx): SiteTreeProvider {
	const provider = new SiteTreeProvider(ctx);
	const view = vscode.window.createTreeView('mintdoc.site', { treeDataProvider: provider, showCollapseAll: true });
	ctx.pushCleanup(
		provider,
		view,
		vscode.commands.registerCommand(Commands.refreshSite, () => provider.refresh()),
		...watchLlmsInputs(provider, view),
	);
	ctx.pushCleanup(onSiteChanged(ctx, () => provider.refresh()));
	ctx.pushCleanup(
		ctx.status.onDidChange(status => {
			// The welcome text ("no docs site") only when the server really found none.
			void vscode.commands.executeCommand('setContext', 'mintdoc.hasSites', status.roots.length > 0 || status.state !== 'ready');
			provider.refresh();
		}),
	);
	return provider;
}

/**
 * What changes llms.txt besides a re-check of the site (which refreshes the view): a page's
 * frontmatter typed or reverted, pages and a committed llms.txt changed on disk, the custom file typed.
 */
function watchLlmsInputs(provider: SiteTreeProvider, view: vscode.TreeView<unknown>): vscode.Disposable[] {
	const sizes = provider.llmsSizes;
	sizes.setVisible(view.visible);
	const remeasure = (uri: vscode.Uri) => {
		const root = provider.rootOf(uri.toString());
		if (root) sizes.remeasure(root);
	};
	const isPage = (uri: vscode.Uri) => /\.(mdx|md)$/i.test(uri.path);
	const isLlmsFile = (uri: vscode.Uri) => uri.path.endsWith('/llms.txt');
	const watcher = vscode.workspace.createFileSystemWatcher('**/{*.md,*.mdx,llms.txt}');
	return [
		view.onDidChangeVisibility(event => sizes.setVisible(event.visible)),
		vscode.workspace.onDidChangeTextDocument(event => {
			const { uri } = event.document;
			if (isLlmsFile(uri) || (isPage(uri) && touchesFrontmatter(event))) remeasure(uri);
		}),
		// A page closed unsaved reads from disk again.
		vscode.workspace.onDidCloseTextDocument(document => {
			if (isPage(document.uri) || isLlmsFile(document.uri)) remeasure(document.uri);
		}),
		watcher,
		watcher.onDidCreate(remeasure),
		watcher.onDidChange(remeasure),
		watcher.onDidDelete(remeasure),
	];
}
