/**
 * What the CLI prints comes partly from the repository (names in `docs.json`, OpenAPI paths, file
 * names): a value holding `\x1b]0;…\x07` or `\x1b[2J` would retitle or clear the terminal of whoever
 * runs `mintdoc check`, or forge lines of a CI log. Every control character but newline and tab (C0,
 * DEL, C1) is printed as a visible `\u001b` escape instead. Inside JSON strings that is the same
 * escape JSON uses, so JSON and SARIF output keep their meaning; JUnit drops C0 itself (XML forbids it).
 */
export function escapeControlCharacters(text: string): string {
	return text.replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, c => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `stream` with every string written through {@link escapeControlCharacters}. */
export function escapingStream(stream: NodeJS.WritableStream): NodeJS.WritableStream {
	return new Proxy(stream, {
		get(target, property) {
			if (property === 'write')
				return (chunk: unknown, ...rest: unknown[]) =>
					(target.write as (...args: unknown[]) => boolean)(typeof chunk === 'string' ? escapeControlCharacters(chunk) : chunk, ...rest);
			const value = Reflect.get(target, property, target) as unknown;
			return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
		},
	});
}
