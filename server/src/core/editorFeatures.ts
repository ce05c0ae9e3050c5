import { iconLibraryOf } from './icons/iconRules';
import type {
	CodeAction,
	CodeLens,
	CompletionItem,
	CompletionList,
	Diagnostic,
	DocumentLink,
	DocumentSymbol,
	FoldingRange,
	Hover,
	Location,
	LocationLink,
	Position,
	Range,
	TextEdit,
	WorkspaceEdit,
} from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { throwIfCancelled, type CancellationToken } from './cancellation';
import { findCodeActions } from './features/codeActions';
import { pageCodeActions } from './features/pageCodeActions';
import { disableLineActions } from './config/disableQuickFix';
import { turnOffActions } from './config/turnOffQuickFix';
import { doComplete, type PageCompletionData } from './features/completion';
import { iconItemDocumentation, type IconCompletionData } from './features/iconCompletion';
import { doHover } from './features/hover';
import { findDefinition, findDocumentLinks } from './features/links';
import { movedImportEdits } from './features/moveImports';
import { movedLinkEdits, redirectEdits } from './features/movePageLinks';
import { importPathCompletion } from './features/importPaths';
import { snippetComponentCompletion, snippetComponentDefinition, snippetComponentHover } from './features/snippetComponents';
import { pageCompletion, pageDefinition, pageDocumentLinks, pageFoldingRanges, pageHover, pageSymbols } from './features/pageFeatures';
import type { PageInfo } from './features/pageInfo';
import { pageReferences, prepareHeadingRename, renameHeading } from './features/pageReferences';
import { snippetVariableCompletion, snippetVariableHover } from './features/snippetVariables';
import { snippetComponentReferences } from './features/snippetReferences';
import { pageMoves, renameEdits, type FileRename } from './features/renameFiles';
import { buildSiteTree, type SiteTree } from './features/siteTree';
import { specCodeLenses, specReferences } from './features/specFeatures';
import { findDocumentSymbols } from './features/symbols';
import { findUndocumentedOperations } from './openapi/coverage';
import type { LinkContext } from './mdx/rules/linkRules';
import { summarizePage, type PageSummary } from './mdx/pageSummary';
import type { SiteModel } from './site/siteModel';
import type { SiteSnapshot } from './site/siteSnapshot';
import { docsConfigFileName, isUnder, joinUri } from './uris';
import type { DocsWorkspace } from './workspace';

/** What the editor features need: the workspace, a read-only snapshot of the site state, and a few helpers. */
export interface FeatureContext {
	readonly workspace: DocsWorkspace;
	readonly snapshot: SiteSnapshot;
	siteOfConfig(uri: string, token: CancellationToken): Promise<SiteModel | undefined>;
	linkContext(site: SiteModel): LinkContext;
	readonly pageInfo: PageInfo;
}

/**
 * The editor features of the language service (completion, hover, navigation, refactorings),
 * dispatched by file kind. Declared here, where they are made; the LanguageService extends it.
 */
export interface EditorFeatures {
	/** Completions in a configuration file: page paths, language codes. */
	doComplete(document: TextDocument, position: Position, token: CancellationToken): Promise<CompletionList | undefined>;
	/** Adds the page title and description to a page completion item. */
	resolveCompletion(item: CompletionItem, token: CancellationToken): Promise<CompletionItem>;
	doHover(document: TextDocument, position: Position, token: CancellationToken): Promise<Hover | undefined>;
	findDefinition(document: TextDocument, position: Position, token: CancellationToken): Promise<LocationLink[]>;
	findDocumentLinks(document: TextDocument, token: CancellationToken): Promise<DocumentLink[]>;
	/** From a page: its navigation entries and every link to it; from a heading: the links to that heading. */
	findReferences(document: TextDocument, position: Position, token: CancellationToken): Promise<Location[]>;
	/** Over each operation of an OpenAPI document: where the site documents it. */
	findCodeLenses(document: TextDocument, token: CancellationToken): Promise<CodeLens[]>;
	/** Rename is offered on headings of pages. */
	prepareRename(document: TextDocument, position: Position, token: CancellationToken): Promise<{ range: Range; placeholder: string } | undefined>;
	/** Renames a heading and every `#anchor` link to it across the site. */
	rename(document: TextDocument, position: Position, newName: string, token: CancellationToken): Promise<WorkspaceEdit | undefined>;
	findDocumentSymbols(document: TextDocument, token: CancellationToken): Promise<DocumentSymbol[]>;
	/** Folding in pages: frontmatter, JSX blocks, code fences, heading sections. */
	findFoldingRanges(document: TextDocument, token: CancellationToken): Promise<FoldingRange[]>;
	findCodeActions(document: TextDocument, diagnostics: readonly Diagnostic[], token: CancellationToken): Promise<CodeAction[]>;
	/** The navigation of every site as it renders, for the Site view. */
	getSiteTrees(token: CancellationToken): Promise<SiteTree[]>;
	/** Edits that keep configurations pointing at pages about to be renamed or moved. */
	willRenameFiles(renames: readonly FileRename[], options: { readonly addRedirects: boolean }, token: CancellationToken): Promise<WorkspaceEdit | undefined>;
}

export function createEditorFeatures(context: FeatureContext): EditorFeatures {
	const { workspace, snapshot, siteOfConfig, linkContext, pageInfo } = context;
	const getRoots = () => snapshot.roots;
	const getModel = (root: string) => snapshot.lastModel(root);
	const rootOf = (uri: string) => snapshot.rootOf(uri);
	const getSite = (root: string, token: CancellationToken) => snapshot.site(root, token);
	const pageIndexOf = (root: string, token: CancellationToken) => snapshot.pageIndex(root, token);
	const pageSummaries = snapshot.summaries;

	/** The site and spec of an OpenAPI document one of the sites uses. */
	async function specOf(document: TextDocument, token: CancellationToken) {
		if (!/\.(ya?ml|json)$/i.test(document.uri)) return undefined;
		for (const root of getRoots()) {
			if (!getModel(root)?.specFiles.has(document.uri)) continue;
			const site = await getSite(root, token);
			const spec = site.specs.specs.find(s => s.uri === document.uri);
			if (spec) return { site, spec };
		}
		return undefined;
	}

	/** A page of a site with what page features need: its summary, its path, a link context. */
	async function pageOf(document: TextDocument, token: CancellationToken) {
		const root = /\.(mdx|md)$/i.test(document.uri) ? rootOf(document.uri) : undefined;
		if (!root) return undefined;
		const site = await getSite(root, token);
		const fromPath = site.pages.pagePathOfFile(document.uri);
		if (fromPath === undefined) return undefined;
		return { summary: pageSummaries.get(document, summarizePage), fromPath, context: linkContext(site) };
	}

	/** Every page of a site with its (cached) summary. */
	async function sitePages(site: SiteModel, token: CancellationToken) {
		const pages = [];
		for (const path of site.pages.paths()) {
			throwIfCancelled(token);
			const uri = site.pages.fileOf(path)!;
			const document = await workspace.readDocument(uri);
			if (document) pages.push({ uri, document, summary: pageSummaries.get(document, summarizePage) });
		}
		return pages;
	}

	/** Configuration entries, links in every page and (optionally) redirects that follow pages being moved. */
	async function siteMoveEdits(
		site: SiteModel,
		renames: readonly FileRename[],
		addRedirects: boolean,
		token: CancellationToken,
	): Promise<Map<string, TextEdit[]>> {
		const moves = pageMoves(site, renames);
		const edits = renameEdits(site, moves);
		const pages = await sitePages(site, token);
		for (const [uri, linkEdits] of await movedLinkEdits(site, moves, pages, linkContext(site))) edits.set(uri, [...(edits.get(uri) ?? []), ...linkEdits]);
		for (const [uri, importEdits] of movedImportEdits(site.rootUri, renames, pages)) edits.set(uri, [...(edits.get(uri) ?? []), ...importEdits]);
		const published = new Map([...moves].filter(([from]) => !from.startsWith('snippets/')));
		const configUri = joinUri(site.rootUri, docsConfigFileName);
		const config = site.config.files.get(configUri);
		if (addRedirects && published.size && config) {
			// Entry edits and the new redirects touch the same file: compose them into one replacement.
			const updated = TextDocument.create(configUri, 'json', config.version, TextDocument.applyEdits(config, edits.get(configUri) ?? []));
			const redirect = redirectEdits({ ...site, config: { ...site.config, files: new Map([...site.config.files, [configUri, updated]]) } }, published);
			if (redirect.length)
				edits.set(configUri, [{ ...redirect[0], range: { start: { line: 0, character: 0 }, end: config.positionAt(config.getText().length) } }]);
		}
		return edits;
	}

	return {
		async doComplete(document, position, token) {
			const page = await pageOf(document, token);
			if (page) {
				const rootUri = page.context.site.rootUri;
				const path = await importPathCompletion(document, position, rootUri, workspace, token);
				if (path) return path;
				const variables = await snippetVariableCompletion(document, position, rootUri, workspace, token);
				if (variables?.length) return { isIncomplete: false, items: variables };
				const list = await pageCompletion(page.summary, document, position, page.fromPath, page.context);
				// Built-in components and the page's snippet components share the list after `<`.
				const snippets = await snippetComponentCompletion(document, position, rootUri, workspace, token);
				return snippets.length ? { isIncomplete: list?.isIncomplete ?? false, items: [...(list?.items ?? []), ...snippets] } : list;
			}
			const site = await siteOfConfig(document.uri, token);
			return site && doComplete(site, document, position);
		},
		async resolveCompletion(item) {
			const data = item.data as PageCompletionData | IconCompletionData | undefined;
			if (data?.kind === 'icon') item.documentation = iconItemDocumentation(data.library);
			if (data?.kind !== 'page') return item;
			const meta = await pageInfo.metadata(data.fileUri);
			if (meta?.title) item.detail = meta.title;
			if (meta?.description) item.documentation = meta.description;
			return item;
		},
		async doHover(document, position, token) {
			const page = await pageOf(document, token);
			if (page)
				return (
					(await snippetComponentHover(document, position, page.context.site.rootUri, workspace, token)) ??
					(await snippetVariableHover(document, position, page.context.site.rootUri, workspace, token)) ??
					pageHover(page.summary, document, position, iconLibraryOf(page.context.site.config.root))
				);
			const site = await siteOfConfig(document.uri, token);
			return site && doHover(site, document, position, pageInfo);
		},
		async findDefinition(document, position, token) {
			const page = await pageOf(document, token);
			if (page) {
				const snippet = await snippetComponentDefinition(document, position, page.context.site.rootUri, workspace, token);
				return snippet.length ? snippet : pageDefinition(page.summary, document, position, page.fromPath, page.context);
			}
			const site = await siteOfConfig(document.uri, token);
			return site ? findDefinition(site, document, position) : [];
		},
		async findDocumentLinks(document, token) {
			const page = await pageOf(document, token);
			if (page) return pageDocumentLinks(page.summary, page.fromPath, page.context);
			const site = await siteOfConfig(document.uri, token);
			return site ? findDocumentLinks(site, document) : [];
		},
		async findFoldingRanges(document, token) {
			const page = await pageOf(document, token);
			return page ? pageFoldingRanges(page.summary, document) : [];
		},
		async findReferences(document, position, token) {
			const specFile = await specOf(document, token);
			if (specFile) return specReferences(specFile.site, specFile.spec, document, position, await sitePages(specFile.site, token));
			const root = rootOf(document.uri);
			if (root) {
				// From a snippet's exported component (a .jsx file is no page) or from a use of one in a page.
				const site = await getSite(root, token);
				const snippet = await snippetComponentReferences(document, position, site.rootUri, () => sitePages(site, token), workspace, token);
				if (snippet) return snippet;
			}
			const page = await pageOf(document, token);
			if (!page) return [];
			return pageReferences(document, page.summary, position, await sitePages(page.context.site, token), page.context);
		},
		async findCodeLenses(document, token) {
			const specFile = await specOf(document, token);
			return specFile ? specCodeLenses(specFile.site, specFile.spec, document, await sitePages(specFile.site, token)) : [];
		},
		async prepareRename(document, position, token) {
			const page = await pageOf(document, token);
			return page && prepareHeadingRename(document, page.summary, position);
		},
		async rename(document, position, newName, token) {
			const page = await pageOf(document, token);
			const edits = page && (await renameHeading(document, page.summary, position, newName, await sitePages(page.context.site, token), page.context));
			return edits ? { changes: Object.fromEntries(edits) } : undefined;
		},

		async findDocumentSymbols(document, token) {
			const page = await pageOf(document, token);
			if (page) return pageSymbols(page.summary);
			const site = await siteOfConfig(document.uri, token);
			return site ? findDocumentSymbols(site, document) : [];
		},
		async findCodeActions(document, diagnostics, token) {
			if (/\.mdx?$/i.test(document.uri))
				return [
					...pageCodeActions(document, diagnostics),
					...disableLineActions(document, diagnostics),
					...(await turnOffActions(diagnostics, rootOf(document.uri), workspace)),
				];
			const site = await siteOfConfig(document.uri, token);
			return site ? findCodeActions(site, document, diagnostics) : [];
		},
		async getSiteTrees(token) {
			const trees: SiteTree[] = [];
			for (const root of getRoots()) {
				const site = await getSite(root, token);
				trees.push(buildSiteTree(site, await findUndocumentedOperations(site, async uri => (await workspace.readDocument(uri))?.getText())));
			}
			return trees;
		},
		async willRenameFiles(renames, options, token) {
			const changes: Record<string, TextEdit[]> = {};
			for (const root of getRoots()) {
				if (!renames.some(r => isUnder(r.oldUri, root) || isUnder(root, r.oldUri))) continue;
				// The watcher may not have reported an earlier move yet: what is about to move exists now.
				const index = await pageIndexOf(root, token);
				for (const { oldUri } of renames) if ((await workspace.stat(oldUri))?.kind === 'file') index.add(oldUri);
				const site = await getSite(root, token);
				for (const [uri, edits] of await siteMoveEdits(site, renames, options.addRedirects, token)) changes[uri] = [...(changes[uri] ?? []), ...edits];
			}
			return Object.keys(changes).length ? { changes } : undefined;
		},
	};
}
