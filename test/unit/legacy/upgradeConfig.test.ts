import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { normalizePagePath } from '../../../server/src/core/legacy/mintConfig';
import { upgradeMintConfig } from '../../../server/src/core/legacy/upgradeConfig';
import { formatUpgradeReport } from '../../../server/src/core/legacy/upgradeReport';
import { formatDocsJson } from '../../../server/src/core/legacy/prepareUpgrade';

const fixtures = path.join(__dirname, '../../fixtures/legacy');
const base = { name: 'A', favicon: '/favicon.svg', colors: { primary: '#0D9373' } };
const nav = (mint: object) => upgradeMintConfig({ ...base, ...mint }).docs.navigation;

describe('mint.json upgrade: the fixtures', () => {
	// Each expected.docs.json is what the platform's converter writes for that mint.json (the
	// conformance harness's legacy mode checks it), except groups-only: see docs/legacy-mint-json.md.
	for (const name of readdirSync(fixtures)) {
		it(`${name}: the docs.json written equals expected.docs.json`, () => {
			const mint = JSON.parse(readFileSync(path.join(fixtures, name, 'mint.json'), 'utf8')) as Record<string, unknown>;
			const expected = readFileSync(path.join(fixtures, name, 'expected.docs.json'), 'utf8');
			assert.equal(formatDocsJson(upgradeMintConfig(mint).docs), expected);
		});
	}
});

describe('mint.json upgrade: one rule at a time', () => {
	it('writes $schema first, 2-space JSON, and adds the theme and primary color v1 did not require', () => {
		const upgrade = upgradeMintConfig({ name: 'A', navigation: [{ group: 'G', pages: ['a'] }] });
		assert.deepEqual(Object.keys(upgrade.docs).slice(0, 3), ['$schema', 'theme', 'name']);
		assert.equal(upgrade.docs.$schema, 'https://mintlify.com/docs.json');
		assert.deepEqual(upgrade.docs.colors, { primary: '#16A34A' });
		assert.deepEqual(
			upgrade.report.defaults.map(d => d.key),
			['theme', 'colors.primary'],
		);
		assert.match(formatDocsJson(upgrade.docs), /^\{\n {2}"\$schema"/);
	});

	it('maps theme and layout to a v2 theme (layout wins)', () => {
		const theme = (mint: object) => upgradeMintConfig({ ...base, ...mint }).docs.theme;
		assert.deepEqual(
			[
				theme({ theme: 'venus' }),
				theme({ theme: 'quill' }),
				theme({ theme: 'prism' }),
				theme({ layout: 'sidenav', theme: 'venus' }),
				theme({ layout: 'solidSidenav' }),
				theme({}),
			],
			['palm', 'willow', 'mint', 'maple', 'willow', 'mint'],
		);
	});

	it('normalizes page paths as the v1 reader does', () => {
		assert.deepEqual(['/intro', './a/../b', 'a//b', 'api/users/', '../x'].map(normalizePagePath), ['intro', 'b', 'a/b', 'api/users/', 'x']);
	});

	it('gives each tab the groups under its URL prefix, a deeper tab its own, and the rest to the first tab', () => {
		assert.deepEqual(
			nav({
				tabs: [
					{ name: 'API', url: 'api' },
					{ name: 'V2', url: 'api/v2' },
				],
				navigation: [{ group: 'G', pages: ['intro', 'api/a', 'api/v2/b', 'api-other/c'] }],
			}),
			{
				tabs: [
					{ tab: 'Documentation', groups: [{ group: 'G', pages: ['intro', 'api-other/c'] }] },
					{ tab: 'API', groups: [{ group: 'G', pages: ['api/a'] }] },
					{ tab: 'V2', groups: [{ group: 'G', pages: ['api/v2/b'] }] },
				],
			},
		);
	});

	it('drops a tab with no pages and keeps one that links away', () => {
		assert.deepEqual(
			nav({
				tabs: [
					{ name: 'Empty', url: 'nothing' },
					{ name: 'Site', url: 'https://example.com' },
				],
				navigation: [{ group: 'G', pages: ['a'] }],
			}),
			{
				tabs: [
					{ tab: 'Documentation', groups: [{ group: 'G', pages: ['a'] }] },
					{ tab: 'Site', href: 'https://example.com' },
				],
			},
		);
	});

	it('turns tabs and anchors that are all external links into navigation.global', () => {
		assert.deepEqual(
			nav({
				tabs: [{ name: 'Web', url: 'https://w.example.com' }],
				anchors: [{ name: 'Chat', url: 'https://c.example.com', icon: 'slack', iconType: 'brands', color: { from: '#111111', to: '#222222' } }],
				navigation: [{ group: 'G', pages: ['a'] }],
			}),
			{
				anchors: [{ anchor: 'Documentation', icon: 'book-open', groups: [{ group: 'G', pages: ['a'] }] }],
				global: {
					tabs: [{ tab: 'Web', href: 'https://w.example.com' }],
					anchors: [{ anchor: 'Chat', href: 'https://c.example.com', icon: { name: 'slack', style: 'brands' }, color: { light: '#111111', dark: '#111111' } }],
				},
			},
		);
	});

	it('names the first tab and anchor after primaryTab and topAnchor', () => {
		assert.deepEqual(nav({ primaryTab: { name: 'Guides' }, tabs: [{ name: 'API', url: 'api' }], navigation: [{ group: 'G', pages: ['a'] }] }), {
			tabs: [{ tab: 'Guides', groups: [{ group: 'G', pages: ['a'] }] }],
		});
		assert.deepEqual(
			nav({ topAnchor: { name: 'Home', icon: 'house' }, anchors: [{ name: 'SDK', url: 'sdk' }], navigation: [{ group: 'G', pages: ['a', 'sdk/b'] }] }),
			{
				anchors: [
					{ anchor: 'Home', icon: 'house', groups: [{ group: 'G', pages: ['a'] }] },
					{ anchor: 'SDK', groups: [{ group: 'G', pages: ['sdk/b'] }] },
				],
			},
		);
	});

	it('lays the navigation out per version, a group tagged with a version in that version only', () => {
		assert.deepEqual(
			nav({
				versions: ['v2', { name: 'v1', default: true }],
				navigation: [
					{ group: 'All', pages: ['a'] },
					{ group: 'Old', version: 'v1', pages: ['old'] },
				],
			}),
			{
				versions: [
					{ version: 'v2', groups: [{ group: 'All', pages: ['a'] }] },
					{
						version: 'v1',
						default: true,
						groups: [
							{ group: 'All', pages: ['a'] },
							{ group: 'Old', pages: ['old'] },
						],
					},
				],
			},
		);
	});

	it('turns versions that all name a locale into languages', () => {
		assert.deepEqual(
			nav({
				versions: [
					{ name: 'English', locale: 'en', default: true },
					{ name: 'Français', locale: 'fr', url: 'https://fr.example.com' },
				],
				navigation: [{ group: 'Start', version: 'English', pages: ['en/a'] }],
			}),
			{
				languages: [
					{ language: 'en', default: true, groups: [{ group: 'Start', pages: ['en/a'] }] },
					{ language: 'fr', href: 'https://fr.example.com' },
				],
			},
		);
	});

	it('reports what it dropped and why, the keys it mapped, and how the navigation was built', () => {
		const { report } = upgradeMintConfig({
			...base,
			colors: { primary: '#0D9373', anchors: { from: '#111111', to: '#222222' } },
			feedback: { thumbsRating: true },
			sidebar: { items: 'card' },
			rounded: 'sharp',
			isWhiteLabeled: true,
			topbar: { style: 'gradient' },
			footerSocials: { x: 'https://x.com/a' },
			tabs: [{ name: 'API', url: 'api' }],
			navigation: [{ group: 'G', pages: ['a', 'api/b'] }],
		});
		assert.deepEqual(
			report.dropped.map(d => d.key),
			['colors.anchors', 'feedback', 'sidebar', 'rounded', 'isWhiteLabeled', 'topbar'],
		);
		assert.ok(report.mapped.some(m => m.from === 'footerSocials' && m.to === 'footer.socials'));
		assert.deepEqual(report.navigation, [
			'Tab "API" took groups "G" by URL prefix "api".',
			'Groups "G" match no tab URL: they went to the first tab, "Documentation".',
		]);
		assert.match(formatUpgradeReport(report), /^Keys mapped:\n {2}- name\n/);
	});

	it('notes where each navigation node came from in mint.json', () => {
		const { origins } = upgradeMintConfig({ ...base, tabs: [{ name: 'API', url: 'api' }], navigation: [{ group: 'G', pages: ['a', 'api/b'] }] });
		const at = (...p: (string | number)[]) => origins.get(JSON.stringify(p));
		assert.deepEqual(at('navigation', 'tabs', 1), ['tabs', 0]);
		assert.deepEqual(at('navigation', 'tabs', 1, 'groups', 0, 'pages', 0), ['navigation', 0, 'pages', 1]);
		assert.deepEqual(at('navigation', 'tabs', 0, 'groups', 0), ['navigation', 0]);
		assert.deepEqual(at('favicon'), ['favicon']);
	});

	it('never throws on values of the wrong shape', () => {
		for (const mint of [
			{},
			{ navigation: 'x' },
			{ navigation: [1, null, { group: 3 }] },
			{ tabs: [{}], anchors: 'a', versions: [null] },
			{ colors: [] },
			{ font: 'x', footer: 1 },
		])
			assert.doesNotThrow(() => upgradeMintConfig(mint));
	});
});
