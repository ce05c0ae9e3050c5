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
