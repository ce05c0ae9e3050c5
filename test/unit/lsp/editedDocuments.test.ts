import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import * as incrementalJson from '../../../server/src/core/docsConfig/incrementalJson';
import { changedRegion, noteTextEdit } from '../../../server/src/core/docsConfig/incrementalJson';
import { editedDocuments } from '../../../server/src/lsp/editedDocuments';

/** The region a comparison of the whole texts finds (common prefix, then common suffix of the rest). */
function expectedRegion(oldText: string, text: string): { start: number; oldEnd: number } | undefined {
	if (oldText === text) return undefined;
	const shorter = Math.min(oldText.length, text.length);
	let start = 0;
	while (start < shorter && oldText[start] === text[start]) start++;
	let suffix = 0;
	while (suffix < shorter - start && oldText[oldText.length - 1 - suffix] === text[text.length - 1 - suffix]) suffix++;
	return { start, oldEnd: oldText.length - suffix };
}

describe('open documents report their edits to the text comparison', () => {
	it('finds the region a full comparison finds, for any single-range edit (repeated characters, line breaks, no-op edits)', () => {
		fc.assert(
			fc.property(
				fc.string({ unit: fc.constantFrom('a', 'b', '\n', '\r', '"', 'é'), maxLength: 40 }),
				fc.nat(),
				fc.nat(),
				fc.string({ unit: fc.constantFrom('a', 'b', '\n', '"'), maxLength: 6 }),
				(initial, from, length, inserted) => {
					const document = TextDocument.create('file:///ws/docs.json', 'json', 1, initial);
					const oldText = document.getText();
					const start = document.positionAt(from % (oldText.length + 1));
					const end = document.positionAt((from % (oldText.length + 1)) + (length % 5));
					const updated = editedDocuments.update(document, [{ range: { start, end }, text: inserted }], 2);
					assert.deepEqual(changedRegion(oldText, updated.getText()), expectedRegion(oldText, updated.getText()));
				},
			),
		);
	});

	it('compares a few characters of a 2 MB file for a one-character edit, and the whole file without a report', () => {
		const lines = Array.from({ length: 60_000 }, (_, i) => `    "v1/en/page-${i}",`);
		const document = TextDocument.create('file:///ws/docs.json', 'json', 1, lines.join('\n'));
		const oldText = document.getText();
		const at = oldText.indexOf('page-30000');
		const updated = editedDocuments.update(document, [{ range: { start: document.positionAt(at), end: document.positionAt(at + 4) }, text: 'leaf' }], 2);
		const text = updated.getText();
		let before = incrementalJson.charactersCompared;
		assert.deepEqual(changedRegion(oldText, text), { start: at, oldEnd: at + 4 });
		assert.ok(incrementalJson.charactersCompared - before < 100, `compared ${incrementalJson.charactersCompared - before} characters`);

		// The same edit of texts nobody reported (one more line at the end): the comparison reads them whole.
		before = incrementalJson.charactersCompared;
		assert.deepEqual(changedRegion(`${oldText}\n`, `${text}\n`), { start: at, oldEnd: at + 4 });
		assert.ok(incrementalJson.charactersCompared - before > oldText.length / 2, `compared ${incrementalJson.charactersCompared - before} characters`);
	});

	it('ignores a report whose lengths do not add up', () => {
		// Believed, the report would start the comparison past the real change (at 4 instead of 2).
		const oldText = 'abcdef';
		const text = 'abXXdef';
		noteTextEdit(oldText, text, 4, 5, 1);
		assert.deepEqual(changedRegion(oldText, text), { start: 2, oldEnd: 3 });
	});
});
