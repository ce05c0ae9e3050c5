import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-languageserver';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceUri } from '../../helpers/inMemoryWorkspace';

const token = new CancellationTokenSource().token;

/** A site with nested folders, and a workspace that counts how often each folder is listed. */
function countingSite() {
	const workspace = new InMemoryWorkspace({
		'docs/docs.json': JSON.stringify({ name: 'x', navigation: { pages: ['intro', 'guides/a/deep'] } }),
		'docs/intro.mdx': '# Intro\n',
		'docs/guides/a/deep.mdx': '# Deep\n',
		'docs/guides/b.mdx': '# B\n',
	});
	const listed = new Map<string, number>();
	const readDirectory = workspace.readDirectory.bind(workspace);
	workspace.readDirectory = async (uri: string) => {
		listed.set(uri, (listed.get(uri) ?? 0) + 1);
		return readDirectory(uri);
	};
	return { workspace, listed, service: createLanguageService({ workspace, changesReported: true }) };
}

describe('folder listings: the roots search and the page index share one walk', () => {
	it('the page index of a root found by the search lists no folder again', async () => {
		const { listed, service } = countingSite();
		const [root] = await service.findDocsRoots(token);
		const site = await service.getSite(root, token);
		assert.deepEqual([site.pages.has('intro'), site.pages.has('guides/a/deep'), site.pages.has('guides/b')], [true, true, true]);
		assert.deepEqual(
			[...listed].filter(([, n]) => n !== 1),
			[],
		);
		assert.ok(listed.has(workspaceUri('docs/guides/a')));
	});

	it('a file event between the search and the scan: the scan lists the folders anew and finds the new page', async () => {
		const { workspace, listed, service } = countingSite();
		const [root] = await service.findDocsRoots(token);
		workspace.write('docs/guides/new.mdx', '# New\n');
		await service.didChangeFiles([{ uri: workspaceUri('docs/guides/new.mdx'), type: 'created' }]);
		const site = await service.getSite(root, token);
		assert.equal(site.pages.has('guides/new'), true);
		assert.equal(listed.get(workspaceUri('docs/guides')), 2);
	});

	it('a search that finds the same roots keeps the page indexes and hands out no listing', async () => {
		const { workspace, service } = countingSite();
		const [root] = await service.findDocsRoots(token);
		await service.getSite(root, token);
		await service.findDocsRoots(token);
		workspace.write('docs/guides/later.mdx', '# Later\n');
		await service.didChangeFiles([{ uri: workspaceUri('docs/guides/later.mdx'), type: 'created' }]);
		assert.equal((await service.getSite(root, token)).pages.has('guides/later'), true);
	});
});
