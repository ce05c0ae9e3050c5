import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { noCancellation } from '../../../server/src/core/cancellation';
import { walkFolders } from '../../../server/src/core/folderWalk';
import { createLanguageService } from '../../../server/src/core/languageService';
import { PageIndex } from '../../../server/src/core/site/pageIndex';
import { createFsWorkspace } from '../../../server/src/node/runtime/fsWorkspace';

const config = JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, navigation: { pages: ['index'] } });

/** Folder walks on a real file system holding links made to hurt (issue 31). */
describe('folder walks on a hostile repository', function () {
	this.timeout(60_000);
	let dir: string;
	let site: string;
	const uri = (p: string) => URI.file(p).toString();
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-walk-'));
		site = path.join(dir, 'site');
		mkdirSync(path.join(site, 'guides'), { recursive: true });
		writeFileSync(path.join(site, 'docs.json'), config);
		writeFileSync(path.join(site, 'index.mdx'), '# Home\n');
		writeFileSync(path.join(site, 'guides', 'start.mdx'), '# Start\n');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const scan = async (folder = site) => {
		const workspace = createFsWorkspace(() => [uri(folder)]);
		const roots = await createLanguageService({ workspace }).findDocsRoots(noCancellation);
		const index = await PageIndex.scan(workspace, uri(site), noCancellation);
		return { roots: roots.map(r => path.relative(dir, URI.parse(r).fsPath)), pages: [...index.paths()].sort(), limit: index.limitReached };
	};

	it('`ln -s . loop` is not walked again: one site, each page once', async () => {
		symlinkSync('.', path.join(site, 'loop'));
		assert.deepEqual(await scan(), { roots: ['site'], pages: ['guides/start', 'index'], limit: undefined });
	});

	it('two loop links, and links between sibling folders, finish: a linked sibling is listed, a link back up never', async () => {
		symlinkSync('.', path.join(site, 'loop'));
		symlinkSync('..', path.join(site, 'guides', 'up'));
		mkdirSync(path.join(site, 'a'));
		symlinkSync('../guides', path.join(site, 'a', 'g'));
		symlinkSync('../a', path.join(site, 'guides', 'back'));
		// a/g is guides seen through a link (the platform's build sees those pages there too); inside it, `up` (the site)
		// and `back` (a, visited on the way down) would be cycles. guides/back is `a` seen from guides; its `g` leads back.
		assert.deepEqual(await scan(), { roots: ['site'], pages: ['a/g/start', 'guides/start', 'index'], limit: undefined });
	});

	it('siblings that all link to each other multiply paths until the linked-folder cap says so', async () => {
		for (let i = 0; i < 8; i++) mkdirSync(path.join(site, `s${i}`));
		for (let i = 0; i < 8; i++) for (let j = 0; j < 8; j++) if (i !== j) symlinkSync(`../s${j}`, path.join(site, `s${i}`, `to${j}`));
		const workspace = createFsWorkspace(() => [uri(site)]);
		const result = await walkFolders(
			workspace,
			[uri(site)],
			() => true,
			() => undefined,
			noCancellation,
		);
		assert.deepEqual(result, { limitReached: 'links' });
	});

	it('a link climbing out of the workspace is not followed (no site of the parent, no pages from outside)', async () => {
		mkdirSync(path.join(dir, 'outside'));
		writeFileSync(path.join(dir, 'outside', 'docs.json'), config);
		writeFileSync(path.join(dir, 'outside', 'secret.mdx'), '# Secret\n');
		symlinkSync('../outside', path.join(site, 'out'));
		symlinkSync('/', path.join(site, 'rootfs'));
		assert.deepEqual(await scan(), { roots: ['site'], pages: ['guides/start', 'index'], limit: undefined });
	});

	it('a linked folder that stays inside the workspace is still followed (shared snippets)', async () => {
		mkdirSync(path.join(dir, 'shared'));
		writeFileSync(path.join(dir, 'shared', 'note.mdx'), 'Shared\n');
		symlinkSync('../shared', path.join(site, 'snippets'));
		assert.deepEqual((await scan(dir)).pages, ['guides/start', 'index', 'snippets/note']);
		// Opened as the workspace itself, the site's parent is outside: not followed.
		assert.deepEqual((await scan(site)).pages, ['guides/start', 'index']);
	});

	it('stops at the depth cap and says so once on docs.json', async () => {
		let deep = site;
		for (let i = 0; i < 45; i++) deep = path.join(deep, 'd');
		mkdirSync(deep, { recursive: true });
		writeFileSync(path.join(deep, 'bottom.mdx'), '# Bottom\n');
		const result = await scan();
		assert.equal(result.limit, 'depth');
		assert.ok(!result.pages.some(p => p.endsWith('bottom')));
		const workspace = createFsWorkspace(() => [uri(site)]);
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const findings = (await service.checkSite(uri(site), noCancellation)).flatMap(r => r.diagnostics.filter(d => d.code === 'folder-walk-limit'));
		assert.equal(findings.length, 1);
		assert.match(findings[0].message, /nested more than 40 levels deep/);
	});

	it('stops at the folder cap', async () => {
		for (let i = 0; i < 30; i++) mkdirSync(path.join(site, `f${i}`));
		const workspace = createFsWorkspace(() => [uri(site)]);
		const seen: string[] = [];
		const result = await walkFolders(
			workspace,
			[uri(site)],
			() => true,
			(_f, name, kind) => kind === 'directory' && seen.push(name),
			noCancellation,
			{
				maxFolders: 10,
			},
		);
		assert.deepEqual(result, { limitReached: 'folders' });
	});

	it('sizes a file before reading it: a 17 MB page is one file-too-large finding, read only in part', async () => {
		const big = path.join(site, 'big.mdx');
		writeFileSync(big, '# Big\n');
		truncateSync(big, 17 * 1024 * 1024);
		const workspace = createFsWorkspace(() => [uri(site)]);
		const document = await workspace.readDocument(uri(big));
		assert.ok(document && document.getText().length <= 4096);
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const found: string[] = [];
		await service.checkPages(
			uri(site),
			noCancellation,
			r => r.uri.endsWith('big.mdx') && found.push(...r.diagnostics.map(d => `${String(d.code)}: ${d.message}`)),
		);
		assert.deepEqual(found, ['file-too-large: This page is 17.0 MB; MintDoc checks files up to 16 MB, so this one is not checked.']);
	});
});
