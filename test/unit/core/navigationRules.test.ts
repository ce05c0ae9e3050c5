import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

const pages = {
	'openapi.yaml': 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /users:\n    get: {}\n    post: {}\n',
	'index.mdx': '# Home',
	'quickstart.mdx': '# Q',
	'a.mdx': '# A',
	'b.mdx': '# B',
	'v1/index.mdx': '# v1',
	'v2/index.mdx': '# v2',
};

async function docsDiagnostics(text: string) {
	return (await checkSite({ ...pages, 'docs.json': text }))['docs.json'] ?? [];
}

describe('navigation rules', () => {
	it('accepts the valid shapes the public docs show', async () => {
		const valid = [
			{ pages: ['index', { group: 'Nested', pages: ['a'] }] },
			{ groups: [{ group: 'G', root: 'index', icon: 'rocket', tag: 'NEW', pages: ['a', { group: 'Deep', expanded: true, pages: ['b'] }] }] },
			{
				tabs: [
					{ tab: 'Docs', groups: [{ group: 'G', pages: ['index'] }] },
					{ tab: 'Blog', href: 'https://blog.example.com' },
				],
			},
			{ tabs: [{ tab: 'SDKs', anchors: [{ anchor: 'JS', groups: [{ group: 'G', pages: ['a'] }] }] }] },
			{ tabs: [{ tab: 'T', menu: [{ item: 'M', description: 'd', groups: [{ group: 'G', pages: ['a'] }] }] }] },
			{ global: { anchors: [{ anchor: 'Blog', href: 'https://x.test', icon: 'newspaper' }] }, groups: [{ group: 'G', pages: ['index'] }] },
			{
				versions: [
					{ version: 'v2', groups: [{ group: 'G', pages: ['v2/index', 'a'] }] },
					{ version: 'v1', groups: [{ group: 'G', pages: ['v1/index', 'a'] }] },
				],
			},
			{
				languages: [
					{ language: 'en', banner: { content: 'Hi', dismissible: true }, groups: [{ group: 'G', pages: ['index'] }] },
					{ language: 'pt-BR', pages: ['a'] },
				],
			},
			{ products: [{ product: 'P', description: 'd', icon: 'box', pages: ['index'] }], global: {} },
			{ dropdowns: [{ dropdown: 'D', icon: 'x', groups: [{ group: 'API', openapi: 'openapi.yaml' }] }] },
			{ groups: [{ group: 'API', openapi: { source: 'openapi.yaml', directory: 'api' }, pages: ['GET /users', 'openapi.yaml POST /users'] }] },
		];
		for (const navigation of valid) assert.deepEqual(await docsDiagnostics(docsJson(navigation)), [], JSON.stringify(navigation));
	});

	it('requires a root-level element', async () => {
		const text = docsJson({ global: { anchors: [] } });
		assertDiagnostics(await docsDiagnostics(text), [{ range: rangeOf(text, '"navigation"'), code: 'nav-root-missing' }]);
	});

	it('allows one type of child per level, pointing at the second key with the first related', async () => {
		const text = docsJson({ tabs: [{ tab: 'T', anchors: [{ anchor: 'A', pages: ['a'] }], groups: [{ group: 'G', pages: ['b'] }] }] });
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [{ range: rangeOf(text, '"groups"'), code: 'nav-mixed-children', message: /'groups' beside 'anchors'.*does not reject it/ }]);
		assert.deepEqual(d[0].relatedInformation?.[0].location.range.start, { line: rangeOf(text, '"anchors"')[0], character: rangeOf(text, '"anchors"')[1] });
	});

	it("follows the platform's build: mistakes below a root division's items are warnings that say so, at the root they stay errors", async () => {
		const text = docsJson({
			tabs: [
				{ tab: 'T', groups: [{ pages: ['a'] }, { group: 'Empty' }], languages: [{ language: 'xx-nested', pages: ['b'] }] },
				{ groups: [{ group: 'G', pages: ['c'] }] },
			],
		});
		const d = (await docsDiagnostics(text)).filter(x => x.code !== 'page-not-found' && x.code !== 'nav-mixed-children');
		assert.deepEqual(
			d.map(x => [x.code, x.severity, /does not check this below the top level/.test(x.message)]),
			[
				['nav-missing-field', 2, true],
				['nav-missing-field', 2, true],
				['nav-language-code', 2, true],
				['nav-missing-field', 1, false],
			],
		);
		const root = docsJson({ groups: [{ group: 'G', pages: ['a', { pages: ['b'] }] }], languages: [] });
		assert.deepEqual(
			(await docsDiagnostics(root)).filter(x => x.code === 'nav-missing-field').map(x => x.severity),
			[1],
		);
	});

	it('allows menu only in tabs, and menu items only groups and pages', async () => {
		const text = docsJson({ anchors: [{ anchor: 'A', menu: [{ item: 'M', pages: ['a'] }] }] });
		assertDiagnostics(await docsDiagnostics(text), [{ range: rangeOf(text, '"menu"'), code: 'nav-menu-outside-tab' }]);
		const text2 = docsJson({ tabs: [{ tab: 'T', menu: [{ item: 'M', tabs: [{ tab: 'X', pages: ['a'] }] }] }] });
		assertDiagnostics(await docsDiagnostics(text2), [{ range: rangeOf(text2, '"tabs"', 1), code: 'nav-menu-item-children' }]);
	});

	it("requires names, group pages and global anchor hrefs, at the element's opening brace", async () => {
		const text = docsJson({
			tabs: [{ groups: [{ group: 'G', pages: ['a'] }] }, { tab: 'T2', groups: [{ icon: 'x', pages: ['b'] }, { group: 'Empty' }] }],
			global: { anchors: [{ anchor: 'Blog' }] },
		});
		const d = await docsDiagnostics(text);
		const braceBefore = (needle: string, occurrence = 0) => {
			const [line, character] = rangeOf(text, needle, occurrence);
			const lines = text.split('\n');
			let l = line;
			let c = character;
			while (lines[l][c] !== '{') if (--c < 0) c = lines[--l].length - 1;
			return [l, c, l, c + 1] as [number, number, number, number];
		};
		assertDiagnostics(d, [
			{ range: braceBefore('"groups"'), code: 'nav-missing-field', message: /This tab needs a "tab"/ },
			{ range: braceBefore('"icon": "x"'), code: 'nav-missing-field', message: /This group needs a "group"/ },
			{ range: braceBefore('"group": "Empty"'), code: 'nav-missing-field', message: /Group 'Empty' needs "pages"/ },
			{ range: braceBefore('"anchor": "Blog"'), code: 'nav-missing-field', message: /Global anchor 'Blog' needs an "href"/ },
		]);
	});

	it('warns that expanded does nothing on a top-level group', async () => {
		const text = docsJson({ groups: [{ group: 'Top', expanded: false, pages: ['a', { group: 'Nested', expanded: true, pages: ['b'] }] }] });
		assertDiagnostics(await docsDiagnostics(text), [{ range: rangeOf(text, '"expanded"'), code: 'nav-expanded-top-level' }]);
	});

	it("accepts every code the platform's validator or the specification accepts, with a hint on ua (the platform writes uk)", async () => {
		const text = docsJson({
			languages: ['zh', 'ja', 'zh-Hans', 'fr-CA', 'uk', 'cn', 'jp', 'pt-BR', 'ua'].map((language, i) => ({ language, pages: [`p${i}`] })),
		});
		const d = (await docsDiagnostics(text)).filter(x => x.code !== 'page-not-found');
		assertDiagnostics(d, [{ range: rangeOf(text, '"ua"'), code: 'nav-language-note', message: /platform's own docs.json validator lists 'uk'/ }]);
	});

	it('checks language codes with a suggestion, and banner shapes', async () => {
		for (const [written, meant] of [
			['ZH', 'zh'],
			['en-US', 'en'],
			['zh-SG', 'zh-Hans'],
			['pt-PT', 'pt'],
			['PT-br', 'pt-BR'],
			['zh-HK', 'zh-Hant'],
			['uk-UA', 'uk'],
			['nb', 'no'],
		]) {
			const text = docsJson({ languages: [{ language: written, pages: ['a'] }] });
			const d = await docsDiagnostics(text);
			assertDiagnostics(d, [{ range: rangeOf(text, `"${written}"`), code: 'nav-language-code', message: new RegExp(`Did you mean '${meant}'`) }]);
			assert.deepEqual(d[0].data, { replacement: meant });
		}
		const text = docsJson({ languages: [{ language: 'xx', pages: ['a'] }] });
		assert.match((await docsDiagnostics(text))[0].message, /Supported: en, cn, zh, zh-Hans/);
		const banner = docsJson({
			languages: [
				{ language: 'en', banner: { content: 5, dismissible: 'yes' }, pages: ['a'] },
				{ language: 'fr', banner: 'Bonjour', pages: ['b'] },
			],
		});
		assertDiagnostics(await docsDiagnostics(banner), [
			{ range: rangeOf(banner, '5'), code: 'nav-banner-shape' },
			{ range: rangeOf(banner, '"yes"'), code: 'nav-banner-shape' },
			{ range: rangeOf(banner, '"Bonjour"'), code: 'nav-banner-shape' },
		]);
	});

	it('reports duplicate names at one level but not across levels', async () => {
		const text = docsJson({
			versions: [
				{
					version: 'v1',
					tabs: [
						{ tab: 'Docs', pages: ['a'] },
						{ tab: 'Docs', pages: ['b'] },
					],
				},
				{ version: 'v2', tabs: [{ tab: 'Docs', pages: ['index'] }] },
				{ version: 'v1', pages: ['quickstart'] },
			],
		});
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"Docs"', 1), code: 'nav-duplicate-name', message: /Another tab at this level is also named 'Docs'/ },
			{ range: rangeOf(text, '"v1"', 1), code: 'nav-duplicate-name', message: /Another version/ },
		]);
	});

	it('warns about a page listed twice in one scope, relating both places, but not across versions', async () => {
		const text = docsJson({
			versions: [
				{
					version: 'v1',
					groups: [
						{ group: 'A', pages: ['a', 'b'] },
						{ group: 'B', pages: ['/a'] },
					],
				},
				{ version: 'v2', groups: [{ group: 'A', pages: ['a'] }] },
			],
		});
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"/a"'), code: 'nav-duplicate-page', message: /'a' is already listed in this navigation \(version v1\)/ },
			{ range: rangeOf(text, '"/a"'), code: 'page-leading-slash' },
		]);
		assert.deepEqual(d.find(x => x.code === 'nav-duplicate-page')!.relatedInformation![0].location.range.start.line, rangeOf(text, '"a"')[0]);
	});

	it('warns about an empty icon', async () => {
		const text = docsJson({ groups: [{ group: 'G', icon: ' ', pages: ['a'] }] });
		assertDiagnostics(await docsDiagnostics(text), [{ range: rangeOf(text, '" "'), code: 'nav-empty-icon' }]);
	});

	it('warns about unknown top-level keys with a suggestion, not an error', async () => {
		const text = docsJson({ pages: ['a'] }, { colours: {}, futureFeature: true });
		const d = await docsDiagnostics(text);
		assertDiagnostics(d, [
			{ range: rangeOf(text, '"colours"'), code: 'config-unknown-key', message: /Did you mean 'colors'\?/ },
			{ range: rangeOf(text, '"futureFeature"'), code: 'config-unknown-key' },
		]);
		assert.ok(d.every(x => x.severity === 2));
	});

	it('survives hostile shapes: navigation as an array, pages holding numbers and null, 10 levels of groups, 20,000 pages', async () => {
		assert.deepEqual(await docsDiagnostics(JSON.stringify({ navigation: ['a'] })), []);
		assert.deepEqual(await docsDiagnostics(JSON.stringify({ navigation: { pages: [1, null, true, [], 'a'] } })), []);
		let group: unknown = { group: 'L10', pages: ['a'] };
		for (let i = 9; i >= 1; i--) group = { group: `L${i}`, pages: [group] };
		assert.deepEqual(await docsDiagnostics(JSON.stringify({ navigation: { groups: [group] } })), []);
		const many = Array.from({ length: 20_000 }, (_, i) => `missing/p${i}`);
		const started = Date.now();
		const d = await docsDiagnostics(JSON.stringify({ navigation: { pages: many } }));
		assert.equal(d.length, 20_000);
		assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
	});
});
