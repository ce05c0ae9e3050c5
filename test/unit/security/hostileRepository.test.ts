import * as assert from 'node:assert/strict';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { isReallyInside, unsafeSiteWrite } from '../../../client/src/pathGuards';
import { createApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';
import { noCancellation } from '../../../server/src/core/cancellation';
import { readCacheFile, writeCacheFile } from '../../../server/src/node/caches/cacheFile';
import { readPrivateFile, writePrivateFile } from '../../../server/src/node/caches/privateFiles';
import { writeSiteFile } from '../../../server/src/node/runtime/siteFiles';
import { renderMdx } from '../../../server/src/preview/mdxHtml';
import { startPreview } from '../../helpers/cli';
import { workspaceUri } from '../../helpers/inMemoryWorkspace';
import { copyFixtures } from '../../helpers/tempSite';

/** Files, the preview and the stand-in against a repository written to hurt (issue 31). */
describe('a hostile repository: files, preview, stand-in', function () {
	this.timeout(60_000);
	let dir: string;
	beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-hostile-unit-'))));
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const at = (...parts: string[]) => path.join(dir, ...parts);

	describe('writes into a site', () => {
		beforeEach(() => mkdirSync(at('site')));

		it('refuse a dangling or live docs.json link, a linked folder and a path outside the site', async () => {
			symlinkSync(at('outside.txt'), at('site', 'docs.json'));
			await assert.rejects(writeSiteFile(at('site'), at('site', 'docs.json'), '{}', { overwrite: true }), /is a symbolic link: not written through/);
			await assert.rejects(writeSiteFile(at('site'), at('site', 'docs.json'), '{}', { overwrite: false }), /is a symbolic link/);
			assert.equal(existsSync(at('outside.txt')), false);
			mkdirSync(at('elsewhere'));
			symlinkSync(at('elsewhere'), at('site', 'api'));
			await assert.rejects(writeSiteFile(at('site'), at('site', 'api', 'page.mdx'), 'x', { overwrite: false }), /'api' is a symbolic link/);
			await assert.rejects(writeSiteFile(at('site'), at('site', '..', 'escape.mdx'), 'x', { overwrite: false }), /outside the site/);
			assert.deepEqual([existsSync(at('elsewhere', 'page.mdx')), existsSync(at('escape.mdx'))], [false, false]);
			// And a plain new file in a new folder is written; without overwrite an existing one is kept (EEXIST).
			await writeSiteFile(at('site'), at('site', 'guides', 'new.mdx'), 'new', { overwrite: false });
			await assert.rejects(
				writeSiteFile(at('site'), at('site', 'guides', 'new.mdx'), 'again', { overwrite: false }),
				(e: { code?: string }) => e.code === 'EEXIST',
			);
			assert.equal(readFileSync(at('site', 'guides', 'new.mdx'), 'utf8'), 'new');
		});

		it('the editor refuses the same (its upgrade and page creation share the check)', async () => {
			symlinkSync(at('outside.txt'), at('site', 'docs.json'));
			assert.match((await unsafeSiteWrite(at('site'), at('site', 'docs.json'))) ?? '', /docs\.json is a symbolic link/);
			assert.match((await unsafeSiteWrite(at('site'), at('site', '..', 'x.mdx'))) ?? '', /outside the site/);
			assert.equal(await unsafeSiteWrite(at('site'), at('site', 'guides', 'new.mdx')), undefined);
		});
	});

	it('the preview opens files by real path: `..` and links out of the docs root are refused', async () => {
		mkdirSync(at('site'));
		mkdirSync(at('outside'));
		writeFileSync(at('outside', 'secret.txt'), 'secret');
		writeFileSync(at('site', 'page.mdx'), '# Page');
		symlinkSync(at('outside', 'secret.txt'), at('site', 'linked.txt'));
		// The string `/site/../outside/secret.txt` starts with `/site/`: only real paths tell.
		assert.equal(await isReallyInside([at('site')], `${at('site')}/../outside/secret.txt`), false);
		assert.equal(await isReallyInside([at('site')], at('site', 'linked.txt')), false);
		assert.equal(await isReallyInside([at('site')], at('site', 'page.mdx')), true);
		assert.equal(await isReallyInside([at('site')], at('site', 'missing.mdx')), true, 'a missing page of the site (a problem points at it) is inside');
	});

	it("author HTML cannot carry the preview's own hooks (open a file, navigate, the playground); components keep theirs", async () => {
		const root = workspaceUri('site');
		const { html } = await renderMdx(
			'<div data-open-uri="file:///etc/passwd" data-line="3" data-route="/x" data-pg-send="1" data-api-tab="a" data-note="kept">Hi</div>\n\n<Tabs><Tab title="A">a</Tab></Tabs>\n',
			{ uri: workspaceUri('site/page.mdx'), rootUri: root, token: noCancellation, readText: async () => undefined, assetUrl: p => p },
		);
		assert.match(html, /<div data-note="kept">Hi<\/div>/);
		assert.doesNotMatch(html, /data-open-uri|data-line|data-route|data-pg|data-api/);
		assert.match(html, /data-tabs/);
	});

	it("the preview server forbids framing (frame-ancestors 'none')", async () => {
		const site = copyFixtures('minimal');
		const preview = await startPreview(site.path('minimal'));
		try {
			for (const route of ['/', '/__mintdoc/preview.js', '/missing']) {
				const response = await fetch(`${preview.url}${route}`);
				assert.match(response.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, route);
				assert.equal(response.headers.get('x-frame-options'), 'DENY');
			}
		} finally {
			await preview.stop();
			site.dispose();
		}
	});

	it('the API stand-in answers only requests addressed to it by a local name (DNS rebinding)', async () => {
		const standIn = createApiStandIn({
			projectId: 'demo',
			adminKey: 'mint_admin',
			assistantDomain: 'demo',
			assistantKey: 'mint_dsc_key',
			feedback: [],
			updateStatuses: new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor: new Date(), liveSeconds: 10 }),
		});
		const port = await standIn.listen(0);
		const statusFor = (host: string) =>
			new Promise<number>((resolve, reject) =>
				http
					.get({ host: '127.0.0.1', port, path: '/v1/project/update-status/demo-success', headers: { host, authorization: 'Bearer mint_admin' } }, res => {
						res.resume();
						resolve(res.statusCode ?? 0);
					})
					.on('error', reject),
			);
		try {
			assert.equal(await statusFor('attacker.example:80'), 403);
			assert.equal(await statusFor(`rebind.attacker.example:${port}`), 403);
			assert.notEqual(await statusFor(`127.0.0.1:${port}`), 403);
			assert.notEqual(await statusFor(`localhost:${port}`), 403);
		} finally {
			await standIn.close();
		}
	});

	describe('private caches', () => {
		it('are written 0600 in a folder left as the user made it, and a planted link is replaced, never followed', async () => {
			const cache = at('cache', 'mintdoc');
			writeFileSync(at('victim.txt'), 'mine');
			mkdirSync(cache, { recursive: true, mode: 0o777 });
			chmodSync(cache, 0o777);
			symlinkSync(at('victim.txt'), path.join(cache, 'pages-0123456789abcdef.bin'));
			assert.equal(await readPrivateFile(path.join(cache, 'pages-0123456789abcdef.bin')), undefined, 'a link is never read');
			await writeCacheFile(path.join(cache, 'pages-0123456789abcdef.bin'), 'kind', 'fp', new Map([['k', 1]]));
			assert.equal(readFileSync(at('victim.txt'), 'utf8'), 'mine');
			assert.deepEqual(
				[
					(await import('node:fs')).statSync(cache).mode & 0o777,
					(await import('node:fs')).statSync(path.join(cache, 'pages-0123456789abcdef.bin')).mode & 0o777,
				],
				[0o777, 0o600],
			);
			const read = await readCacheFile(path.join(cache, 'pages-0123456789abcdef.bin'), 'kind', 'fp', (v): v is number => typeof v === 'number');
			assert.deepEqual([read.state, [...read.entries]], ['used', [['k', 1]]]);
		});

		it("ignore a cache file or folder that belongs to another user (as root: chown'd away)", async function () {
			if (process.getuid?.() !== 0) this.skip();
			const cache = at('cache');
			assert.ok(await writePrivateFile(path.join(cache, 'file.bin'), 'planted'));
			chownSync(path.join(cache, 'file.bin'), 65534, 65534);
			assert.equal(await readPrivateFile(path.join(cache, 'file.bin')), undefined);
			chownSync(cache, 65534, 65534);
			assert.equal(await writePrivateFile(path.join(cache, 'other.bin'), 'x'), false);
			assert.equal(existsSync(path.join(cache, 'other.bin')), false);
		});

		it('ignore an unreadable cache file (as another user than root)', async function () {
			if (process.getuid?.() === 0) this.skip();
			const file = at('cache', 'file.bin');
			assert.ok(await writePrivateFile(file, 'x'));
			chmodSync(file, 0);
			assert.equal(await readPrivateFile(file), undefined);
		});
	});
});
