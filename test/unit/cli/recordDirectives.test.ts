import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { recordDisableDirectives } from '../../../server/src/cli/teamConfigFiles';
import { noteTextFacts } from '../../../server/src/core/cache';
import type { DocsWorkspace } from '../../../server/src/core/workspace';

describe('mintdoc check: disable comments noted as the pages are read', () => {
	it('notes each page read (its latest text), .md comments too, and nothing for other files', async () => {
		const texts = new Map<string, string>([
			['file:///s/a.mdx', '# A\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/y)\n'],
			['file:///s/b.md', '# B\n\n<!-- mintdoc-disable a11y-missing-alt -->\n'],
			['file:///s/c.mdx', '# C\n'],
			['file:///s/docs.json', '{"x": "{/* mintdoc-disable-next-line */}"}'],
		]);
		let reads = 0;
		const inner: DocsWorkspace = {
			folders: ['file:///s'],
			readDocument: async uri => (reads++, texts.has(uri) ? TextDocument.create(uri, 'mdx', 0, texts.get(uri)!) : undefined),
			stat: async () => undefined,
			readDirectory: async () => [],
		};
		const { workspace, directives } = recordDisableDirectives(inner);
		assert.deepEqual(workspace.folders, ['file:///s']);
		for (const uri of texts.keys()) await workspace.readDocument(uri);
		assert.equal(reads, 4, 'each read goes through once');
		assert.deepEqual(
			[...directives].map(([uri, list]) => [uri, list.map(d => `${d.kind} ${d.codes.join(',')} @${d.range.start.line}`)]),
			[
				['file:///s/a.mdx', ['disable-next-line link-broken @2']],
				['file:///s/b.md', ['disable a11y-missing-alt @2']],
			],
		);
		// Read again with the comment gone: forgotten.
		texts.set('file:///s/a.mdx', '# A\n');
		await workspace.readDocument('file:///s/a.mdx');
		assert.deepEqual([...directives.keys()], ['file:///s/b.md']);
	});

	it('does not load a page known to hold no `mintdoc-` (an unchanged page answered unread), and parses one that may', async () => {
		let loaded = 0;
		/** A page whose text counts its loads, known (or not) to hold no `mintdoc-`. */
		const unread = (uri: string, mayHold: boolean) => {
			const document = TextDocument.create(uri, 'mdx', 0, '# A\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/y)\n');
			const counting = Object.assign(Object.create(document) as TextDocument, { getText: () => (loaded++, document.getText()) });
			noteTextFacts(counting, { head: '', mayHoldDirectives: mayHold });
			return counting;
		};
		const inner: DocsWorkspace = {
			folders: ['file:///s'],
			readDocument: async uri => unread(uri, uri.endsWith('may.mdx')),
			stat: async () => undefined,
			readDirectory: async () => [],
		};
		const { workspace, directives } = recordDisableDirectives(inner);
		await workspace.readDocument('file:///s/none.mdx');
		assert.equal(loaded, 0);
		await workspace.readDocument('file:///s/may.mdx');
		assert.equal(loaded, 1);
		assert.deepEqual([...directives.keys()], ['file:///s/may.mdx']);
	});
});
