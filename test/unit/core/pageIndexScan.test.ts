import * as assert from 'node:assert/strict';
import { createRandom } from '../../../bench/random';
import { noCancellation } from '../../../server/src/core/cancellation';
import ignore from 'ignore';
import { defaultIgnores, PageIndex } from '../../../server/src/core/site/pageIndex';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

/** Everything an index answers about its files. */
function answers(index: PageIndex, uris: readonly string[]) {
	return {
		pages: [...index.paths()].sort().map(path => [path, index.fileOf(path)]),
		files: index.files().sort(),
		specs: index.specCandidates(),
		ignored: uris
			.map(uri => index.pagePathOfFile(uri))
			.map(path => (path === undefined ? '-' : `${path}:${index.isIgnored(path)}:${index.ignoredBy(path) ?? ''}`)),
	};
}

describe('the page index as the scan builds it, folder by folder', () => {
	it('answers as adding each file by its URI does, on random trees of plain and unusual names', async () => {
		const random = createRandom(52);
		// Plain names (the scan's quick way), names it must encode or that start with a dot, the
		// platform's skipped folders and default ignores, in several cases.
		const folders = [
			'guides',
			'v1.2',
			'API_ref',
			'my docs',
			'café',
			'.github',
			'.mintlify',
			'skills',
			'node_modules',
			'.git',
			'README',
			'snippets',
			'100%',
			'a~b-c',
		];
		const files = [
			'intro.mdx',
			'Intro.MDX',
			'page.md',
			'page.mdx',
			'README.md',
			'readme.md',
			'LICENSE.md',
			'.hidden.mdx',
			'my page.mdx',
			'naïve.mdx',
			'openapi.json',
			'spec.YAML',
			'docs.json',
			'logo.png',
			'md',
			'x.mdx.bak',
			'%41.mdx',
		];
		const mintignores = [undefined, '', '# only a comment\n', 'drafts/\n', '*.md\n!README.md\n', 'guides/**/page.mdx\n'];
		for (let round = 0; round < 150; round++) {
			const tree: Record<string, string> = {};
			const count = 1 + random.int(30);
			for (let i = 0; i < count; i++) {
				const depth = random.int(4);
				const parts = Array.from({ length: depth }, () => random.pick(folders));
				tree[[...parts, random.pick(files)].join('/')] = '# Page\n';
			}
			const mintignore = random.pick(mintignores);
			if (mintignore !== undefined) tree['.mintignore'] = mintignore;
			const workspace = new InMemoryWorkspace(tree);
			const scanned = await PageIndex.scan(workspace, workspaceRoot, noCancellation);
			// The files the scan reaches (it enters no folder the platform skips or the ignores exclude), each added
			// by its URI, the way an editor's file event adds one.
			const ignores = ignore()
				.add(defaultIgnores)
				.add(mintignore ?? '');
			const reached = (path: string) => {
				const parts = path.split('/').slice(0, -1);
				return parts.every((part, i) => part !== 'node_modules' && part !== '.git' && !ignores.ignores(`${parts.slice(0, i + 1).join('/')}/`));
			};
			const added = await PageIndex.scan(new InMemoryWorkspace(mintignore === undefined ? {} : { '.mintignore': mintignore }), workspaceRoot, noCancellation);
			const uris = Object.keys(tree).map(workspaceUri);
			for (const path of Object.keys(tree)) if (reached(path)) added.add(workspaceUri(path));
			assert.deepEqual(answers(scanned, uris), answers(added, uris), `round ${round}: ${JSON.stringify(tree)}`);
		}
	});
});
