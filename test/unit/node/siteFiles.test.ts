import * as assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { linkOnTheWay, makeSiteFolder, replaceSitePage, UnsafeWriteError } from '../../../server/src/node/runtime/siteFiles';

/** The one safe write of the CLI (node/runtime/siteFiles.ts), as `mintdoc format` uses it on pages it read earlier. */
describe('siteFiles: replacing a page that was read', () => {
	let dir: string;
	const at = (...parts: string[]) => path.join(dir, ...parts);
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-site-files-'));
		mkdirSync(at('site'));
		writeFileSync(at('site', 'page.mdx'), 'as read');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const temporaries = () => readdirSync(at('site')).filter(name => name.endsWith('.tmp'));

	it('writes a new file beside the page and renames it over the page, keeping its permissions', async () => {
		chmodSync(at('site', 'page.mdx'), 0o604);
		assert.equal(await replaceSitePage(at('site'), at('site', 'page.mdx'), 'formatted', current => current === 'as read'), 'written');
		assert.equal(readFileSync(at('site', 'page.mdx'), 'utf8'), 'formatted');
		assert.equal(statSync(at('site', 'page.mdx')).mode & 0o777, 0o604);
		assert.deepEqual(temporaries(), []);
	});

	it('keeps an edit saved after the page was read: nothing written, the edit stays', async () => {
		// The run read "as read"; an editor saves meanwhile.
		writeFileSync(at('site', 'page.mdx'), 'saved by the editor');
		const outcome = await replaceSitePage(at('site'), at('site', 'page.mdx'), 'formatted', current => current === 'as read');
		assert.equal(outcome, 'changedSinceRead');
		assert.equal(readFileSync(at('site', 'page.mdx'), 'utf8'), 'saved by the editor');
		assert.deepEqual(temporaries(), []);
	});

	it('compares at the last moment: the new text is already written beside the page when the check runs', async () => {
		const seen: { current: string; temporary: string[] }[] = [];
		const outcome = await replaceSitePage(at('site'), at('site', 'page.mdx'), 'formatted', current => {
			seen.push({ current, temporary: temporaries().map(name => readFileSync(at('site', name), 'utf8')) });
			// An edit landing now (after the check) is the one window left: here the check said "changed".
			return false;
		});
		assert.equal(outcome, 'changedSinceRead');
		assert.deepEqual(seen, [{ current: 'as read', temporary: ['formatted'] }]);
		assert.equal(readFileSync(at('site', 'page.mdx'), 'utf8'), 'as read');
		assert.deepEqual(temporaries(), []);
	});

	it('refuses a page that is a link, or reached through a linked folder; the file outside is unchanged', async () => {
		mkdirSync(at('outside'));
		writeFileSync(at('outside', 'victim.mdx'), 'outside');
		symlinkSync(at('outside', 'victim.mdx'), at('site', 'link.mdx'));
		await assert.rejects(
			replaceSitePage(at('site'), at('site', 'link.mdx'), 'formatted', () => true),
			(e: unknown) => e instanceof UnsafeWriteError && /'link\.mdx' is a symbolic link/.test(e.message),
		);
		symlinkSync(at('outside'), at('site', 'folder'));
		await assert.rejects(
			replaceSitePage(at('site'), at('site', 'folder', 'victim.mdx'), 'formatted', () => true),
			/'folder' is a symbolic link/,
		);
		await assert.rejects(
			replaceSitePage(at('site'), at('outside', 'victim.mdx'), 'formatted', () => true),
			/outside the site/,
		);
		assert.equal(readFileSync(at('outside', 'victim.mdx'), 'utf8'), 'outside');
		assert.deepEqual(temporaries(), []);
	});

	it('makeSiteFolder checks every level before making any: a way through a link creates nothing', async () => {
		mkdirSync(at('outside'));
		symlinkSync(at('outside'), at('site', 'link'));
		await assert.rejects(makeSiteFolder(at('site'), at('site', 'link', 'deeper', 'deepest')), /'link' is a symbolic link/);
		assert.deepEqual(readdirSync(at('outside')), []);
		assert.equal(await linkOnTheWay(at('site'), at('site', 'link', 'deeper')), 'link');
		assert.equal(await linkOnTheWay(at('site'), at('site', 'new', 'deeper')), undefined);
		await makeSiteFolder(at('site'), at('site', 'new', 'deeper'));
		assert.ok(existsSync(at('site', 'new', 'deeper')));
	});
});
