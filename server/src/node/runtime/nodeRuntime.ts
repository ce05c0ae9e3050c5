import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { PageSummarizer } from '../../core/languageServiceTypes';
import type { Logger } from '../../core/logger';
import type { ServerRuntime } from '../../lsp/serverRuntime';
import { findExternalLinkProblems } from '../network/externalLinkFindings';
import { createFsWorkspace } from './fsWorkspace';
import { codeCacheHook, saveCodeCache } from './codeCache';
import { collectYoungGeneration, limitHeapGrowth } from './heapGrowth';
import { cacheFileFor, createPersistentSummarizer, pruneCacheFolder, summarizerFingerprint, type PersistentSummarizer } from '../caches/pageCache';
import { createPagePool, serverPageWorkers } from '../workers/pagePool';
import { sendPlaygroundRequest } from '../network/playgroundFetch';
import { userCacheDirectory } from '../caches/privateFiles';
import { createRemoteFetcher } from '../network/remoteSpecs';
import { createWorkerSpecReader } from '../workers/specWorkerReader';
import { guardFetch, isTrustedInit } from './workspaceTrust';
import { readSiteAtRef, resolveCompareWith } from './gitRevision';

/** The page cache is written once the background check has been quiet this long. */
const pageCacheIdleFlushMs = 2_000;

declare const MINTDOC_VERSION: string;

/**
 * The language server's runtime in Node: files on disk, OpenAPI documents and pages parsed in
 * worker threads (all cores but the one answering requests), hosted documents and page summaries
 * cached in the extension's storage, HTTP for the playground and the external link check.
 */
export function createNodeRuntime(): ServerRuntime {
	const specReader = createWorkerSpecReader();
	const pagePool = createPagePool(Math.max(1, availableParallelism() - 1), undefined, serverPageWorkers.idleMs, serverPageWorkers.resourceLimits);
	// Both known at initialize: until then, the user's cache folder and a trusted workspace.
	let storagePath: string | undefined;
	let specCacheDir = path.join(userCacheDirectory(), 'openapi-cache');
	let trusted = true;
	let log: Logger | undefined;
	// Page summaries persist in the extension's storage, so reopening a large site skips parsing its unchanged pages.
	let pageCache: PersistentSummarizer | undefined;
	const summarizePages: PageSummarizer = (documents, token) => (pageCache ?? pagePool)(documents, token);
	const fetchText = guardFetch(
		url => createRemoteFetcher(specCacheDir)(url),
		() => trusted,
	);
	return {
		description: `node ${process.version}, pid ${process.pid}, cwd ${URI.file(process.cwd()).fsPath}, node flags ${process.execArgv.join(' ') || 'none'}, code cache ${codeCacheHook()?.state ?? 'not loaded'}`,
		// VS Code validates docs.json with the schemas package.json contributes (jsonValidation): reported once, by it.
		validatesSchemas: false,
		createWorkspace: createFsWorkspace,
		specReader,
		fetchText,
		summarizePages,
		initialize(folders, options, logger) {
			log = logger;
			storagePath = options?.storagePath;
			specCacheDir = path.join(storagePath ?? userCacheDirectory(), 'openapi-cache');
			trusted = isTrustedInit(options);
			if (!storagePath) return;
			void pruneCacheFolder(path.join(storagePath, 'page-cache'));
			pageCache = createPersistentSummarizer(pagePool, {
				file: cacheFileFor(path.join(storagePath, 'page-cache'), folders),
				fingerprint: summarizerFingerprint(typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev', path.join(__dirname, 'pageWorker.js')),
				flushWhenIdleMs: pageCacheIdleFlushMs,
				onFlush: ({ hits, misses, written }) => logger.info(`page cache: ${hits} pages reused, ${misses} parsed; ${written} kept for next time`),
			});
		},
		afterPagesChecked() {
			// The code cache is saved before the heap limit changes a V8 flag (heapGrowth.ts): the same promise.
			void saveCodeCache()?.then(outcome => {
				if (outcome === 'written') log?.info('code cache written: the next start compiles less');
			});
			limitHeapGrowth();
		},
		whenIdle: collectYoungGeneration,
		nextTurn: callback => void setImmediate(callback),
		findExternalLinkProblems: (service, workspace, options) =>
			findExternalLinkProblems(service, workspace, service.roots, { ...options, cacheFile: storagePath && path.join(storagePath, 'external-links.json') }),
		async readSiteAtRef(rootUri, compareWith) {
			// git reads the repository's configuration: not in a workspace the user has not trusted.
			if (!trusted) throw new Error('the workspace is not trusted');
			const root = URI.parse(rootUri).fsPath;
			return readSiteAtRef(await resolveCompareWith(root, compareWith), root);
		},
		sendPlaygroundRequest: (request, signal) => sendPlaygroundRequest(request, { signal }),
		shutdown: async () => pageCache?.flush(),
		dispose() {
			specReader.dispose();
			pagePool.dispose();
		},
	};
}
