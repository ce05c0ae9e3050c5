import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import type { createLanguageService, FileDiagnostics } from '../core/languageService';
import { findUndocumentedOperations, type SpecCoverage } from '../core/openapi/coverage';
import { translationRows, type TranslationRow } from './translationsReport';
import { addExternalLinkFindings } from './externalLinkCheck';
import type { createFsWorkspace } from '../node/fsWorkspace';
import { createCheckService } from './checkService';
import { UsageError } from './usageError';
import { applyTeamConfigs, loadTeamConfigs, type SuppressedFinding, type TeamConfigChoice } from './teamConfigFiles';
import { appendAll } from '../core/arrays';
import { mergeFindings, resolveSinceRef } from './sinceRef';

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
	/** The mintdoc.json files applied (URIs, each once): the text output names them. */
	readonly configFiles?: readonly string[];
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
	/** A git ref: also report the routes the sites served then and serve no more (`--since`). */
	readonly since?: string;
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
	// A ref git cannot resolve ends the run here, before anything is read or cached.
	const since =
		options.since === undefined
			? undefined
			: await resolveSinceRef(
					options.since,
					folders.map(f => URI.parse(f).fsPath),
				);
	// The pages' disable comments are noted as the check reads them (applied with mintdoc.json at the end).
	const { service, workspace, directives, flush, dispose, cacheFile } = await createCheckService(folders, cwd, options);
	try {
		const roots = await service.findDocsRoots(noCancellation);
		if (roots.length === 0) throw new UsageError(`no docs.json found in ${dirs.map(d => `'${d}'`).join(', ')}`);
		const results: FileDiagnostics[] = [];
		for (const root of roots) since?.read(root);
		for (const root of roots) {
			const pages: FileDiagnostics[] = [];
			// The configuration (and its OpenAPI documents) is checked while the workers parse the pages.
			const [site] = await Promise.all([service.checkSite(root, noCancellation), service.checkPages(root, noCancellation, result => pages.push(result))]);
			appendAll(results, [...site, ...pages]);
		}
		if (since) mergeFindings(results, await since.findings(service, roots));
		await flush();
		if (options.checkExternal && !options.offline)
			await addExternalLinkFindings(service, workspace, roots, results, {
				cacheFile: cacheFile === undefined ? undefined : `${cacheFile}.links`,
				onProgress: options.onExternalProgress,
				fetch: options.fetch,
			});
		// The team's choices apply last, to every finding of the run (external links too).
		const configs = await loadTeamConfigs(roots, options.teamConfig ?? {}, cwd, folders);
		const suppressed: SuppressedFinding[] = [];
		const configured = await applyTeamConfigs(results, roots, configs, options.teamConfig?.rules, suppressed, directives);
		const configFiles = [...new Set([...configs.values()].flatMap(c => (c ? [c.uri] : [])))];
		return { ...(await withCoverage(service, workspace, roots, configured, { ...options, cwd })), suppressed, configFiles };
	} finally {
		dispose();
	}
}

async function withCoverage(
	service: ReturnType<typeof createLanguageService>,
	workspace: ReturnType<typeof createFsWorkspace>,
	roots: readonly string[],
	results: FileDiagnostics[],
	options: { readonly coverage?: boolean; readonly translations?: boolean; readonly cwd?: string },
): Promise<CheckResult> {
	const translations: TranslationRow[] = [];
	if (options.translations) for (const root of roots) appendAll(translations, translationRows(await service.getSite(root, noCancellation), options.cwd ?? ''));
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
