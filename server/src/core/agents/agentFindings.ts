import type { Diagnostic } from 'vscode-languageserver-types';
import { problemList, type FileProblem } from '../problemList';

/**
 * A finding as coding agents receive it (the MCP server's `check`, the editor's language-model
 * tools): the CLI's JSON problem with 1-based lines and columns, as an agent quotes them back.
 */
export interface AgentFinding {
	/** Relative to the folder the agent works in, forward slashes. */
	readonly file: string;
	/** 1-based. */
	readonly line: number;
	/** 1-based. */
	readonly column: number;
	/** 1-based line of the end of the range. */
	readonly endLine: number;
	/** 1-based column just after the last character of the range. */
	readonly endColumn: number;
	readonly severity: 'error' | 'warning' | 'information' | 'hint';
	readonly code: string;
	readonly message: string;
}

export function toAgentFinding(problem: FileProblem): AgentFinding {
	const { start, end } = problem.range;
	return {
		file: problem.file,
		line: start.line + 1,
		column: start.character + 1,
		endLine: end.line + 1,
		endColumn: end.character + 1,
		severity: problem.severity,
		code: problem.code,
		message: problem.message,
	};
}

/** How many findings of each kind, and the CLI's summary line. */
export interface FindingSummary {
	readonly errors: number;
	readonly warnings: number;
	/** Information and hints. */
	readonly notes: number;
	readonly files: number;
	readonly text: string;
}

export function summarizeFindings(findings: readonly AgentFinding[], text: string): FindingSummary {
	const count = (...severities: AgentFinding['severity'][]) => findings.filter(f => severities.includes(f.severity)).length;
	return { errors: count('error'), warnings: count('warning'), notes: count('information', 'hint'), files: new Set(findings.map(f => f.file)).size, text };
}

/** At most this many findings are written out as text (all of them stay in the structured result). */
const textLimit = 200;

/**
 * The findings as a model reads them best: one line each, `file:line:column severity [code] message`,
 * then the summary. Long lists are cut (the structured result keeps them all).
 */
export function findingsText(findings: readonly AgentFinding[], summaryText: string): string {
	const lines = findings.slice(0, textLimit).map(f => `${f.file}:${f.line}:${f.column} ${f.severity} [${f.code}] ${f.message}`);
	if (findings.length > textLimit) lines.push(`… and ${findings.length - textLimit} more (see the structured result).`);
	lines.push(summaryText);
	return lines.join('\n');
}

/**
 * The findings of files as agents get them, sorted and without repeats as `mintdoc check` sorts
 * them (file, line, column, code). `relative` names each file for the agent.
 */
export function agentFindingsOf(
	results: readonly { readonly uri: string; readonly diagnostics: readonly Diagnostic[] }[],
	relative: (uri: string) => string,
): AgentFinding[] {
	return problemList(results, relative).map(toAgentFinding);
}

/** `2 errors, 1 warning in 2 files.` (the CLI's summary line without its count of sites), or `No problems found.` */
export function findingsSummaryLine(findings: readonly AgentFinding[]): string {
	if (!findings.length) return 'No problems found.';
	const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
	const { errors, warnings, notes, files } = summarizeFindings(findings, '');
	return `${[plural(errors, 'error'), plural(warnings, 'warning'), ...(notes ? [plural(notes, 'note')] : [])].join(', ')} in ${plural(files, 'file')}.`;
}
