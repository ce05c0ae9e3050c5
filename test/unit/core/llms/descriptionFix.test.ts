import * as assert from 'node:assert/strict';
import { descriptionFix } from '../../../../server/src/core/llms/descriptionFix';

describe('page-description-missing quick fix', () => {
	it('writes the first prose paragraph before the closing fence, skipping imports, headings, components and code', () => {
		const text = [
			'---',
			'title: "Queues"',
			'---',
			"import { Note } from '/snippets/note.mdx';",
			'',
			'# Queues',
			'',
			'<Note>Beta.</Note>',
			'',
			'```bash',
			'npm i queues',
			'```',
			'',
			'Queues deliver **messages** to [your endpoint](/endpoints) with `retries`.',
			'They keep order.',
			'',
			'More text.',
		].join('\n');
		assert.deepEqual(descriptionFix(text), {
			title: 'Add the description "Queues deliver messages to your endpoint with retries. Th…"',
			range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } },
			newText: 'description: "Queues deliver messages to your endpoint with retries. They keep order."\n',
		});
	});

	it('cuts a long paragraph after the sentences that fit in 160 characters, else at a word; adds frontmatter to a page without; keeps CRLF', () => {
		const sentence = 'A first sentence that is long enough to matter for readers of search results and agents alike today.';
		const long = `${sentence} ${'Another sentence follows it here with more words. '.repeat(3)}`;
		assert.equal(
			descriptionFix(`---\r\ntitle: x\r\n---\r\n\r\n${long}\r\n`)?.newText,
			`description: ${JSON.stringify(`${sentence} Another sentence follows it here with more words.`)}\r\n`,
		);
		const words = 'word '.repeat(60).trim();
		const fix = descriptionFix(words);
		assert.equal(fix?.range.start.line, 0);
		assert.match(fix!.newText, /^---\ndescription: "(word ){30,}word…"\n---\n\n$/);
		assert.ok(JSON.parse(fix!.newText.split('\n')[1].slice('description: '.length)).length <= 160);
	});

	it('offers nothing without prose, or when the frontmatter never closes', () => {
		assert.equal(descriptionFix('---\ntitle: x\n---\n\n<Card title="a" />\n\n## Heading\n'), undefined);
		assert.equal(descriptionFix('---\ntitle: x\n\nSome words that would do as a description.\n'), undefined);
		assert.equal(descriptionFix('---\ntitle: x\n---\n\nShort.\n'), undefined);
	});
});
