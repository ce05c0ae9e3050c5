import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';

const mintJson = `{
  "name": "Legacy",
  "favicon": "/favicon.svg",
  "colors": { "primary": "#0D9373" },
  "tabs": [{ "name": "API", "url": "api" }],
  "navigation": [{ "group": "Start", "pages": ["intro", "api/users"] }],
  "feedback": { "thumbsRating": true }
}
`;

describe('mintdoc upgrade (built CLI)', function () {
	this.timeout(60_000);
	let dir: string;
	const file = (name: string) => path.join(dir, name);
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-upgrade-'));
		writeFileSync(file('mint.json'), mintJson);
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('--dry-run prints docs.json on stdout and the report on stderr, and writes nothing', () => {
		const result = mintdoc(['upgrade', '.', '--dry-run'], dir);
		assert.equal(result.status, 0);
		const docs = JSON.parse(result.stdout) as { $schema: string; theme: string; navigation: { tabs: { tab: string }[] } };
		assert.match(result.stdout, /^\{\n {2}"\$schema": "https:\/\/mintlify\.com\/docs\.json",\n {2}"theme": "mint",\n/);
		assert.deepEqual(
			docs.navigation.tabs.map(t => t.tab),
			['Documentation', 'API'],
		);
		assert.match(result.stderr, /Keys dropped:\n {2}- feedback: /);
		assert.match(result.stderr, /Tab "API" took groups "Start" by URL prefix "api"\./);
		assert.equal(existsSync(file('docs.json')), false);
	});

	it('writes docs.json (exit 0), then refuses to replace it (exit 2) unless --force; mint.json is untouched', () => {
		const first = mintdoc(['upgrade'], dir);
		assert.equal(first.status, 0, first.stderr);
		assert.match(first.stdout, /^Wrote docs\.json/);
		const written = readFileSync(file('docs.json'), 'utf8');
		assert.equal(written, mintdoc(['upgrade', '--dry-run'], dir).stdout);
		const again = mintdoc(['upgrade'], dir);
		assert.equal(again.status, 2);
		assert.match(again.stderr, /exists already .* pass --force/);
		assert.equal(mintdoc(['upgrade', '--force'], dir).status, 0);
		assert.equal(readFileSync(file('mint.json'), 'utf8'), mintJson);
	});

	it('exits 1 with the findings when mint.json is invalid, 2 when there is none', () => {
		writeFileSync(file('mint.json'), '{\n  "name": "x",\n  "navigation": []\n}\n');
		const invalid = mintdoc(['upgrade', '--dry-run'], dir);
		assert.equal(invalid.status, 1);
		assert.equal(invalid.stdout, '');
		assert.match(invalid.stderr, /mint\.json:1:1 error Missing property "favicon"\. \[schema\]/);
		assert.match(invalid.stderr, /mint\.json:3:17 error Array has too few items/);
		rmSync(file('mint.json'));
		const none = mintdoc(['upgrade'], dir);
		assert.equal(none.status, 2);
		assert.match(none.stderr, /no mint\.json in '\.'/);
	});

	it('checks a legacy site instead of exiting 2', () => {
		writeFileSync(file('favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
		writeFileSync(file('intro.mdx'), '# Intro\n');
		const result = mintdoc(['check', '.', '--no-cache'], dir);
		assert.equal(result.status, 1, result.stderr);
		assert.match(result.stdout, /mint\.json:2:3 warning The platform reads only docs\.json now.*\[legacy-config\]/);
		assert.match(result.stdout, /mint\.json:6:57 error No page 'api\/users'.*\[page-not-found\]/);
	});
});
