import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import { createLanguageService, type FileDiagnostics } from '../core/languageService';
import { findUndocumentedOperations, type SpecCoverage } from '../core/openapi/coverage';
import { translationRows, type TranslationRow } from './translationsReport';
import { addExternalLinkFindings } from './externalLinkCheck';
import { createFsWorkspace } from '../node/fsWorkspace';
import { createWorkerSpecReader } from '../node/specWorkerReader';
import { createRemoteFetcher } from '../node/remoteSpecs';
import { cliPageWorkers, createPagePool } from '../node/pagePool';
import { cacheFileFor, createPersistentSummarizer, defaultCacheDirectory, pruneCacheFolder, summarizerFingerprint } from '../node/pageCache';
import { createPersistentSpecValidator } from '../node/specCache';
import { userCacheDirectory } from '../node/privateFiles';
import { availableParallelism } from 'node:os';
import { UsageError } from './usageError';
import { mayHoldDirectives } from '../core/config/disableDirectives';
import { applyTeamConfigs, loadTeamConfigs, type SuppressedFinding, type TeamConfigChoice } from './teamConfigFiles';

declare const MINTDOC_VERSION: string;

export { UsageError } from './usageError';

export interface CheckResult {
	readonly roots: readonly string[];
	readonly results: readonly FileDiagnostics[];
	/** With `coverage`: per spec of every site, the operations no page documents, and the spec's text (for line numbers). */
	readonly coverage?: readonly (SpecCoverage & { readonly positionAt: (offset: number) => { line: number; character: number } })[];
	/** With `translations`: per language of every site with `languages`, how much of the default language it has. */
	readonly translations?: readonly TranslationRow[];
	/** What mintdoc.json or a page's comments silenced (only SARIF shows it, marked as suppressed). */
	readonly suppressed?: readonly SuppressedFinding[];
}

/**
 * Checks every docs site found in `dirs`: a folder holding `docs.json` is a site; any other
 * folder is searched for sites below it. Throws {@link UsageError} for unreadable folders or
 * when no site is found at all.
 */
export interface CheckOptions {
	readonly coverage?: boolean;
	/** Also check `http(s)` links over the network (opt in), reporting progress. */
	readonly checkExternal?: boolean;
	readonly onExternalProgress?: (done: number, total: number) => void;
	/** For tests: the requests of the external check. */
	readonly fetch?: typeof fetch;
	readonly translations?: boolean;
	/** Keep page summaries between runs (default true). */
	readonly cache?: boolean;
	/** A cache file, or a folder (existing, or written with a trailing separator) to keep it in. */
	readonly cacheLocation?: string;
	/** Fetch nothing (hosted OpenAPI documents come from the cache or are reported not fetched). */
	readonly offline?: boolean;
	/** Which mintdoc.json applies (default: the one beside docs.json or above it), and `--rule` settings. */
	readonly teamConfig?: TeamConfigChoice;
}

export async function checkFolders(dirs: readonly string[], cwd: string, options: CheckOptions = {}): Promise<CheckResult> {
	const folders: string[] = [];
	for (const dir of dirs) {
		const absolute = path.resolve(cwd, dir);
		const stat = await fs.stat(absolute).catch((e: NodeJS.ErrnoException) => e);
		if (stat instanceof Error) throw new UsageError(`cannot read folder '${dir}': ${stat.code === 'ENOENT' ? 'no such file or directory' : stat.message}`);
		if (!stat.isDirectory()) throw new UsageError(`'${dir}' is not a folder; pass the folder that holds docs.json`);
		try {
			await fs.access(absolute, fs.constants.R_OK | fs.constants.X_OK);
		} catch {
			throw new UsageError(`cannot read folder '${dir}': permission denied`);
		}
		folders.push(URI.file(absolute).toString());
	}
	// Pages read without a disable comment: the team's settings need not read them again (25,000 files on crewAI).
	const withoutDirectives = new Set<string>();
	const workspace = createFsWorkspace(() => folders, undefined, {
		synchronousReads: true,
		contentKeys: true,
		onRead: (uri, text) => {
			if (mayHoldDirectives(text)) withoutDirectives.delete(uri);
			else withoutDirectives.add(uri);
		},
	});
	// The CLI validates every OpenAPI document fully and waits for it (the server does this in the background).
	// Pages are parsed by a pool of worker threads (one per core), while this thread reads files and specs.
	// OpenAPI documents are read and fully validated in their own worker, also while pages are parsed.
	const pool = createPagePool(undefined, undefined, cliPageWorkers.idleMs, cliPageWorkers.resourceLimits);
	const specs = createWorkerSpecReader(undefined, undefined, Math.max(1, availableParallelism() - 1));
	const version = typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev';
	const file = options.cache === false ? undefined : await cacheFile(cwd, folders, options.cacheLocation);
	const cache =
		file === undefined
			? undefined
			: createPersistentSummarizer(pool, { file, fingerprint: summarizerFingerprint(version, path.join(__dirname, 'pageWorker.js')) });
	const validate = (uri: string, text: string) => specs.validate(uri, text);
	const specCache =
		file === undefined
			? undefined
			: createPersistentSpecValidator(validate, `${file}.openapi`, summarizerFingerprint(version, path.join(__dirname, 'specWorker.js')));
	const service = createLanguageService({
		workspace,
		schemaValidation: true,
		specReader: specCache ?? validate,
		overlaidValidator: async (uri, text) => (await validate(uri, text)).problems,
		awaitSpecReads: true,
		// Hosted documents are kept beside the page cache (the user's cache folder, or --cache-location), privately.
		fetchText: createRemoteFetcher(path.join(file === undefined ? userCacheDirectory() : path.dirname(file), 'openapi-cache'), {
			offline: options.offline,
		}),
		summarizePages: cache ?? pool,
	});
	try {
		const roots = await service.findDocsRoots(noCancellation);
		if (roots.length === 0) throw new UsageError(`no docs.json found in ${dirs.map(d => `'${d}'`).join(', ')}`);
		const results: FileDiagnostics[] = [];
		for (const root of roots) {
			const pages: FileDiagnostics[] = [];
			// The configuration (and its OpenAPI documents) is checked while the workers parse the pages.
			const [site] = await Promise.all([service.checkSite(root, noCancellation), service.checkPages(root, noCancellation, result => pages.push(result))]);
			results.push(...site, ...pages);
		}
		await Promise.all([cache?.flush(), specCache?.flush()]);
		if (options.checkExternal && !options.offline)
			await addExternalLinkFindings(service, workspace, roots, results, {
				cacheFile: file === undefined ? undefined : `${file}.links`,
				onProgress: options.onExternalProgress,
				fetch: options.fetch,
			});
		// The team's choices apply last, to every finding of the run (external links too).
		const configs = await loadTeamConfigs(roots, options.teamConfig ?? {}, cwd);
		const suppressed: SuppressedFinding[] = [];
		const configured = await applyTeamConfigs(results, roots, configs, options.teamConfig?.rules, suppressed, withoutDirectives);
		return { ...(await withCoverage(service, workspace, roots, configured, { ...options, cwd })), suppressed };
	} finally {
		pool.dispose();
		specs.dispose();
	}
}

async function cacheFile(cwd: string, folders: readonly string[], location: string | undefined): Promise<string> {
	if (location === undefined) {
		const directory = defaultCacheDirectory();
		await pruneCacheFolder(directory);
		return cacheFileFor(directory, folders);
	}
	const absolute = path.resolve(cwd, location);
	const isFolder = /[\\/]$/.test(location) || (await fs.stat(absolute).catch(() => undefined))?.isDirectory();
	return isFolder ? cacheFileFor(absolute, folders) : absolute;
}

async function withCoverage(
	service: ReturnType<typeof createLanguageService>,
	workspace: ReturnType<typeof createFsWorkspace>,
	roots: readonly string[],
	results: FileDiagnostics[],
	options: { readonly coverage?: boolean; readonly translations?: boolean; readonly cwd?: string },
): Promise<CheckResult> {
	const translations: TranslationRow[] = [];
	if (options.translations) for (const root of roots) translations.push(...translationRows(await service.getSite(root, noCancellation), options.cwd ?? ''));
	if (!options.coverage) return options.translations ? { roots, results, translations } : { roots, results };
	const coverage: NonNullable<CheckResult['coverage']>[number][] = [];
	for (const root of roots) {
		const site = await service.getSite(root, noCancellation);
		for (const spec of await findUndocumentedOperations(site, async uri => (await workspace.readDocument(uri))?.getText())) {
			const document = site.specFiles.get(spec.specUri);
			coverage.push({ ...spec, positionAt: offset => document?.positionAt(offset) ?? { line: 0, character: 0 } });
		}
	}
	return options.translations ? { roots, results, coverage, translations } : { roots, results, coverage };
}
