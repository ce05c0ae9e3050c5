import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

/** A workspace that counts the reads of the site's llms.txt: each run of the page metadata rules asks for it once. */
class CountingWorkspace extends InMemoryWorkspace {
	llmsReads = 0;
	override async readDocument(uri: string) {
		if (uri === workspaceUri('llms.txt')) this.llmsReads++;
		return super.readDocument(uri);
	}
}

const page = (title: string, description?: string) => `---\ntitle: ${title}\n${description ? `description: ${description}\n` : ''}---\n\n# ${title}\n`;

async function site(changesReported: boolean) {
	const workspace = new CountingWorkspace({
		'docs.json': docsJson({ pages: ['a', 'b'] }),
		'a.mdx': page('A', 'The same words.'),
		'b.mdx': page('B', 'The same words.'),
	});
	const service = createLanguageService({ workspace, changesReported });
	await service.findDocsRoots(noCancellation);
	await service.checkSite(workspaceRoot, noCancellation);
	const codes = async () => {
		const changed = await service.checkPageMetadata(workspaceRoot, noCancellation);
		return changed.map(f => `${f.uri.slice(workspaceRoot.length + 1)}: ${f.diagnostics.map(d => d.code).join(' ') || '-'}`);
	};
	return { workspace, service, codes };
}

describe('the page metadata rules run again only when what they judge may have changed (core/site/judgedSites.ts)', () => {
	it('a docs.json entry typed into and cleared: no run; a page changed, a docs.json change kept, the options: a run', async () => {
		const { workspace, service, codes } = await site(true);
		assert.deepEqual(await codes(), ['a.mdx: page-description-duplicate', 'b.mdx: page-description-duplicate']);
		assert.equal(workspace.llmsReads, 1);

		// An entry typed into, then cleared: the text judged last time.
		workspace.write('docs.json', docsJson({ pages: ['a', 'bx'] }));
		service.didChangeDocument(workspaceUri('docs.json'));
		workspace.write('docs.json', docsJson({ pages: ['a', 'b'] }));
		service.didChangeDocument(workspaceUri('docs.json'));
		assert.deepEqual(await codes(), []);
		assert.equal(workspace.llmsReads, 1, 'judged again though docs.json is back as it was');

		// A page's description changed: judged again, the duplicate is gone.
		workspace.write('b.mdx', page('B', 'Other words.'));
		service.didChangeDocument(workspaceUri('b.mdx'));
		assert.deepEqual(await codes(), ['a.mdx: -', 'b.mdx: -']);
		assert.equal(workspace.llmsReads, 2);

		// docs.json changed for good: a page without a description listed.
		workspace.write('c.mdx', page('C'));
		await service.didChangeFiles([{ uri: workspaceUri('c.mdx'), type: 'created' }]);
		workspace.write('docs.json', docsJson({ pages: ['a', 'b', 'c'] }));
		service.didChangeDocument(workspaceUri('docs.json'));
		assert.deepEqual(await codes(), ['c.mdx: page-description-missing']);
		assert.equal(workspace.llmsReads, 3);
		assert.deepEqual(await codes(), []);
		assert.equal(workspace.llmsReads, 3);

		// The team turns the description-length rule on in mintdoc.json: judged again under the new options.
		workspace.write('mintdoc.json', JSON.stringify({ rules: { 'page-description-length': ['warn', { min: 1, max: 5 }] } }));
		await service.didChangeFiles([{ uri: workspaceUri('mintdoc.json'), type: 'created' }]);
		assert.deepEqual(await codes(), ['a.mdx: page-description-length', 'b.mdx: page-description-length']);
		assert.equal(workspace.llmsReads, 4);
	});

	it('a host that reports no changes (the CLI, mintdoc mcp) judges every time', async () => {
		const { workspace, codes } = await site(false);
		await codes();
		await codes();
		assert.equal(workspace.llmsReads, 2);
	});
});
