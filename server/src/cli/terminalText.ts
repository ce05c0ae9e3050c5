/**
 * What the CLI prints comes partly from the repository (names in `docs.json`, OpenAPI paths, file
 * names, page text quoted in messages). Two things must never come through raw:
 * - control sequences: `\x1b]0;…\x07` or `\x1b[2J` would retitle or clear the terminal of whoever
 *   runs `mintdoc check`;
 * - line and direction changes: a file named `n\n::error file=x::FORGED` would print a line that a
 *   GitHub Actions runner executes as a workflow command (`::error`, `::add-mask::`,
 *   `::stop-commands::`), and a right-to-left override (U+202E) makes a name read as another.
 *
 * Each such character is shown as a visible `\u202e` escape, the notation JSON uses for the same
 * character, so JSON and SARIF output keep their meaning.
 */

/**
 * Every character a value from the repository may not carry into a line of output: C0 controls
 * (newline, carriage return and tab included), DEL, C1 controls, the Unicode line and paragraph
 * separators (U+2028, U+2029; JavaScript and some log viewers break lines there), and the
 * bidirectional controls (ALM U+061C, LRM/RLM U+200E/F, embeddings and overrides U+202A–202E,
 * isolates U+2066–2069).
 */
const unsafeInLine = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** Of those, what `JSON.stringify` leaves raw (it escapes C0 itself; the structure of JSON is ASCII). */
const unsafeInJson = /[\u007F-\u009F\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** Everything but MintDoc's own line breaks and tabs (see {@link escapingStream}). */
const unsafeInStream = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

function escapeCharacter(c: string): string {
	return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * A value from the repository made fit for one line of any output: every character of
 * {@link unsafeInLine} becomes its visible `\uXXXX` escape. The one display escaping of the CLI:
 * the text format (and GitHub's, after the runner's own escapes), coverage and translation tables,
 * and the messages of `format`, `generate` and `upgrade` pass every file name and message through
 * it; JSON, SARIF and JUnit write the same characters in their own escapes ({@link jsonText},
 * {@link escapeUnsafeCharacters}).
 */
export function displayText(value: string): string {
	return value.replace(unsafeInLine, escapeCharacter);
}

/**
 * The same characters as {@link displayText}, written in the escape of a machine-read format that
 * keeps the value exact (JUnit's XML: `&#10;`): such a format says what the repository holds, and
 * still no line of it starts where the repository put a line break.
 */
export function escapeUnsafeCharacters(value: string, escape: (codePoint: number) => string): string {
	return value.replace(unsafeInLine, c => escape(c.charCodeAt(0)));
}

/**
 * JSON text (from `JSON.stringify`) with the characters that `JSON.stringify` leaves raw but
 * {@link displayText} would escape (C1 controls, U+2028/2029, bidirectional controls) written as
 * JSON `\uXXXX` escapes: the parsed value is the same, the printed text carries none of them.
 * (`JSON.stringify` already escapes C0, newlines included, so no line of it starts inside a value.)
 */
export function jsonText(json: string): string {
	return json.replace(unsafeInJson, escapeCharacter);
}

/**
 * The last line of defence on every stream of the CLI: every control character but newline and
 * tab (C0, DEL, C1) as its visible `\u001b` escape. Newlines are MintDoc's own here (the values it
 * formats went through {@link displayText} or {@link jsonText}).
 */
export function escapeControlCharacters(text: string): string {
	return text.replace(unsafeInStream, escapeCharacter);
}

/** The stream under each {@link escapingStream}, for {@link writeVerbatim}. */
const unescaped = new WeakMap<NodeJS.WritableStream, NodeJS.WritableStream>();

/** `stream` with every string written through {@link escapeControlCharacters}. */
export function escapingStream(stream: NodeJS.WritableStream): NodeJS.WritableStream {
	const escaping = new Proxy(stream, {
		get(target, property) {
			if (property === 'write')
				return (chunk: unknown, ...rest: unknown[]) =>
					(target.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? escapeControlCharacters(chunk) : chunk, ...rest);
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
	unescaped.set(escaping, stream);
	return escaping;
}

/**
 * Writes a page's own text, byte for byte, past the escaping of {@link escapingStream}: for output
 * that IS the page (`mintdoc format --stdin-filepath` prints the page an editor or a hook puts back
 * in place of its buffer), where an escape would change the page (a form feed, an ESC, a carriage
 * return written as `\u000c`…). Never for messages, names or values shown to a reader: those go
 * through {@link displayText}. On a stream that does not escape, a plain write.
 */
export function writeVerbatim(stream: NodeJS.WritableStream, page: string | Uint8Array): void {
	(unescaped.get(stream) ?? stream).write(page);
}
