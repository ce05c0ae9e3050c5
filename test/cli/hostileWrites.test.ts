import * as assert from 'node:assert/strict';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, chmodSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';

const messy = '---\ntitle: Home\n---\n\n* one\n* two\n';
const tidy = '---\ntitle: "Home"\n---\n\n- one\n- two\n';
const spec = 'openapi: 3.1.0\ninfo: { title: Pets, version: "1" }\npaths:\n  /pets:\n    get: { summary: List pets }\n';

/**
 * `mintdoc format` and `mintdoc generate` on a repository whose links lead outside it (issue 51):
 * nothing outside is written or created; a page is replaced by a new file renamed over it.
 */
describe('format and generate never write through links (built CLI)', function () {
	this.timeout(60_000);
	let dir: string;
	const at = (...parts: string[]) => path.join(dir, ...parts);
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-hostile-writes-'));
		mkdirSync(at('outside'));
		mkdirSync(at('repo', 'docs'), { recursive: true });
		writeFileSync(at('repo', 'docs', 'docs.json'), JSON.stringify({ name: 'Repo', theme: 'mint', navigation: { pages: ['index'] } }));
		writeFileSync(at('repo', 'docs', 'index.mdx'), messy);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const env = () => ({ XDG_CACHE_HOME: at('cache') });

	it('format refuses a page given by path that is a link to a file outside, and leaves that file unchanged', () => {
		writeFileSync(at('outside', 'victim.mdx'), messy);
		symlinkSync(at('outside', 'victim.mdx'), at('repo', 'docs', 'page.mdx'));
		const result = mintdoc(['format', 'docs/page.mdx'], at('repo'), env());
		assert.equal(result.status, 2, result.stderr);
		assert.match(result.stderr, /'docs\/page\.mdx': 'docs\/page\.mdx' is a symbolic link; format never writes through links/);
		assert.equal(readFileSync(at('outside', 'victim.mdx'), 'utf8'), messy);
		assert.ok(lstatSync(at('repo', 'docs', 'page.mdx')).isSymbolicLink());
	});

	it('format refuses a page reached through a linked folder, and a linked folder given by path', () => {
		writeFileSync(at('outside', 'victim.mdx'), messy);
		symlinkSync(at('outside'), at('repo', 'docs', 'linked'));
		const through = mintdoc(['format', 'docs/linked/victim.mdx'], at('repo'), env());
		assert.equal(through.status, 2);
		assert.match(through.stderr, /'docs\/linked' is a symbolic link/);
		const folder = mintdoc(['format', 'docs/linked'], at('repo'), env());
		assert.equal(folder.status, 2);
		assert.equal(readFileSync(at('outside', 'victim.mdx'), 'utf8'), messy);
		// A folder walk still passes links by, and formats the rest.
		const walk = mintdoc(['format', 'docs'], at('repo'), env());
		assert.equal(walk.status, 0, walk.stderr);
		assert.equal(readFileSync(at('repo', 'docs', 'index.mdx'), 'utf8'), tidy);
		assert.equal(readFileSync(at('outside', 'victim.mdx'), 'utf8'), messy);
	});

	it('format replaces a page by a new file renamed over it: permissions kept, no temporary file left', () => {
		chmodSync(at('repo', 'docs', 'index.mdx'), 0o640);
		const before = statSync(at('repo', 'docs', 'index.mdx')).ino;
		const result = mintdoc(['format', 'docs/index.mdx'], at('repo'), env());
		assert.equal(result.status, 0, result.stderr);
		assert.equal(readFileSync(at('repo', 'docs', 'index.mdx'), 'utf8'), tidy);
		const stat = statSync(at('repo', 'docs', 'index.mdx'));
		assert.equal(stat.mode & 0o777, 0o640);
		assert.notEqual(stat.ino, before, 'a new file, not the old one truncated in place');
		assert.deepEqual(readdirSync(at('repo', 'docs')).sort(), ['docs.json', 'index.mdx']);
	});

	it('generate -o through a link out of the site is refused before anything is created', () => {
		writeFileSync(at('repo', 'docs', 'openapi.yaml'), spec);
		symlinkSync(at('outside'), at('repo', 'docs', 'link'));
		const result = mintdoc(['generate', 'openapi.yaml', '-o', 'link/deeper'], at('repo', 'docs'), env());
		assert.equal(result.status, 2, result.stdout);
		assert.match(result.stderr, /cannot write into 'link\/deeper': 'link' is a symbolic link/);
		assert.equal(existsSync(at('outside', 'deeper')), false, 'deeper/ was created outside');
		assert.deepEqual(readdirSync(at('outside')), []);
		// Without a docs.json above, the working directory bounds the way down.
		rmSync(at('repo', 'docs', 'docs.json'));
		const bare = mintdoc(['generate', 'openapi.yaml', '-o', 'link/deeper'], at('repo', 'docs'), env());
		assert.equal(bare.status, 2);
		assert.deepEqual(readdirSync(at('outside')), []);
		// A plain new folder is still made.
		const plain = mintdoc(['generate', 'openapi.yaml', '-o', 'api/pets'], at('repo', 'docs'), env());
		assert.equal(plain.status, 0, plain.stderr);
		assert.ok(existsSync(at('repo', 'docs', 'api', 'pets', 'list-pets.mdx')));
	});
});
