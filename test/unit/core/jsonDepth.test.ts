import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { findExcessiveNesting } from '../../../server/src/core/docsConfig/jsonDepth';

/** The guard as it was, on jsonc-parser's scanner: the character loop must answer exactly as it did. */
function scannerGuard(text: string, maxDepth: number, startDepth = 0): number | undefined {
	const scanner = createScanner(text, true);
	let depth = startDepth;
	for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
		if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
			if (++depth > maxDepth) return scanner.getTokenOffset();
		} else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
			depth = Math.max(0, depth - 1);
		}
	}
	return undefined;
}

describe('JSON nesting guard (character loop)', () => {
	it('returns the offset of the first bracket past the limit, counting arrays and objects alike', () => {
		assert.equal(findExcessiveNesting('{"a": [[1]]}', 3), undefined);
		assert.equal(findExcessiveNesting('{"a": [[1]]}', 2), 7);
		assert.equal(findExcessiveNesting('[{}, {}, [{}]]', 2), 10);
	});

	it('ignores brackets inside strings, after escaped quotes and escaped backslashes', () => {
		assert.equal(findExcessiveNesting('["[[[", "\\"[[[", "\\\\"]', 1), undefined);
		// After `"\\\\"` the string is closed: the next bracket counts.
		assert.equal(findExcessiveNesting('["\\\\", [1]]', 1), 7);
	});

	it('ends an unterminated string at the line break, as the scanner does', () => {
		assert.equal(findExcessiveNesting('["abc\n[1]]', 1), 6);
		assert.equal(findExcessiveNesting('["abc\r[1]]', 1), 6);
		// A backslash consumes the line break after it: the string goes on.
		assert.equal(findExcessiveNesting('["abc\\\n[1]"]', 1), undefined);
	});

	it('ignores brackets inside comments, closed or not, as the scanner-based guard did', () => {
		assert.equal(findExcessiveNesting('{ // [[[\n"a": 1 }', 1), undefined);
		assert.equal(findExcessiveNesting('{ /* [[[ */ "a": [1] }', 1), 17);
		assert.equal(findExcessiveNesting('{ /* [[[ ', 1), undefined);
		// `/*/` does not close the comment; a lone slash is not one.
		assert.equal(findExcessiveNesting('[ /*/ [ */ [1] ]', 1), 11);
		assert.equal(findExcessiveNesting('[ / [1] ]', 1), 4);
	});

	it('reads a slice as a whole file already some levels deep', () => {
		const text = 'xx[[1], "[["]yy';
		assert.equal(findExcessiveNesting(text, 3, 2, 13, 1), undefined);
		assert.equal(findExcessiveNesting(text, 2, 2, 13, 1), 3);
		// The slice ends inside a string: its end is the end of the text, a comment too.
		assert.equal(findExcessiveNesting('"ab[', 0, 0, 3), undefined);
		assert.equal(findExcessiveNesting('/*/[', 0, 0, 3), undefined);
		assert.equal(findExcessiveNesting('/ /[', 0, 0, 4), 3);
	});

	it('answers as the scanner-based guard on any text (fast-check, seeded)', () => {
		const piece = fc.constantFrom('{', '}', '[', ']', '"', '\\', '/', '*', '\n', '\r', ' ', 'a', '1', '-', ':', ',', 'true', '\\u00', '//', '/*', '*/', '\\"');
		const text = fc.array(piece, { maxLength: 40 }).map(parts => parts.join(''));
		fc.assert(
			fc.property(text, fc.integer({ min: 0, max: 4 }), fc.nat(), fc.nat(), fc.integer({ min: 0, max: 2 }), (t, maxDepth, a, b, startDepth) => {
				assert.equal(findExcessiveNesting(t, maxDepth), scannerGuard(t, maxDepth));
				const from = a % (t.length + 1);
				const to = from + (b % (t.length - from + 1));
				const inSlice = scannerGuard(t.slice(from, to), maxDepth, startDepth);
				assert.equal(findExcessiveNesting(t, maxDepth, from, to, startDepth), inSlice === undefined ? undefined : inSlice + from);
			}),
			{ seed: 20_241_122, numRuns: 3000 },
		);
	});
});
