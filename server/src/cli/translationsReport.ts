import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { SiteModel } from '../core/site/siteModel';
import { translationCoverage } from '../core/site/translationCoverage';
import { displayText } from './terminalText';

/** One language of one site in `mintdoc check --translations` (JSON keys are stable). */
export interface TranslationRow {
	readonly site: string;
	readonly language: string;
	readonly default: boolean;
	readonly pages: number;
	readonly translated: number;
	readonly total: number;
	/** Pages of the default language with no page in this language's navigation. */
	readonly missing: readonly string[];
	/** Pages this language lists that the default language does not. */
	readonly extra: readonly string[];
	/** Entries written without the locale prefix. */
	readonly unprefixed: number;
}

/** The rows of one site with `languages` (none for a site without). */
export function translationRows(site: SiteModel, cwd: string): TranslationRow[] {
	const coverage = translationCoverage(site.navigation);
	if (!coverage) return [];
	const label = path.relative(cwd, URI.parse(site.rootUri).fsPath).split(path.sep).join('/') || '.';
	return coverage.languages.map(l => ({
		site: label,
		language: l.code,
		default: l.isDefault,
		pages: l.pageCount + l.unprefixed.length,
		translated: l.isDefault ? coverage.total : l.translated,
		total: coverage.total,
		missing: l.missing.map(e => e.value),
		extra: l.extra.map(e => e.value),
		unprefixed: l.unprefixed.length,
	}));
}

/** A Markdown table, one row per language, with the first missing pages. */
export function formatTranslationsTable(rows: readonly TranslationRow[]): string {
	if (!rows.length) return '\nNo site with `languages`.\n';
	const lines = [
		'',
		'| site | language | pages | translated | missing | only in this language | without locale prefix | first missing |',
		'|---|---|---|---|---|---|---|---|',
		...rows.map(
			r =>
				`| ${displayText(r.site)} | ${displayText(r.language)}${r.default ? ' (default)' : ''} | ${r.pages} | ${r.translated}/${r.total} (${r.total ? Math.round((100 * r.translated) / r.total) : 100}%) | ${r.missing.length} | ${r.extra.length} | ${r.unprefixed} | ${r.missing.slice(0, 3).map(displayText).join(', ')}${r.missing.length > 3 ? ', …' : ''} |`,
		),
	];
	return lines.join('\n') + '\n';
}
