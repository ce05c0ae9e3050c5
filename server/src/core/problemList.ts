import type { Diagnostic, Range } from 'vscode-languageserver-types';

/** A finding with the file it is in: what `mintdoc check --format json` prints and agents receive (0-based LSP range). */
export interface FileProblem {
	/** As the caller names files (relative to a folder, forward slashes). */
	readonly file: string;
	readonly range: Range;
	readonly severity: 'error' | 'warning' | 'information' | 'hint';
	readonly code: string;
	readonly message: string;
}

const severityNames = ['error', 'error', 'warning', 'information', 'hint'] as const;

/**
 * The findings of files as one list, in the order every output uses (file, position, code), each
 * once: a page under a nested docs root is checked once per site that holds it.
 */
export function problemList(
	results: readonly { readonly uri: string; readonly diagnostics: readonly Diagnostic[] }[],
	fileOf: (uri: string) => string,
): FileProblem[] {
	const problems: FileProblem[] = [];
	for (const { uri, diagnostics } of results) {
		const file = fileOf(uri);
		for (const d of diagnostics)
			problems.push({ file, range: d.range, severity: severityNames[d.severity ?? 1] ?? 'error', code: String(d.code ?? ''), message: d.message });
	}
	problems.sort(
		(a, b) =>
			a.file.localeCompare(b.file) ||
			a.range.start.line - b.range.start.line ||
			a.range.start.character - b.range.start.character ||
			a.code.localeCompare(b.code),
	);
	const seen = new Set<string>();
	return problems.filter(p => {
		const key = JSON.stringify([p.file, p.range, p.severity, p.code, p.message]);
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
