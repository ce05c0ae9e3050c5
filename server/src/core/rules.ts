import { DiagnosticSeverity } from 'vscode-languageserver-types';

/**
 * Every check MintDoc runs, keyed by its stable `code`. Editors, the CLI's JSON output and other
 * tools rely on these ids, so an id never changes meaning once released; add a new one instead.
 */
export const rules = {
	'file-binary': { severity: DiagnosticSeverity.Error, summary: 'The file is binary, not UTF-8 text.' },
	'file-too-large': { severity: DiagnosticSeverity.Warning, summary: 'The file is larger than MintDoc checks (it is skipped, not rejected).' },
	'file-unreadable': { severity: DiagnosticSeverity.Error, summary: 'The file exists but cannot be read.' },
	'json-empty': { severity: DiagnosticSeverity.Error, summary: 'docs.json is empty.' },
	'json-syntax': { severity: DiagnosticSeverity.Error, summary: 'docs.json is not valid JSON (the platform parses it strictly: no comments, no trailing commas).' },
	'json-too-deep': { severity: DiagnosticSeverity.Error, summary: 'Values are nested deeper than any real configuration; checking stops there.' },
	'json-not-object': { severity: DiagnosticSeverity.Error, summary: 'The top-level value of docs.json must be an object.' },
} as const satisfies Record<string, { severity: DiagnosticSeverity; summary: string }>;

export type RuleId = keyof typeof rules;
