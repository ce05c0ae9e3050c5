import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { bytesDocument, headFacts, undecodedBytes } from '../../../server/src/node/runtime/lazyDocument';

/** Pieces pages are made of, invalid UTF-8 and a BOM included: random pages of them test the byte search against the text. */
const pieces = ['---', '\n---', '\n', '\r\n', 'title: Café', 'description: "日本語"', ' ', 'x', '😀', '{/* mintdoc-disable */}', 'mintdoc', '-', '--'].map(p =>
	Buffer.from(p),
);
pieces.push(Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([0xc3]), Buffer.from([0xe2, 0x82]), Buffer.from([0xf0, 0x9f]), Buffer.from([0xff]));

/** A small deterministic generator (tests repeat). */
function random(seed: number) {
	return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('what a reader notes of a page (its head, a disable comment), from its bytes (node/runtime/lazyDocument.ts headFacts)', () => {
	it('answers from the bytes as from the decoded text, and leaves the page undecoded', () => {
		const next = random(7);
		const pages = [Buffer.alloc(0), Buffer.from('---\ntitle: A\n---\n# A\n'), Buffer.from('---\ntitle: never closed\n')];
		for (let i = 0; i < 3000; i++) pages.push(Buffer.concat(Array.from({ length: Math.floor(next() * 14) }, () => pieces[Math.floor(next() * pieces.length)])));
		for (const bytes of pages) {
			const lazy = bytesDocument('file:///p.mdx', 'mdx', bytes);
			const fromBytes = headFacts(lazy);
			assert.ok(undecodedBytes(lazy), 'the page was decoded');
			const fromText = headFacts(TextDocument.create('file:///p.mdx', 'mdx', 0, bytes.toString('utf8')));
			assert.deepEqual(fromBytes, fromText, JSON.stringify(bytes.toString('latin1')));
		}
		// Pages of each kind were met: no head (frontmatter never closed), a head, a disable comment.
		const facts = pages.map(bytes => headFacts(bytesDocument('file:///p.mdx', 'mdx', bytes)));
		assert.ok(facts.some(f => f === undefined));
		assert.ok(facts.some(f => f && f.head.startsWith('---')));
		assert.ok(facts.some(f => f?.mayHoldDirectives));
	});

	it('a page decoded meanwhile is answered from its text', () => {
		const lazy = bytesDocument('file:///p.mdx', 'mdx', Buffer.from('---\ntitle: A\n---\n<!-- mintdoc-disable -->\n'));
		assert.equal(lazy.lineCount, 5);
		assert.equal(undecodedBytes(lazy), undefined);
		assert.deepEqual(headFacts(lazy), { head: '---\ntitle: A', mayHoldDirectives: true });
	});
});
