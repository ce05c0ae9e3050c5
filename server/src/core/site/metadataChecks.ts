import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import type { FileDiagnostics } from '../languageServiceTypes';
import { pageMetadataFindings, pageMetadataOptionsOf } from '../llms/llmsRules';
import { factsOfFrontmatter, knownFactsFirst, type FactsReader, type PageFacts } from '../llms/pageFacts';
import type { DocsWorkspace } from '../workspace';
import type { SiteState } from './siteState';
import { yieldTurn } from '../yieldTurn';

/** Pages judged between two turns of the event loop, so requests answer while the rules run (crewAI: 24,803 pages). */
const pagesPerTurn = 500;

/**
 * What agents and search engines read of a page's frontmatter, from its last summary: undefined when
 * the page has none yet (read its text), null when the page could not be read (refused, binary, too
 * large): such a page says nothing.
 */
export function pageFactsOf(state: SiteState, uri: string): PageFacts | null | undefined {
	const summary = state.summaries.latest(uri);
	if (!summary) return undefined;
	const codes = summary.diagnostics.map(d => d.code);
	if (codes.some(code => typeof code === 'string' && code.startsWith('file-'))) return null;
	return factsOfFrontmatter(summary.frontmatter, codes.includes('frontmatter-syntax') || codes.includes('frontmatter-too-deep'));
}

/**
 * The rules that judge every page of a site together (titles and descriptions missing or shared, the
 * projected llms.txt, a custom llms.txt), with the options of the site's mintdoc.json. Their findings
 * replace the earlier ones held beside the checks; resolves with the files whose findings changed,
 * as the team sees them. Facts come from the page summaries; a text is read only to place a finding.
 */
export async function checkPageMetadata(state: SiteState, workspace: DocsWorkspace, root: string, token: CancellationToken): Promise<FileDiagnostics[]> {
	const read = async (uri: string) => (await workspace.readDocument(uri).catch(() => undefined))?.getText();
	const at = state.tracker.epoch;
	const site = await state.site(root, token);
	const band = pageMetadataOptionsOf(await state.team.configOf(root));
	// A rule off by default is not run unless the team turned it on somewhere (crewAI: 5,268 length findings placed, then all dropped).
	const options = state.team.mayShow(root, 'page-description-length') ? band : { ...band, descriptionLength: undefined };
	// What the last run found is still held beside the checks: nothing to change.
	if (state.judged.unchanged(root, site, options)) return [];
	const found = await pageMetadataFindings(
		site,
		read,
		options,
		token,
		yielding(
			knownFactsFirst(uri => pageFactsOf(state, uri), read),
			workspace,
			token,
		),
	);
	throwIfCancelled(token);
	const changed = await state.shown.setBeside('metadata', root, new Map<string, readonly Diagnostic[]>(found.map(f => [f.uri, f.diagnostics])));
	state.judged.noteJudged(root, at, site, options);
	return changed;
}

/** The facts, with a turn of the event loop every few hundred pages. */
function yielding(facts: FactsReader, workspace: DocsWorkspace, token: CancellationToken): FactsReader {
	let count = 0;
	return async uri => {
		if (++count % pagesPerTurn === 0) {
			await yieldTurn(workspace);
			throwIfCancelled(token);
		}
		return facts(uri);
	};
}
