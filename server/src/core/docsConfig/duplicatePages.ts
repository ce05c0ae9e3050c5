import type { DiagnosticSink } from './diagnosticSink';

/**
 * One page entry of the navigation as the duplicate check sees it: the page path it names, the
 * scope it is listed in (see scopeOf), and where it is written. Occurrences of a subtree are
 * kept with the subtree's cached results, so a docs.json edit does not classify every entry again.
 */
export interface PageOccurrence {
	readonly path: string;
	readonly scope: string;
	readonly uri: string;
	readonly offset: number;
	readonly length: number;
}

/**
 * A page listed twice in one navigation scope (a version, language or product) is reachable from
 * one place only. Occurrences come in navigation order; the first one of a path is "first listed".
 */
export function checkDuplicatePages(occurrences: Iterable<PageOccurrence>, sink: DiagnosticSink): void {
	// Tens of thousands of entries share a handful of scopes: one map of paths per scope.
	const seenByScope = new Map<string, Map<string, PageOccurrence>>();
	for (const occurrence of occurrences) {
		let seen = seenByScope.get(occurrence.scope);
		if (!seen) seenByScope.set(occurrence.scope, (seen = new Map()));
		const first = seen.get(occurrence.path);
		if (!first) {
			seen.set(occurrence.path, occurrence);
			continue;
		}
		const label = occurrence.scope ? ` (${occurrence.scope.replaceAll('/', ', ').replaceAll(':', ' ')})` : '';
		sink.add(
			occurrence.uri,
			sink.rangeOf(occurrence.uri, occurrence.offset, occurrence.length),
			`'${occurrence.path}' is already listed in this navigation${label}; readers will only reach it from one place.`,
			'nav-duplicate-page',
			{
				related: [sink.related(first.uri, sink.rangeOf(first.uri, first.offset, first.length), 'first listed here')],
			},
		);
	}
}
