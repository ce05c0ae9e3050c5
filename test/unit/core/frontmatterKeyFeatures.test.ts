import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { frontmatterKeyCompletion, frontmatterKeyHover } from '../../../server/src/core/features/frontmatterKeyFeatures';

const doc = (text: string) => TextDocument.create('file:///ws/index.mdx', 'mdx', 0, text);

describe('Frontmatter keys: completion and hover from the one table (before: neither)', () => {
	it("offers the page schema's keys not yet written, never the generated ones", () => {
		const list = frontmatterKeyCompletion(doc('---\ntitle: A\nsea\n---\n'), { line: 2, character: 3 });
		const labels = list!.items.map(i => i.label);
		assert.ok(labels.includes('searchable') && labels.includes('boost') && labels.includes('hideFooterPagination') && labels.includes('rss'));
		assert.ok(!labels.includes('title') && !labels.includes('href') && !labels.includes('graphql'));
		assert.deepEqual(list!.items.find(i => i.label === 'searchable')!.textEdit, {
			range: { start: { line: 2, character: 0 }, end: { line: 2, character: 3 } },
			newText: 'searchable: ',
		});
	});

	it('offers the listed values of a key, mode assistant among them', () => {
		const list = frontmatterKeyCompletion(doc('---\nmode: as\n---\n'), { line: 1, character: 8 });
		assert.deepEqual(
			list!.items.map(i => i.label),
			['default', 'wide', 'custom', 'frame', 'center', 'assistant'],
		);
		assert.equal(frontmatterKeyCompletion(doc('---\ntitle: A\n---\n\nsea'), { line: 4, character: 3 }), undefined);
	});

	it('explains a key on hover, with its type and where it comes from', () => {
		const hover = frontmatterKeyHover(doc('---\nboost: 2\n---\n'), { line: 1, character: 2 });
		assert.deepEqual(hover!.range, { start: { line: 1, character: 0 }, end: { line: 1, character: 5 } });
		assert.match(
			(hover!.contents as { value: string }).value,
			/^\*\*boost\*\* — Weight of the page in search results.*\n\nType: number \(a key of the platform's page schema\)$/s,
		);
		assert.equal(frontmatterKeyHover(doc('---\ncustomKey: 2\n---\n'), { line: 1, character: 2 }), undefined);
	});
});
