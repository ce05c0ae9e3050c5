import { createEditorFeatures } from './editorFeatures';
import { findDocsRoots } from './docsRoots';
import { recordListings } from './site/folderListings';
import { nullLogger } from './logger';
import type { LanguageService, LanguageServiceOptions } from './languageServiceTypes';
import { PageInfo } from './features/pageInfo';
import { checkPageMetadata, pageFactsOf } from './site/metadataChecks';
import { legacyConfigFileName } from './legacy/mintConfig';
import { SiteChecks } from './site/siteChecks';
import { SiteState } from './site/siteState';
import { basenameUri, dirnameUri, isDocsConfigUri } from './uris';

export type { FileChange, FileDiagnostics, LanguageService, LanguageServiceOptions, PageSummarizer, SpecReader } from './languageServiceTypes';

/**
 * Wiring: the site state (site/siteState.ts) holds everything that can be stale and takes every
 * change in; the checks (site/siteChecks.ts) and the editor features read it.
 */
export function createLanguageService(options: LanguageServiceOptions): LanguageService {
	const state = new SiteState(options);
	const checks = new SiteChecks(state, options);

	const features = createEditorFeatures({
		workspace: options.workspace,
		snapshot: state,
		// The site a configuration file belongs to (docs.json, or a file one of the sites pulls in); mint.json is checked, not edited with docs.json's completion and hover.
		siteOfConfig: async (uri, token) => {
			if (basenameUri(uri) === legacyConfigFileName) return undefined;
			const root = isDocsConfigUri(uri) && state.roots.includes(dirnameUri(uri)) ? dirnameUri(uri) : state.sitesUsingConfigFile(uri)[0];
			return root ? state.site(root, token) : undefined;
		},
		linkContext: site => checks.linkContext(site),
		pageInfo: new PageInfo(options.workspace),
	});

	return {
		async findDocsRoots(token) {
			const recorded = recordListings(options.workspace);
			const found = await findDocsRoots(recorded.workspace, token, reached =>
				(options.logger ?? nullLogger).warn(
					`docs roots were searched only so far (too many ${reached === 'depth' ? 'levels' : reached}): the workspace may hold more sites`,
				),
			);
			state.setRoots(found, recorded.listings);
			return found;
		},
		get roots() {
			return state.roots;
		},
		rootOf: uri => state.rootOf(uri),
		getSite: (root, token) => state.site(root, token),
		checkSite: (root, token) => checks.checkSite(root, token),
		checkPage: (uri, token) => checks.checkPage(uri, token),
		setBesideFindings: (source, root, byUri) => state.shown.setBeside(source, root, byUri),
		setTeamSwitches: async switches => (state.team.setSwitches(switches) ? state.shown.showAll() : []),
		showAllFindings: () => state.shown.showAll(),
		teamConfig: root => state.team.configOf(root),
		teamConfigUri: async root => (await state.team.loadedOf(root))?.uri,
		checkPages: (root, token, report, runOptions) => checks.checkPages(root, token, report, !!runOptions?.onlyAffected),
		rehearseConfigEdits: (root, token) => state.rehearseConfigEdits(root, token),
		dependentPages: uri => state.dependencies.dependentsAfterCheck(uri, state.summaries.latest(uri)),
		didChangeDocument: uri => state.noteDocumentChange(uri),
		isPage(uri) {
			const root = state.rootOf(uri);
			return !!root && /\.(mdx|md)$/i.test(uri) && !!state.lastModel(root)?.pages.pagePathOfFile(uri);
		},
		async validate(document, token) {
			const root = isDocsConfigUri(document.uri) ? dirnameUri(document.uri) : state.rootOf(document.uri);
			if (!root) return [];
			state.addRoot(root);
			const results = await checks.checkSite(root, token);
			return [...(results.find(r => r.uri === document.uri)?.diagnostics ?? [])];
		},
		pageFacts: uri => pageFactsOf(state, uri),
		checkPageMetadata: (root, token) => checkPageMetadata(state, options.workspace, root, token),
		sitesUsingConfigFile: uri => state.sitesUsingConfigFile(uri),
		onDidLoadSpec: listener => state.onDidLoadSpec(listener),
		didChangeFiles: changes => state.noteFileChanges(changes),
		...features,
		// A legacy site's tree points into mint.json, not into the docs.json it does not have.
		getSiteTrees: async token => (await features.getSiteTrees(token)).map(tree => state.legacy.mapTree(tree)),
	};
}
