import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

describe('document links in docs.json', () => {
	it('links entries to their files, never with an empty range (VS Code rejects those)', async () => {
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ pages: ['', 'index', '/index'] }), 'index.mdx': '# Home' });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const links = await service.findDocumentLinks(workspace.document('docs.json'), noCancellation);
		assert.deepEqual(
			links.map(l => [l.target?.split('/').pop(), l.range.end.character - l.range.start.character]),
			[
				['index.mdx', 5],
				['index.mdx', 6],
			],
		);
	});
});

describe('go to definition in docs.json', () => {
	// The definition looks only at what is written under the cursor (a hover on crewAI's docs.json had
	// classified all 23,000 entries); at every offset it must still name the file the document links name.
	it('agrees with the document links at every offset: entries, roots, hrefs, $ref values, and a file $ref-ed twice', async () => {
		const workspace = new InMemoryWorkspace({
			'docs.json': JSON.stringify(
				{
					name: 'x',
					navigation: {
						languages: [
							{
								language: 'en',
								groups: [{ group: 'A', root: 'index', pages: ['index', '/guides/a.mdx', 'missing', { $ref: './nav/more.json' }] }, { $ref: './nav/more.json' }],
								global: { anchors: [{ anchor: 'Docs', href: '/guides/a#top' }] },
							},
						],
					},
				},
				null,
				2,
			),
			'nav/more.json': '{ "group": "More", "pages": ["guides/b", "index"] }',
			'index.mdx': '# Home',
			'guides/a.mdx': '# A',
			'guides/b.mdx': '# B',
		});
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		for (const file of ['docs.json', 'nav/more.json']) {
			const document = workspace.document(file);
			const links = await service.findDocumentLinks(document, noCancellation);
			assert.ok(links.length >= (file === 'docs.json' ? 5 : 2), `${file}: ${links.length} links`);
			for (let offset = 0; offset <= document.getText().length; offset++) {
				const position = document.positionAt(offset);
				const found = await service.findDefinition(document, position, noCancellation);
				// A page link covers the path without its quotes, a `$ref` link the string; the definition
				// answers on the quotes too.
				const link = links.find(l => {
					const [start, end] = [document.offsetAt(l.range.start), document.offsetAt(l.range.end)];
					const quoted = document.getText()[start] === '"' ? 0 : 1;
					return start - quoted <= offset && offset <= end + quoted;
				});
				assert.equal(found[0]?.targetUri, link?.target, `${file} at ${offset}`);
			}
		}
	});
});
