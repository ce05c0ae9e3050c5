import { parseTree, ParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { checkTextIsParsable, limits } from '../textGuards';
import { reparseTree } from './incrementalJson';
import { findExcessiveNesting } from './jsonDepth';

/** A JSON configuration file parsed with offsets kept, plus what was wrong with its text. */
export interface ParsedJson {
	/** The syntax tree (jsonc-parser nodes carry offsets), undefined when nothing could be parsed. */
	readonly root: Node | undefined;
	/** Syntax-level problems: unreadable text, JSON errors, a top-level value that is not an object. */
	readonly diagnostics: readonly Diagnostic[];
}

/** jsonc-parser recovers after an error, but a badly broken file yields cascades nobody reads. */
const maxSyntaxErrors = 50;

/** The last parse of the same file and the text it was made from. */
export interface PreviousConfigParse {
	readonly text: string;
	readonly parsed: ParsedJson;
}

/**
 * Parses a configuration file the way the platform reads it: strict JSON (no comments, no
 * trailing commas). `docs.json` itself must hold an object; a file pulled in with `$ref` may
 * hold any value (`requireObject` false). Never throws.
 * With `previous` (the same file's last parse) and no diagnostics then, only the value an edit
 * touched is parsed again (see reparseTree); the result is the same as without it.
 */
export function parseJsonConfig(document: TextDocument, fileLabel: string, requireObject = true, previous?: PreviousConfigParse): ParsedJson {
	const unparsable = checkTextIsParsable(document, fileLabel);
	if (unparsable) return { root: undefined, diagnostics: [unparsable] };
	const text = document.getText();
	if (text.trim() === '') {
		const range = { start: { line: 0, character: 0 }, end: document.positionAt(text.length) };
		return {
			root: undefined,
			diagnostics: [createDiagnostic(range, `${fileLabel} is empty; it must hold a JSON object such as { "name": ..., "navigation": ... }.`, 'json-empty')],
		};
	}
	// A tree from reparseTree means the full parse has no error and the depth guard would pass.
	const reparsed =
		previous && previous.parsed.root && previous.parsed.diagnostics.length === 0
			? reparseTree({ text: previous.text, root: previous.parsed.root, errorsFree: true }, text, limits.maxJsonDepth)
			: undefined;
	if (!reparsed) {
		const tooDeep = findExcessiveNesting(text, limits.maxJsonDepth);
		if (tooDeep !== undefined) {
			const range = { start: document.positionAt(tooDeep), end: document.positionAt(tooDeep + 1) };
			return {
				root: undefined,
				diagnostics: [
					createDiagnostic(range, `Values are nested more than ${limits.maxJsonDepth} levels deep here; ${fileLabel} is not checked further.`, 'json-too-deep'),
				],
			};
		}
	}
	const errors: ParseError[] = [];
	const root = reparsed ?? parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
	// jsonc-parser may report two errors at one offset (a trailing comma in an object is both a missing name and a missing value); keep the first.
	const firstPerOffset = errors.filter((error, i) => i === 0 || errors[i - 1].offset !== error.offset);
	const diagnostics = firstPerOffset.slice(0, maxSyntaxErrors).map(error => syntaxDiagnostic(document, text, error));
	if (requireObject && root && root.type !== 'object') {
		const range = { start: document.positionAt(root.offset), end: document.positionAt(root.offset + root.length) };
		diagnostics.push(
			createDiagnostic(range, `The top-level value of ${fileLabel} must be an object ({ ... }), not ${describeType(root.type)}.`, 'json-not-object'),
		);
	}
	return { root, diagnostics };
}

function syntaxDiagnostic(document: TextDocument, text: string, error: ParseError): Diagnostic {
	const trailingComma = findTrailingComma(text, error);
	if (trailingComma !== undefined) {
		const range = { start: document.positionAt(trailingComma), end: document.positionAt(trailingComma + 1) };
		return createDiagnostic(range, `Trailing comma: JSON allows no ',' before '${text[error.offset]}'. Remove it.`, 'json-syntax');
	}
	const range = { start: document.positionAt(error.offset), end: document.positionAt(error.offset + error.length) };
	return createDiagnostic(range, syntaxMessage(error.error), 'json-syntax');
}

/** jsonc-parser reports a trailing comma as a missing value at the closing bracket; point at the comma instead. */
function findTrailingComma(text: string, error: ParseError): number | undefined {
	if (error.error !== ParseErrorCode.PropertyNameExpected && error.error !== ParseErrorCode.ValueExpected) return undefined;
	const closer = text[error.offset];
	if (closer !== '}' && closer !== ']') return undefined;
	let i = error.offset - 1;
	while (i >= 0 && /\s/.test(text[i])) i--;
	return text[i] === ',' ? i : undefined;
}

function syntaxMessage(code: ParseErrorCode): string {
	switch (code) {
		case ParseErrorCode.InvalidSymbol:
			return 'Unexpected character: expected a JSON value, property or punctuation.';
		case ParseErrorCode.InvalidNumberFormat:
			return 'Invalid number.';
		case ParseErrorCode.PropertyNameExpected:
			return 'Expected a property name in double quotes.';
		case ParseErrorCode.ValueExpected:
			return 'Expected a value.';
		case ParseErrorCode.ColonExpected:
			return "Expected ':' after the property name.";
		case ParseErrorCode.CommaExpected:
			return "Expected ',' between values.";
		case ParseErrorCode.CloseBraceExpected:
			return "Expected '}' to close the object.";
		case ParseErrorCode.CloseBracketExpected:
			return "Expected ']' to close the array.";
		case ParseErrorCode.EndOfFileExpected:
			return 'Expected the end of the file: a configuration file holds exactly one value.';
		case ParseErrorCode.InvalidCommentToken:
			return 'Comments are not allowed: the platform parses this file as strict JSON.';
		case ParseErrorCode.UnexpectedEndOfComment:
			return 'Unterminated comment (and comments are not allowed in JSON).';
		case ParseErrorCode.UnexpectedEndOfString:
			return 'Unterminated string: add the closing double quote.';
		case ParseErrorCode.UnexpectedEndOfNumber:
			return 'Unterminated number.';
		case ParseErrorCode.InvalidUnicode:
			return 'Invalid \\u escape: expected four hexadecimal digits.';
		case ParseErrorCode.InvalidEscapeCharacter:
			return 'Invalid escape character in string.';
		case ParseErrorCode.InvalidCharacter:
			return 'Invalid character in string: control characters must be escaped.';
		default:
			return 'Invalid JSON.';
	}
}

function describeType(type: Node['type']): string {
	switch (type) {
		case 'array':
			return 'an array';
		case 'string':
			return 'a string';
		case 'number':
			return 'a number';
		case 'boolean':
			return 'a boolean';
		case 'null':
			return 'null';
		default:
			return type;
	}
}
