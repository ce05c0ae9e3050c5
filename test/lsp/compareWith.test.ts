import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { CodeActionRequest, FileChangeType, type CodeAction, type Diagnostic } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { GitRepo, pageText } from '../helpers/gitRepo';
import { LspClient } from '../helpers/lspClient';

/**
 * `mintdoc.compareWith` in the editor, over JSON-RPC to the built server, in a real git repository:
 * a page renamed on a branch without a redirect is reported on docs.json against the merge base
 * with the default branch; the quick fix adds the redirect and the finding clears; a branch change
 * (.git/HEAD) alone makes the server read the merge base again.
 */
const config = (pages: string[], redirects: { source: string; destination: string }[] = []) =>
	JSON.stringify({ theme: 'mint', name: 'T', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages }] }, redirects }, null, 2) + '\n';

describe('language server over JSON-RPC: mintdoc.compareWith (a real git repository)', function () {
	this.timeout(120_000);
	let repo: GitRepo;
	let client: LspClient | undefined;
	const uri = (relative: string) => URI.file(path.join(repo.dir, relative)).toString();

	beforeEach(() => {
		repo = new GitRepo('mintdoc-compare-');
		repo.write({ 'docs.json': config(['index', 'guides/setup']), 'index.mdx': pageText('Home'), 'guides/setup.mdx': pageText('Setup') });
		repo.commit('site');
		repo.git('checkout', '-q', '-b', 'feature');
		repo.git('mv', 'guides/setup.mdx', 'guides/install.mdx');
		repo.write({ 'docs.json': config(['index', 'guides/install']) });
		repo.commit('rename');
	});
	afterEach(async () => {
		await client?.stop();
		client = undefined;
		repo.dispose();
	});

	const removed = (d: readonly Diagnostic[]) => d.filter(x => x.code === 'page-removed-without-redirect');

	it('reports the rename on its navigation entry; the quick fix adds the redirect and the finding clears', async () => {
		client = await LspClient.start([URI.file(repo.dir).toString()], undefined, repo.env);
		const docs = uri('docs.json');
		const found = removed(await client.waitForDiagnostics(docs, d => removed(d).length > 0, 'the rename reported against the merge base'));
		assert.deepEqual(
			found.map(d => [d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.severity, d.message]),
			[
				[
					12,
					10,
					12,
					26,
					1,
					'/guides/setup was served at the merge base with main and no page or redirect serves it now: git sees guides/setup.mdx renamed to guides/install.mdx. Add a redirect from /guides/setup to /guides/install.',
				],
			],
		);
		const text = config(['index', 'guides/install']);
		await client.open(docs, text);
		const actions = (await client.connection.sendRequest(CodeActionRequest.type, {
			textDocument: { uri: docs },
			range: found[0]!.range,
			context: { diagnostics: found },
		})) as CodeAction[];
		assert.deepEqual(
			actions.map(a => a.title),
			['Add a redirect from /guides/setup to /guides/install'],
		);
		const fixed = TextDocument.applyEdits(TextDocument.create(docs, 'json', 1, text), actions[0]!.edit!.changes![docs]!);
		assert.deepEqual((JSON.parse(fixed) as { redirects: unknown }).redirects, [{ source: '/guides/setup', destination: '/guides/install' }]);
		await client.change(docs, 2, [{ text: fixed }]);
		await client.waitForDiagnostics(docs, d => removed(d).length === 0, 'the finding cleared by the redirect');
	});

	it('a branch change alone (.git/HEAD) is read again: on the default branch with the rename merged, nothing is reported', async () => {
		client = await LspClient.start([URI.file(repo.dir).toString()], undefined, repo.env);
		const docs = uri('docs.json');
		await client.waitForDiagnostics(docs, d => removed(d).length === 1, 'the rename reported on the branch');
		// The same files, another branch: main fast-forwarded to the rename, so the merge base is the rename itself.
		repo.git('checkout', '-q', 'main');
		repo.git('merge', '-q', '--ff-only', 'feature');
		await client.filesChanged([{ uri: uri('.git/HEAD'), type: FileChangeType.Changed }]);
		await client.waitForDiagnostics(docs, d => removed(d).length === 0, 'nothing removed since the new merge base');
	});

	it('`off` compares with nothing; a ref compares with that ref', async () => {
		client = await LspClient.start([URI.file(repo.dir).toString()], undefined, repo.env);
		const docs = uri('docs.json');
		await client.waitForDiagnostics(docs, d => removed(d).length === 1, 'the default comparison');
		client.settings['mintdoc.compareWith'] = 'off';
		await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { mintdoc: { compareWith: 'off' } } });
		await client.waitForDiagnostics(docs, d => removed(d).length === 0, 'off');
		client.settings['mintdoc.compareWith'] = 'main';
		await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { mintdoc: { compareWith: 'main' } } });
		const again = await client.waitForDiagnostics(docs, d => removed(d).length === 1, 'compared with main');
		assert.match(removed(again)[0]!.message, /^\/guides\/setup was served at main /);
	});
});
