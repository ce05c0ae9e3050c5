import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import type { FileDiagnostics, LanguageService } from '../core/languageServiceTypes';
import { findRemovedRoutes, type SiteAtRef } from '../core/site/removedRoutes';
import { GitRefError, readSiteAtRef, resolveRef, type ResolvedRef } from '../node/runtime/gitRevision';
import { UsageError } from './usageError';

/**
 * `mintdoc check --since <ref>`: the ref resolved in each folder given before anything is checked
 * (a bad ref ends the run with one line and exit 2, having written nothing), then each site read
 * at the ref while its pages are checked, and compared with what the site serves now.
 */
export interface SinceRef {
	/** Starts reading a site (folder URI) at the ref; awaited by {@link SinceRef.findings}. */
	read(rootUri: string): void;
	/** The routes each site no longer serves, on its docs.json. */
	findings(service: LanguageService, roots: readonly string[]): Promise<FileDiagnostics[]>;
}

/** Resolves `ref` in every folder (absolute paths); throws {@link UsageError} with git's problem in one line. */
export async function resolveSinceRef(ref: string, folders: readonly string[]): Promise<SinceRef> {
	const resolved: { folder: string; at: ResolvedRef }[] = [];
	for (const folder of folders) resolved.push({ folder, at: await asUsageError(resolveRef(folder, ref)) });
	const reads = new Map<string, Promise<SiteAtRef>>();
	const read = (rootUri: string) => {
		const root = URI.parse(rootUri).fsPath;
		// The folder given that holds the site (the longest, for nested folders given together).
		const owner = resolved.filter(r => root === r.folder || root.startsWith(r.folder + path.sep)).sort((a, b) => b.folder.length - a.folder.length)[0];
		const at = owner?.at ?? resolved[0]!.at;
		if (!reads.has(rootUri)) {
			const reading = readSiteAtRef(at, root);
			// Awaited later by findings(); a failure meanwhile is not an unhandled rejection.
			reading.catch(() => undefined);
			reads.set(rootUri, reading);
		}
		return reads.get(rootUri)!;
	};
	return {
		read: rootUri => void read(rootUri),
		async findings(service, roots) {
			const results: FileDiagnostics[] = [];
			for (const root of roots) {
				const old = await asUsageError(read(root));
				const site = await service.getSite(root, noCancellation);
				const found = findRemovedRoutes(old, site);
				if (found.length) results.push({ uri: site.config.configUri, diagnostics: found });
			}
			return results;
		},
	};
}

async function asUsageError<T>(work: Promise<T>): Promise<T> {
	try {
		return await work;
	} catch (e) {
		throw e instanceof GitRefError ? new UsageError(`--since: ${e.message}`) : e;
	}
}

/** Adds findings to the results of the same file (or as a new file), keeping one entry per URI. */
export function mergeFindings(results: FileDiagnostics[], extra: readonly FileDiagnostics[]): void {
	for (const file of extra) {
		const at = results.findIndex(r => r.uri === file.uri);
		if (at === -1) results.push(file);
		else results[at] = { uri: file.uri, diagnostics: [...results[at]!.diagnostics, ...file.diagnostics] };
	}
}
