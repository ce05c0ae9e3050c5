import type { FileDiagnostics } from '../core/languageService';
import type { SpecCoverage } from '../core/openapi/coverage';
import type { SuppressedFinding } from './teamConfigFiles';
import type { TranslationRow } from './translationsReport';

/** What one `mintdoc check` run found: what the report formats (report.ts) print. */
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
