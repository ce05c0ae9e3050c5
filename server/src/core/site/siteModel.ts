import { checkContrast } from '../docsConfig/contrastRules';
import { checkConfigIcons } from '../icons/iconRules';
import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { composeConfig, type ComposedConfig, type ConfigFileLoader } from '../docsConfig/compose';
import { getProperty, getValue, type ConfigNode } from '../docsConfig/configTree';
import { checkTopLevelKeys } from '../docsConfig/configRules';
import { DiagnosticSink } from '../docsConfig/diagnosticSink';
import { extractNavigation, type Navigation } from '../docsConfig/navigation';
import { platformStrictness, relaxMissingPagesWithNamelessGroup, relaxWhereLenient, type Strictness } from '../docsConfig/platformStrictness';
import { addPageSuggestions, fileDestinations } from '../docsConfig/pageRules';
import { checkRedirects } from '../docsConfig/redirectRules';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { checkSpecFile } from '../openapi/openApiRules';
import type { OpenApiSpec } from '../openapi/openApiSpec';
import { specCandidates, SpecRegistry, type SpecReference } from '../openapi/specRegistry';
import { isOverlayRoot, looksLikeOverlay } from '../openapi/overlayDocument';
import { applySiteOverlays } from '../openapi/siteOverlays';
import { checkTranslations } from './translations';
import { textsMention } from '../docsConfig/textMentions';
import { parseSpecText } from '../openapi/specTree';
import { NavigationChecks, NavigationRuleCache } from './navigationChecks';
import { checkGraphql, noGraphqlSchemas, type GraphqlLoader, type GraphqlSchemas } from '../graphql/graphqlRules';
import type { PageIndex } from './pageIndex';

/** Everything MintDoc knows about one docs site, derived from its files. */
export interface SiteModel {
	readonly rootUri: string;
	readonly config: ComposedConfig;
	readonly navigation: Navigation | undefined;
	readonly pages: PageIndex;
	/** `pages.version` when the model was built: a later version means the model is stale. */
	readonly pageVersion: number;
	/** The OpenAPI documents the configuration names, and their texts (to notice edits). */
	readonly specs: SpecRegistry;
	readonly specFiles: ReadonlyMap<string, TextDocument>;
	/** Hosted specs not (yet) available: URL → 'loading' or why not. */
	readonly remoteSpecs: ReadonlyMap<string, string>;
	/** Where the platform's build checks the navigation strictly (errors) and where it does not (warnings). */
	readonly strictness: Strictness;
	/** Diagnostics of every configuration file (docs.json and its `$ref` files), clean files included with []. */
	readonly diagnostics: ReadonlyMap<string, Diagnostic[]>;
	/** The GraphQL schemas the navigation names (`graphql`), read and parsed. */
	readonly graphql: GraphqlSchemas;
}

/** Reads an OpenAPI file: its text and what MintDoc extracts from it (cached per text by the caller). */
export type SpecLoader = ((
	uri: string,
	accept?: (text: string) => boolean,
) => Promise<{ readonly document: TextDocument; readonly spec: OpenApiSpec } | { readonly remote: string } | undefined>) & {
	/** The full validation of a document as overlays made it (its text as JSON), when the loader validates. */
	readonly validateText?: (uri: string, text: string) => Promise<OpenApiSpec['problems']>;
};

/**
 * Looks on disk for pages the index does not know (a file watcher can miss events: a file moved
 * into a folder created a moment before, or a system out of inotify watches) and adds those it finds.
 */
export type MissedPageFinder = (pagePaths: readonly string[]) => Promise<void>;

/** At most this many unknown entries are looked up per build (typing a new entry looks up one). */
const maxMissedLookups = 50;

/** Whether a file exists at a path relative to the root. */
export type FileExists = (relativePath: string) => Promise<boolean>;

/** Builds the model of a site: composes the configuration and runs every configuration rule on it. */
export async function buildSiteModel(
	rootUri: string,
	configUri: string,
	load: ConfigFileLoader,
	pages: PageIndex,
	token: CancellationToken,
	loadSpec: SpecLoader,
	findMissed?: MissedPageFinder,
	fileExists?: FileExists,
	/** The navigation rules' results kept between builds of the site (the site state keeps one per root); a fresh one gives the same model. */
	rules = new NavigationRuleCache(),
	/** The configuration the last model of the site composed: an edit of docs.json alone is composed from it. */
	previousConfig?: ComposedConfig,
	/** Reads GraphQL schema files; without it, `graphql` sources are not read (their selectors are not judged). */
	loadGraphql?: GraphqlLoader,
): Promise<SiteModel> {
	const config = await composeConfig(rootUri, configUri, load, token, previousConfig);
	throwIfCancelled(token);
	const navigation = extractNavigation(config.root);
	const checks = new NavigationChecks(config.root, navigation, config.files, pages, rules);
	// Copies: the composition's own lists stay as they were (the next edit's composition reads them).
	const diagnostics = new Map([...config.diagnostics].map(([uri, found]) => [uri, [...found]]));
	const sink = new DiagnosticSink(config.files, diagnostics);
	// The disk is asked while the rules that need no answer from it run: awaited one after the other,
	// its round trips left a crewAI docs.json keystroke idle for ~3.5 of its ~28 ms (1.9 since).
	const disk = settled(lookUpDisk(config.root, checks, findMissed, fileExists, sink));
	const configTexts = [...config.files.values()].map(document => document.getText());
	// Only where a configuration text names `graphql` is the navigation walked for it.
	const graphql = settled(
		loadGraphql && textsMention(configTexts, 'graphql') ? checkGraphql(rootUri, navigation, loadGraphql, sink) : Promise.resolve(noGraphqlSchemas),
	);
	checkTopLevelKeys(config.root, sink);
	checkTranslations(navigation, sink, rules.translations);
	checkContrast(config.root, sink);
	checkConfigIcons(config.root, sink, checks.unitNodes());
	const specs = new Map<string, OpenApiSpec>();
	const specFiles = new Map<string, TextDocument>();
	const remoteSpecs = new Map<string, string>();
	// Each distinct source is resolved once, all of them at once: the CLI reads and validates several
	// documents in parallel workers. Results are applied in the order the sources are first named.
	const sources = new Map<string, { reference: SpecReference; candidates: string[] }>();
	for (const reference of checks.specReferences()) {
		const candidates = specCandidates(rootUri, reference.source);
		const key = candidates.join('\n');
		if (!sources.has(key)) sources.set(key, { reference, candidates });
	}
	const resolved = await Promise.all(
		[...sources.values()].map(async ({ reference, candidates }) => {
			for (const uri of candidates) {
				const loaded = await loadSpec(uri);
				if (loaded) return { reference, uri, loaded };
			}
			return undefined;
		}),
	);
	for (const found of resolved) {
		if (!found || specs.has(found.uri) || remoteSpecs.has(found.uri)) continue;
		const { reference, uri, loaded } = found;
		if ('remote' in loaded) {
			remoteSpecs.set(uri, loaded.remote);
			if (loaded.remote !== 'loading')
				sink.atNode(
					reference.node,
					`The hosted OpenAPI document could not be fetched (${loaded.remote}); entries that use it are not checked.`,
					'openapi-remote-unavailable',
				);
			continue;
		}
		specs.set(uri, loaded.spec);
		specFiles.set(uri, loaded.document);
	}
	// The platform also finds OpenAPI documents in the repository that docs.json does not name (MDX
	// frontmatter may use them, and the build validates them): every JSON or YAML file that is one.
	const discovered = new Map<string, OpenApiSpec>();
	const overlayFiles = new Map<string, TextDocument>();
	const configured = new Set([...sources.values()].flatMap(s => s.candidates));
	await Promise.all(
		pages
			.specCandidates()
			.filter(uri => !configured.has(uri))
			.map(async uri => {
				const loaded = await loadSpec(uri, text => looksLikeOpenApi(text) || looksLikeOverlay(text));
				if (!loaded || 'remote' in loaded) return;
				if (loaded.spec.version !== undefined || loaded.spec.isSwagger2 || loaded.spec.loading) {
					discovered.set(uri, loaded.spec);
					specFiles.set(uri, loaded.document);
				} else if (isOverlayRoot(parseSpecText(loaded.document.getText(), uri).root)) overlayFiles.set(uri, loaded.document);
			}),
	);
	throwIfCancelled(token);
	// Overlays change the documents before anything is resolved against them.
	const notCheckable = await applySiteOverlays({
		rootUri,
		config: config.root,
		configTexts,
		specs: [specs, discovered],
		specFiles,
		discovered: overlayFiles,
		read: async uri => {
			const loaded = await loadSpec(uri);
			return loaded && !('remote' in loaded) ? loaded.document : undefined;
		},
		validate: loadSpec.validateText,
		sink,
		diagnostics,
	});
	throwIfCancelled(token);
	// Pages the index missed are in it from here on; redirects and navigation are judged with them.
	const files = await disk();
	const graphqlSchemas = await graphql();
	throwIfCancelled(token);
	checkRedirects(config.root, pages, generatedPageFolders(config.root, navigation, configTexts), sink, files);
	const registry = new SpecRegistry(rootUri, specs, notCheckable.size ? new Map([...remoteSpecs, ...notCheckable]) : remoteSpecs, discovered);
	checks.run(registry, sink);
	for (const [uri, spec] of [...specs, ...discovered]) if (!/^https?:/i.test(uri)) diagnostics.set(uri, checkSpecFile(spec, specFiles.get(uri)!));
	for (const uri of config.files.keys()) {
		if (!diagnostics.has(uri)) diagnostics.set(uri, []);
		// In document order: rules reused per subtree report in another order than a full run.
		diagnostics.get(uri)!.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
		addPageSuggestions(diagnostics.get(uri)!, pages);
	}
	const strictness = platformStrictness(navigation);
	for (const [uri, document] of config.files) relaxWhereLenient(diagnostics.get(uri) ?? [], uri, d => document.offsetAt(d.range.start), strictness);
	relaxMissingPagesWithNamelessGroup(diagnostics, navigation);
	return {
		rootUri,
		config,
		navigation,
		pages,
		pageVersion: pages.version,
		diagnostics,
		specs: registry,
		specFiles,
		remoteSpecs,
		strictness,
		graphql: graphqlSchemas,
	};
}

/**
 * What a build asks of the disk, all at once: pages the navigation names that the index does not
 * know (added to it when found), the files redirects lead to (returned), and the favicon (its
 * finding written to `sink`).
 */
async function lookUpDisk(
	config: ConfigNode | undefined,
	checks: NavigationChecks,
	findMissed: MissedPageFinder | undefined,
	fileExists: FileExists | undefined,
	sink: DiagnosticSink,
): Promise<Set<string>> {
	const unknown = findMissed ? checks.unknownPages(maxMissedLookups) : [];
	const destinations = fileExists ? fileDestinations(config).slice(0, 500) : [];
	const [, existing] = await Promise.all([
		unknown.length ? findMissed!(unknown) : undefined,
		Promise.all(destinations.map(async path => ((await fileExists!(path)) ? path : undefined))),
		fileExists && checkFavicon(config, fileExists, sink),
	]);
	return new Set(existing.filter((p): p is string => p !== undefined));
}

/**
 * Starts `work` and returns a way to await it later: a build cancelled before that point leaves no
 * unhandled rejection behind.
 */
function settled<T>(work: Promise<T>): () => Promise<T> {
	work.catch(() => undefined);
	return () => work;
}

/** `favicon` (a path, or `{ light, dark }`): the build generates icons from the file and fails when it is missing. */
async function checkFavicon(config: ConfigNode | undefined, fileExists: FileExists, sink: DiagnosticSink): Promise<void> {
	const favicon = getValue(config, 'favicon');
	const nodes = favicon?.kind === 'object' ? [getValue(favicon, 'light'), getValue(favicon, 'dark')] : [favicon];
	for (const node of nodes) {
		if (node?.kind !== 'string') continue;
		const path = (node.value as string).replace(/^\.?\/+/, '');
		if (path === '' || /^[a-z][a-z0-9+.-]*:/i.test(path) || (await fileExists(path))) continue;
		sink.atNode(node, `No file '${node.value as string}' under the docs root: the platform's build fails when it generates the favicons.`, 'favicon-not-found');
	}
}

/**
 * Whether a JSON or YAML text may be an OpenAPI (or Swagger) document: an `openapi` or `swagger`
 * key anywhere (the platform reads every JSON and YAML file; the key may come last). The parsed
 * document must then have a version to count.
 */
export function looksLikeOpenApi(text: string): boolean {
	return /(^|["'\s{,])(openapi|swagger)["']?\s*:/m.test(text);
}

/**
 * Folders where the platform generates API pages: each `openapi` object's `directory`, and the
 * default `api-reference` as soon as any OpenAPI source is configured; each `graphql` element's
 * `directory`, by default `graphql-reference`.
 */
export function generatedPageFolders(
	config: ConfigNode | undefined,
	navigation: Navigation | undefined,
	/** The texts the configuration was composed from, when at hand: where none names `openapi`, no walk is needed. */
	texts?: readonly string[],
): string[] {
	// Asked per link that resolves to no page, and per check: once per navigation.
	const key = navigation ?? config;
	const known = key && generatedFolders.get(key);
	if (known) return known;
	const found = texts && !textsMention(texts, 'openapi') && !textsMention(texts, 'graphql') ? [] : findGeneratedPageFolders(config, navigation);
	if (key) generatedFolders.set(key, found);
	return found;
}

const generatedFolders = new WeakMap<object, string[]>();

function findGeneratedPageFolders(config: ConfigNode | undefined, navigation: Navigation | undefined): string[] {
	const folders = new Set<string>();
	const sources: (ConfigNode | undefined)[] = [getValue(getValue(config, 'api'), 'openapi')];
	for (const element of navigation?.elements ?? []) sources.push(getProperty(element.node, 'openapi')?.value);
	for (const source of sources) {
		if (!source) continue;
		const directory = getValue(source, 'directory');
		folders.add(directory?.kind === 'string' ? (directory.value as string).replace(/^\/+|\/+$/g, '') : 'api-reference');
	}
	// GraphQL pages go under `graphql.directory`, by default `graphql-reference` (prebuild 1.0.1370 generateGraphqlDivisions).
	for (const element of navigation?.elements ?? []) {
		const graphql = getProperty(element.node, 'graphql')?.value;
		if (!graphql) continue;
		const directory = getValue(graphql, 'directory');
		folders.add(directory?.kind === 'string' ? (directory.value as string).replace(/^\/+|\/+$/g, '') : 'graphql-reference');
	}
	return [...folders];
}
