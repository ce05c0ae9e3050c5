import { promises as fs } from 'node:fs';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { createLanguageService, type LanguageService, type PageSummarizer } from '../core/languageService';
import { checkedSummary } from '../core/mdx/checkedSummary';
import type { TeamConfigLoader, TeamSwitches } from '../core/config/teamView';
import type { DocsWorkspace } from '../core/workspace';
import { createFsWorkspace, type DocumentOverlay } from '../node/runtime/fsWorkspace';
import { limitCheckHeapGrowth } from '../node/runtime/heapGrowth';
import { delayOptimization } from '../node/runtime/optimizationBudget';
import { cacheFileFor, createPersistentSummarizer, defaultCacheDirectory, pruneCacheFolder, summarizerFingerprint } from '../node/caches/pageCache';
import { cliPageWorkers, createPagePool } from '../node/workers/pagePool';
import { userCacheDirectory } from '../node/caches/privateFiles';
import { createUnchangedFiles } from '../node/caches/unchangedFiles';
import { createRemoteFetcher } from '../node/network/remoteSpecs';
import { createPersistentSpecValidator } from '../node/caches/specCache';
import { createPersistentSchemaMemo } from '../node/caches/schemaCache';
import { createWorkerSpecReader } from '../node/workers/specWorkerReader';

declare const MINTDOC_VERSION: string;

/** How a checking service is made: the CLI's `check` and `mintdoc mcp` use the same, so they find the same. */
export interface CheckServiceOptions {
	/** Keep page summaries between runs (default true). */
	readonly cache?: boolean;
	/** A cache file, or a folder (existing, or written with a trailing separator) to keep it in. */
	readonly cacheLocation?: string;
	/** Fetch nothing (hosted OpenAPI documents come from the cache or are reported not fetched). */
	readonly offline?: boolean;
	/** Texts that win over the disk (`mintdoc mcp`'s drafts). */
	readonly overlay?: DocumentOverlay;
	/** Every change of a file is reported to the service (`mintdoc mcp` compares the files between calls). */
	readonly changesReported?: boolean;
	/** How each site's mintdoc.json is found (see teamConfigLoader). */
	readonly teamConfigLoader?: TeamConfigLoader;
	/** `--no-a11y`, `--rule`, and whether SARIF wants what the team silenced. */
	readonly teamSwitches?: TeamSwitches;
}

export interface CheckService {
	readonly service: LanguageService;
	readonly workspace: DocsWorkspace;
	/** The page cache's file (undefined without a cache): other caches of the run go beside it. */
	readonly cacheFile?: string;
	/** Writes the caches (after a run). */
	flush(): Promise<void>;
	/** Stops the worker threads. */
	dispose(): void;
}

/** The language service over `folders` (URIs) as the CLI checks: every OpenAPI document fully validated and awaited. */
export async function createCheckService(folders: readonly string[], cwd: string, options: CheckServiceOptions = {}): Promise<CheckService> {
	// One check reads files on this thread (five trips through Node's thread pool per page cost more than the
	// read) and keys pages by a native hash of their bytes.
	const version = typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev';
	const file = options.cache === false ? undefined : await cacheFile(cwd, folders, options.cacheLocation);
	const files = createFsWorkspace(() => folders, options.overlay, { synchronousReads: !options.changesReported, contentKeys: true });
	// One check (nothing overlaid, nothing reported changed; not `mintdoc mcp`'s session) answers the pages
	// unchanged since the last run unread.
	const oneShot = !options.overlay && !options.changesReported;
	const unchanged = file === undefined || !oneShot ? undefined : createUnchangedFiles(`${file}.files`, summarizerFingerprint(version, __filename));
	const workspace = unchanged?.wrap(files) ?? files;
	// Pages are parsed by a pool of worker threads (one per core), while this thread reads files and specs.
	// OpenAPI documents are read and fully validated in their own worker, also while pages are parsed.
	// One check stops its workers right after the last page; a session (`mintdoc mcp`) keeps them between calls.
	const pool = options.changesReported ? createPagePool() : createPagePool(undefined, undefined, cliPageWorkers.idleMs, cliPageWorkers.resourceLimits);
	// Parsing pages (a cold run) piles up the workers' garbage: one check's heaps then grow less. A warm run
	// parses nothing and keeps V8's growth (collecting more often only costs it time).
	const parse: PageSummarizer = (documents, token, run) => {
		if (oneShot && documents.length) {
			limitCheckHeapGrowth();
			delayOptimization();
		}
		return pool(documents, token, run);
	};
	const specs = createWorkerSpecReader(undefined, undefined, Math.max(1, availableParallelism() - 1));
	const cache =
		file === undefined
			? undefined
			: createPersistentSummarizer(parse, { file, fingerprint: summarizerFingerprint(version, path.join(__dirname, 'pageWorker.js')), checkedOnly: oneShot });
	const validate = (uri: string, text: string) => specs.validate(uri, text);
	const specCache =
		file === undefined
			? undefined
			: createPersistentSpecValidator(validate, `${file}.openapi`, summarizerFingerprint(version, path.join(__dirname, 'specWorker.js')));
	// The schema is bundled with this file: its fingerprint names the schema too.
	const schemaMemo = file === undefined ? undefined : createPersistentSchemaMemo(`${file}.schema`, summarizerFingerprint(version, __filename));
	const service = createLanguageService({
		workspace,
		schemaValidation: true,
		schemaMemo,
		specReader: specCache ?? validate,
		overlaidValidator: async (uri, text) => (await validate(uri, text)).problems,
		awaitSpecReads: true,
		// Hosted documents are kept beside the page cache (the user's cache folder, or --cache-location), privately.
		fetchText: createRemoteFetcher(path.join(file === undefined ? userCacheDirectory() : path.dirname(file), 'openapi-cache'), {
			offline: options.offline,
		}),
		// One check keeps of each summary only what the checks read (checkedSummary); the page cache answers so
		// itself (it keeps them whole, for the editor's features, and reads only that part of each).
		summarizePages: cache ?? (oneShot ? checkedSummaries(parse) : parse),
		changesReported: options.changesReported,
		teamConfigLoader: options.teamConfigLoader,
		teamSwitches: options.teamSwitches,
	});
	return {
		service,
		workspace,
		cacheFile: file,
		async flush() {
			await Promise.all([cache?.flush(), specCache?.flush(), unchanged?.flush(), schemaMemo?.flush()]);
		},
		dispose() {
			pool.dispose();
			specs.dispose();
		},
	};
}

/**
 * `inner`'s summaries as a one-shot check keeps them (checkedSummary), with everything it is asked
 * passed on: a first version dropped the run's page count, and the workers never learnt the site's size.
 */
export function checkedSummaries(inner: PageSummarizer): PageSummarizer {
	return async (documents, token, run) => (await inner(documents, token, run)).map(checkedSummary);
}

/** Where the page cache is kept: beside the user's other caches, or where --cache-location says. */
export async function cacheFile(cwd: string, folders: readonly string[], location: string | undefined): Promise<string> {
	if (location === undefined) {
		const directory = defaultCacheDirectory();
		await pruneCacheFolder(directory);
		return cacheFileFor(directory, folders);
	}
	const absolute = path.resolve(cwd, location);
	const isFolder = /[\\/]$/.test(location) || (await fs.stat(absolute).catch(() => undefined))?.isDirectory();
	return isFolder ? cacheFileFor(absolute, folders) : absolute;
}
