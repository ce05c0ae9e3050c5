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
	const refused = refusedReason(document);
	if (refused)
		return createDiagnostic(firstLine(document), refusedMessage(fileLabel, refused), refused === 'outside' ? 'file-outside-workspace' : 'file-not-regular');
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

/** Why a workspace refused to read a file (see server/src/node/runtime/guardedRead.ts): not a regular file, or really outside the workspace. */
export type RefusedReason = 'not-a-file' | 'outside';

const refused = new WeakMap<TextDocument, RefusedReason>();

/**
 * A file the workspace would not read, as it hands it over: empty (nothing of it is quoted or
 * shown), marked with the reason, which {@link checkTextIsParsable} reports as the file's one finding.
 */
export function refusedDocument(uri: string, languageId: string, reason: RefusedReason): TextDocument {
	const document = TextDocument.create(uri, languageId, 0, '');
	refused.set(document, reason);
	return document;
}

/** Why a document stands for a file that was not read, or undefined for one that was. */
export function refusedReason(document: TextDocument): RefusedReason | undefined {
	return refused.get(document);
}

/** Whether a document holds its whole file: not one too large (read in part) or refused (not read; see server/src/node/runtime/guardedRead.ts). */
export function isReadWhole(document: TextDocument): boolean {
	return !oversized.has(document) && !refused.has(document);
}

/** The message of a file not read: it names the file (the finding is on it), never where it leads. */
export function refusedMessage(fileLabel: string, reason: RefusedReason): string {
	return reason === 'outside'
		? `${fileLabel} is a link that leads outside the workspace: MintDoc does not read it (nothing of it is checked or shown).`
		: `${fileLabel} is not a regular file (a device, pipe or socket, or a link to one): MintDoc does not read it.`;
}

/** The message of a file too large to check. */
export function tooLargeMessage(fileLabel: string, size: number): string {
	return `${fileLabel} is ${(size / (1024 * 1024)).toFixed(1)} MB; MintDoc checks files up to ${limits.maxFileChars / (1024 * 1024)} MB, so this one is not checked.`;
}

function firstLine(document: TextDocument) {
	const end = document.lineCount > 1 ? document.offsetAt({ line: 1, character: 0 }) - 1 : document.getText().length;
	return { start: { line: 0, character: 0 }, end: document.positionAt(Math.max(0, Math.min(end, 200))) };
}
