import type { FileDiagnostics, LanguageService } from '../core/languageServiceTypes';
import type { DocsWorkspace } from '../core/workspace';
import { findExternalLinkProblems, type ExternalLinkRunOptions } from '../node/externalLinkFindings';

/** `mintdoc check --check-external`: adds the external link findings to the page results. */
export async function addExternalLinkFindings(
	service: LanguageService,
	workspace: DocsWorkspace,
	roots: readonly string[],
	results: FileDiagnostics[],
	options: ExternalLinkRunOptions,
): Promise<void> {
	const added = await findExternalLinkProblems(service, workspace, roots, options);
	// New result objects: the page results may be shared with the page cache.
	results.forEach((result, index) => {
		const more = added.get(result.uri);
		if (!more) return;
		results[index] = { ...result, diagnostics: [...result.diagnostics, ...more] };
		added.delete(result.uri);
	});
	for (const [uri, diagnostics] of added) results.push({ uri, diagnostics });
}
