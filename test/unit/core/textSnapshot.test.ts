import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TextSnapshot } from '../../../server/src/core/docsConfig/textSnapshot';
import { createRandom } from '../../../bench/random';

/** The bench's seeded generator: the same cases on every run. */
const random = (seed: number) => createRandom(seed).next;

const pieces = ['a', 'bc', '\n', '\r', '\r\n', '  ', '"x": 1,', '\n\n', '{', '}'];

function text(next: () => number, length: number): string {
	let out = '';
	while (out.length < length) out += pieces[Math.floor(next() * pieces.length)];
	return out;
}

/** Every position and offset of `snapshot` as vscode-languageserver-textdocument answers them for the same text. */
function assertSame(snapshot: TextSnapshot, context: string): void {
	const reference = TextDocument.create(snapshot.uri, 'json', 1, snapshot.getText());
	assert.equal(snapshot.lineCount, reference.lineCount, context);
	for (let offset = -1; offset <= reference.getText().length + 1; offset++)
		assert.deepEqual(snapshot.positionAt(offset), reference.positionAt(offset), `${context} @${offset}`);
	for (let line = -1; line <= reference.lineCount; line++)
		for (const character of [0, 1, 3, 50])
			assert.equal(snapshot.offsetAt({ line, character }), reference.offsetAt({ line, character }), `${context} ${line}:${character}`);
}

describe('configuration file copies (line starts taken from the last copy)', () => {
	it('answers positions as TextDocument does after random edits, \\r\\n split and joined included', () => {
		const next = random(32);
		for (let round = 0; round < 300; round++) {
			let current = text(next, Math.floor(next() * 80));
			let snapshot = new TextSnapshot('file:///ws/docs.json', 'json', 0, current);
			snapshot.positionAt(0);
			for (let step = 0; step < 6; step++) {
				const start = Math.floor(next() * (current.length + 1));
				const end = Math.min(current.length, start + Math.floor(next() * 6));
				current = current.slice(0, start) + text(next, Math.floor(next() * 5)) + current.slice(end);
				snapshot = new TextSnapshot('file:///ws/docs.json', 'json', step + 1, current, snapshot);
				assertSame(snapshot, `round ${round} step ${step}: ${JSON.stringify(current)}`);
			}
		}
	});

	it('scans only the edited part of a large file for line breaks', () => {
		const lines = Array.from({ length: 60_000 }, (_, i) => `    "v1/en/page-${i}",`);
		const before = new TextSnapshot('file:///ws/docs.json', 'json', 0, lines.join('\n'));
		before.positionAt(10);
		const edited = lines.join('\n').replace('"v1/en/page-30000"', '"v1/en/page-30000-renamed"');
		const after = new TextSnapshot('file:///ws/docs.json', 'json', 1, edited, before);
		const scanned = TextSnapshot.scannedChars;
		const at = edited.indexOf('renamed');
		assert.deepEqual(after.positionAt(at), TextDocument.create('u', 'json', 0, edited).positionAt(at));
		assert.ok(TextSnapshot.scannedChars - scanned < 1000, `scanned ${TextSnapshot.scannedChars - scanned} of ${edited.length} characters`);
	});
});
