import type { Diagnostic, DiagnosticRelatedInformation, DiagnosticSeverity, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import type { RuleId } from '../rules';
import type { ConfigNode, ConfigProperty } from './configTree';

/** What a rule may add to a finding: related places, quick-fix data, and a severity other than its rule's default (a case the platform accepts). */
export interface SinkExtras {
	readonly related?: DiagnosticRelatedInformation[];
	readonly data?: unknown;
	readonly severity?: DiagnosticSeverity;
}

/**
 * Collects diagnostics for a composed configuration, file by file: rules point at composed
 * nodes and the sink turns their offsets into ranges in the file each node is written in.
 */
export class DiagnosticSink {
	constructor(
		private readonly files: ReadonlyMap<string, TextDocument>,
		readonly byUri: Map<string, Diagnostic[]>,
	) {}

	rangeOf(uri: string, offset: number, length: number): Range {
		const document = this.files.get(uri);
		if (!document) return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
		return { start: document.positionAt(offset), end: document.positionAt(offset + length) };
	}

	nodeRange(node: ConfigNode): Range {
		return this.rangeOf(node.uri, node.offset, node.length);
	}

	keyRange(property: ConfigProperty): Range {
		return this.rangeOf(property.keyUri, property.keyOffset, property.keyLength);
	}

	/** Where the problem of a whole object is shown: its opening brace, as VS Code's JSON service does for missing properties. */
	openingRange(node: ConfigNode): Range {
		return this.rangeOf(node.uri, node.offset, 1);
	}

	related(uri: string, range: Range, message: string): DiagnosticRelatedInformation {
		return { location: { uri, range }, message };
	}

	add(uri: string, range: Range, message: string, rule: RuleId, extras: SinkExtras = {}): void {
		const diagnostic = createDiagnostic(range, message, rule, extras.related);
		if (extras.data !== undefined) diagnostic.data = extras.data;
		if (extras.severity !== undefined) diagnostic.severity = extras.severity;
		if (!this.byUri.has(uri)) this.byUri.set(uri, []);
		this.byUri.get(uri)!.push(diagnostic);
	}

	atNode(node: ConfigNode, message: string, rule: RuleId, extras?: SinkExtras): void {
		this.add(node.uri, this.nodeRange(node), message, rule, extras);
	}

	atKey(property: ConfigProperty, message: string, rule: RuleId, extras?: SinkExtras): void {
		this.add(property.keyUri, this.keyRange(property), message, rule, extras);
	}
}
