import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-types';
import { URI } from 'vscode-uri';
import type { FileDiagnostics } from '../core/languageService';
import { problemList } from '../core/problemList';
import type { CheckResult } from './checkResult';
import { displayText, jsonText } from './terminalText';

/**
 * One problem in the CLI's JSON output. This shape is a stable contract that other tools consume:
 * fields are only ever added, never renamed or removed.
 */
export interface CheckProblem {
	/** Path relative to the current directory, forward slashes. */
	readonly file: string;
	/** 0-based, LSP style. */
	readonly range: Diagnostic['range'];
	readonly severity: 'error' | 'warning' | 'information' | 'hint';
	readonly code: string;
	readonly message: string;
}

export function toProblems(results: readonly FileDiagnostics[], cwd: string): CheckProblem[] {
	return problemList(results, uri => relativeFile(uri, cwd));
}

/**
 * The problem as it may be shown on a line of output: its file, message and code through
 * {@link displayText} (a file name or a quoted value can hold a newline that would start a line of
 * its own, such as a forged `::error` workflow command). Every line-based format starts here.
 */
function displayProblem<P extends CheckProblem>(p: P): P {
	return { ...p, file: displayText(p.file), message: displayText(p.message), code: displayText(p.code) };
}

/** `path:line:col severity message [code]` per problem (1-based, as compilers print), then a summary line. */
export function formatText(problems: readonly CheckProblem[], summaryLine: string): string {
	const lines = problems
		.map(displayProblem)
		.map(p => `${p.file}:${p.range.start.line + 1}:${p.range.start.character + 1} ${p.severity} ${p.message} [${p.code}]`);
	lines.push(summaryLine);
	return lines.join('\n') + '\n';
}

/** The JSON contract carries values as they are; {@link jsonText} keeps bidirectional controls and line separators out of the printed text. */
export function formatJson(problems: readonly CheckProblem[]): string {
	return jsonText(JSON.stringify(problems, null, 2)) + '\n';
}

/** Undocumented operations of one spec in the JSON output of `check --coverage` (same stability rules as {@link CheckProblem}). */
export interface CoverageReport {
	/** The spec file, relative to the current directory. */
	readonly file: string;
	readonly operations: readonly { readonly method: string; readonly path: string; readonly range: Diagnostic['range'] }[];
}

export function toCoverage(coverage: NonNullable<CheckResult['coverage']>, cwd: string): CoverageReport[] {
	return coverage.map(spec => ({
		file: relativeFile(spec.specUri, cwd),
		operations: spec.operations.map(({ method, path, span }) => ({
			method,
			path,
			range: { start: spec.positionAt(span.offset), end: spec.positionAt(span.offset + span.length) },
		})),
	}));
}

/** `Undocumented operations in FILE: N`, then `  METHOD /path` per operation. */
export function formatCoverageText(coverage: readonly CoverageReport[]): string {
	return coverage
		.map(
			spec =>
				[
					`Undocumented operations in ${displayText(spec.file)}: ${spec.operations.length}`,
					...spec.operations.map(op => `  ${displayText(op.method)} ${displayText(op.path)}`),
				].join('\n') + '\n',
		)
		.join('');
}

/** `check --coverage --format json`: an object, so the plain `check` array contract stays as it is. */
export function formatJsonWithCoverage(problems: readonly CheckProblem[], coverage: readonly CoverageReport[]): string {
	return jsonText(JSON.stringify({ problems, coverage }, null, 2)) + '\n';
}

export function relativeFile(uri: string, cwd: string): string {
	return path.relative(cwd, URI.parse(uri).fsPath).split(path.sep).join('/') || '.';
}

/** `2 errors, 1 warning in 2 files (1 site checked).`; `hidden` counts what `--quiet` left out. */
export function summary(problems: readonly CheckProblem[], rootCount: number, hidden = 0): string {
	const sites = `${rootCount} site${rootCount === 1 ? '' : 's'} checked${hidden ? `; ${plural(hidden, 'warning or note', 'warnings or notes')} not shown (--quiet)` : ''}`;
	if (problems.length === 0) return `No problems found (${sites}).`;
	const count = (severity: CheckProblem['severity']) => problems.filter(p => p.severity === severity).length;
	const files = new Set(problems.map(p => p.file)).size;
	const parts = [plural(count('error'), 'error'), plural(count('warning'), 'warning')];
	const minor = count('information') + count('hint');
	if (minor) parts.push(plural(minor, 'note'));
	return `${parts.join(', ')} in ${plural(files, 'file')} (${sites}).`;
}

function plural(n: number, word: string, words = `${word}s`): string {
	return `${n} ${n === 1 ? word : words}`;
}
