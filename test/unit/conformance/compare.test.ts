import * as assert from 'node:assert/strict';
import { compare, keyMintdoc, keyOfficial, normalizeTarget, type MintdocFinding, type OfficialFinding } from '../../../conformance/compare';

const ours = (file: string, code: string, message: string, line = 0, severity: MintdocFinding['severity'] = 'error'): MintdocFinding => ({
	file,
	code,
	message,
	severity,
	range: { start: { line, character: 0 } },
});
const theirs = (
	check: string,
	file: string | null,
	target: string | null,
	severity: OfficialFinding['severity'] = 'error',
	jsonPath: string | null = null,
): OfficialFinding => ({ check, file, target, severity, jsonPath, message: `${check} ${target}` });

function run(a: MintdocFinding[], b: OfficialFinding[], texts: Record<string, string> = {}, remoteFolders: string[] = []) {
	return compare(
		a.map(f => keyMintdoc(f, file => texts[file])),
		b.map(keyOfficial).filter(k => k !== undefined),
		{ remoteFolders },
	);
}

describe("conformance: pairing MintDoc findings with the platform's", () => {
	it('normalizes link targets as both tools resolve them', () => {
		assert.equal(normalizeTarget('../setup.mdx#x', 'guides/deep/page.mdx'), '/guides/setup');
		assert.equal(normalizeTarget('/guides/index/', undefined), '/guides');
		assert.equal(normalizeTarget('/caf%C3%A9?q=1', undefined), '/café');
	});

	it('pairs links, anchors, missing pages and redirects by what they name; an unpaired MintDoc error is a false alarm, an unpaired official finding a miss', () => {
		const result = run(
			[
				ours('a.mdx', 'link-broken', "No page or file '/gone' in this site."),
				ours('a.mdx', 'link-anchor-missing', "'b' has no heading '#x'.", 1, 'warning'),
				ours('docs.json', 'page-not-found', "No page 'missing/page': neither ..."),
				ours('a.mdx', 'link-broken', "No page or file '/extra' in this site.", 3),
			],
			[
				theirs('links', 'a.mdx', './gone'),
				theirs('anchors', 'a.mdx', '/b#x', 'warning'),
				theirs('validate', 'docs.json', 'missing/page', 'warning'),
				theirs('redirects', 'docs.json', '/nowhere', 'warning'),
			],
		);
		assert.deepEqual(
			result.falseAlarms.map(f => f.message),
			["No page or file '/extra' in this site."],
		);
		assert.deepEqual(
			result.misses.map(f => f.target),
			['/nowhere'],
		);
	});

	it("pairs configuration findings when one JSON path contains the other, and sets aside links into a hosted document's pages", () => {
		const text = '{\n  "navigation": {\n    "tabs": [ { "tab": 5 } ]\n  }\n}';
		const result = run(
			[ours('docs.json', 'schema', 'Incorrect type.', 2)],
			[theirs('config', 'docs.json', null, 'error', 'navigation.tabs'), theirs('links', 'a.mdx', '/api-reference/users/list')],
			{ 'docs.json': text },
			['api-reference'],
		);
		assert.deepEqual([result.falseAlarms.length, result.misses.length, result.unverifiable.length], [0, 0, 1]);
	});

	it('counts a warning that claims a verdict of the platform (link check reports it) and has no official finding as contradicted', () => {
		const result = run(
			[
				ours('index.mdx', 'link-relative', "'/guides/setup' is where browsers take 'setup'", 3, 'warning'),
				ours('index.mdx', 'link-anchor-missing', "'guides/setup' has no heading '#gone'.", 4, 'warning'),
				ours('index.mdx', 'link-redirected', "'/old' is a redirect to '/new': readers arrive", 5, 'warning'),
				// A warning that claims nothing of the platform is not judged.
				ours('index.mdx', 'link-wrong-extension', "No file '/logo.gif'", 6, 'warning'),
			],
			[theirs('anchors', 'index.mdx', '/guides/setup#gone', 'warning')],
		);
		assert.deepEqual(
			result.contradictedWarnings.map(f => f.code),
			['link-relative', 'link-redirected'],
		);
		assert.equal(result.falseAlarms.length, 0);
	});
});
