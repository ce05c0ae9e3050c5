import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from './diagnostic';

/** Limits that keep one hostile file from freezing the server; generous for real sites. */
export const limits = {
	/** Characters; larger files get one `file-too-large` diagnostic and are not parsed. */
	maxFileChars: 16 * 1024 * 1024,
	/**
	 * Characters of a page parsed as MDX. The MDX parser runs at a few hundred KB per second and
	 * blocks while it runs; bigger pages (real ones are far smaller) get a lighter check.
	 */
	maxMdxParseChars: 512 * 1024,
	/** Nesting of JSON arrays and objects; the parser recurses, so deeper input is refused before parsing. */
	maxJsonDepth: 200,
};

/** How much of the start of a file is searched for NUL bytes, as git does to tell binary from text. */
const binarySniffChars = 8000;

/**
 * Checks that `document` is text MintDoc should parse at all. Returns the one diagnostic that
 * explains why not (binary, too large), or undefined when parsing may go ahead.
 */
export function checkTextIsParsable(document: TextDocument, fileLabel: string): Diagnostic | undefined {
	const text = document.getText();
	const size = oversizedSize(document) ?? text.length;
	if (size > limits.maxFileChars) return createDiagnostic(firstLine(document), tooLargeMessage(fileLabel, size), 'file-too-large');
	const nul = text.slice(0, binarySniffChars).indexOf('\u0000');
	if (nul !== -1) {
		return createDiagnostic(firstLine(document), `${fileLabel} is a binary file (it contains NUL bytes), not UTF-8 text.`, 'file-binary');
	}
	return undefined;
}

/** The true sizes of documents a workspace did not read whole (see {@link oversizedDocument}). */
const oversized = new WeakMap<TextDocument, number>();

/**
 * A file too large to check, as a workspace hands it over without reading it whole: its first
 * bytes (where the finding goes) and its size in bytes, which {@link checkTextIsParsable} reports.
 */
export function oversizedDocument(uri: string, languageId: string, head: string, size: number): TextDocument {
	const document = TextDocument.create(uri, languageId, 0, head);
	oversized.set(document, size);
	return document;
}

/** The size of a document read only in part because it is too large, or undefined for a whole one. */
export function oversizedSize(document: TextDocument): number | undefined {
	return oversized.get(document);
}

/** The message of a file too large to check. */
export function tooLargeMessage(fileLabel: string, size: number): string {
	return `${fileLabel} is ${(size / (1024 * 1024)).toFixed(1)} MB; MintDoc checks files up to ${limits.maxFileChars / (1024 * 1024)} MB, so this one is not checked.`;
}

function firstLine(document: TextDocument) {
	const end = document.lineCount > 1 ? document.offsetAt({ line: 1, character: 0 }) - 1 : document.getText().length;
	return { start: { line: 0, character: 0 }, end: document.positionAt(Math.max(0, Math.min(end, 200))) };
}
