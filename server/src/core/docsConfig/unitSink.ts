import type { Diagnostic, DiagnosticRelatedInformation, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSink } from './diagnosticSink';

/**
 * A finding kept with a navigation subtree: its ranges hold offsets from the subtree's start
 * (line -1 marks them), so it can be placed again wherever the same text now stands.
 */
export type RelativeDiagnostic = Diagnostic;

const relativeLine = -1;

/**
 * Collects the findings of rules run on one subtree written in one file, with offsets relative
 * to `base` instead of positions. Findings about another file cannot be relocated: they make
 * the results not reusable ({@link UnitSink.relocatable}).
 */
export class UnitSink extends DiagnosticSink {
	constructor(
		files: ReadonlyMap<string, TextDocument>,
		private readonly uri: string,
		private readonly base: number,
	) {
		super(files, new Map());
	}

	override rangeOf(uri: string, offset: number, length: number): Range {
		if (uri !== this.uri) return super.rangeOf(uri, offset, length);
		return { start: { line: relativeLine, character: offset - this.base }, end: { line: relativeLine, character: offset + length - this.base } };
	}

	/** Whether every finding is in the subtree's file (then all its ranges are relative). */
	get relocatable(): boolean {
		return [...this.byUri.keys()].every(uri => uri === this.uri);
	}

	/** The findings, relative to the subtree's start. */
	get findings(): readonly RelativeDiagnostic[] {
		return this.byUri.get(this.uri) ?? [];
	}
}

/**
 * Fresh diagnostics for findings kept relative to a subtree that now starts at `base` in
 * `document`. Fresh objects each time: later steps (severity relaxation, suggestions) change them.
 */
export function placeFindings(findings: readonly RelativeDiagnostic[], document: TextDocument, base: number): Diagnostic[] {
	const place = (range: Range): Range =>
		range.start.line === relativeLine
			? { start: document.positionAt(base + range.start.character), end: document.positionAt(base + range.end.character) }
			: range;
	return findings.map(finding => {
		const diagnostic: Diagnostic = { ...finding, range: place(finding.range) };
		if (finding.relatedInformation) {
			diagnostic.relatedInformation = finding.relatedInformation.map((related): DiagnosticRelatedInformation => ({
				...related,
				location: { uri: related.location.uri, range: place(related.location.range) },
			}));
		}
		if (finding.data !== undefined && typeof finding.data === 'object' && finding.data !== null) diagnostic.data = { ...(finding.data as object) };
		return diagnostic;
	});
}
