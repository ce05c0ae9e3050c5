import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { getValue, toPlainValue } from '../../../server/src/core/docsConfig/configTree';
import { createLanguageService } from '../../../server/src/core/languageService';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { checkSite, rangeOf } from '../../helpers/siteCheck';

const pages = { 'index.mdx': '# Home', 'quickstart.mdx': '# Quickstart', 'guides/a.mdx': '# A', 'guides/b.mdx': '# B' };

describe('composable configuration ($ref)', () => {
	it('replaces $ref values with the referenced files, nested refs resolving relative to their own file', async () => {
		const workspace = new InMemoryWorkspace({
			...pages,
			'docs.json': '{ "name": "x", "navigation": { "$ref": "./config/navigation.json" } }',
			'config/navigation.json': '{ "groups": [ { "$ref": "./groups/start.json" }, { "group": "Guides", "pages": [ "guides/a", { "$ref": "more.json" } ] } ] }',
			'config/groups/start.json': '{ "group": "Start", "pages": ["index", "quickstart"] }',
			'config/more.json': '["guides/b"]',
		});
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const site = await service.getSite(workspaceRoot, noCancellation);
		assert.deepEqual(toPlainValue(getValue(site.config.root, 'navigation')!), {
			groups: [
				{ group: 'Start', pages: ['index', 'quickstart'] },
				{ group: 'Guides', pages: ['guides/a', 'guides/b'] },
			],
		});
		assert.deepEqual(
			[...site.config.files.keys()].sort(),
			['config/groups/start.json', 'config/more.json', 'config/navigation.json', 'docs.json'].map(workspaceUri),
		);
		assert.deepEqual([...site.diagnostics.values()].flat(), []);
		// Every page entry remembers the file it is written in.
		assert.deepEqual(
			site.navigation!.pages.map(p => [p.value, p.node.uri.slice(workspaceRoot.length + 1)]),
			[
				['index', 'config/groups/start.json'],
				['quickstart', 'config/groups/start.json'],
				['guides/a', 'config/navigation.json'],
				['guides/b', 'config/more.json'],
			],
		);
	});

	it('merges sibling keys on top of a referenced object', async () => {
		const workspace = new InMemoryWorkspace({
			...pages,
			'docs.json': '{ "navigation": { "groups": [ { "$ref": "g.json", "group": "Renamed" } ] } }',
			'g.json': '{ "group": "Original", "icon": "rocket", "pages": ["index"] }',
		});
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const site = await service.getSite(workspaceRoot, noCancellation);
		assert.deepEqual(
			site.navigation!.elements.map(e => e.name),
			[undefined, 'Renamed'],
		);
		assert.deepEqual(toPlainValue(site.navigation!.elements[1].node), { icon: 'rocket', pages: ['index'], group: 'Renamed' });
	});

	it('reports a missing target on the $ref value', async () => {
		const text = '{\n  "navigation": { "$ref": "./nav/missing.json" }\n}';
		const d = await checkSite({ ...pages, 'docs.json': text });
		assertDiagnostics(d['docs.json'], [{ range: rangeOf(text, '"./nav/missing.json"'), code: 'ref-not-found', message: /'nav\/missing.json' does not exist/ }]);
	});

	it('reports an unparsable target on the $ref value, and its syntax error in the target itself', async () => {
		const text = '{ "navigation": { "$ref": "nav.json" } }';
		const nav = '{ "groups": [ }';
		const d = await checkSite({ ...pages, 'docs.json': text, 'nav.json': nav });
		assertDiagnostics(d['docs.json'], [{ range: rangeOf(text, '"nav.json"'), code: 'ref-invalid-json' }]);
		assert.deepEqual(
			d['nav.json'].map(x => [x.code, x.range.start.character]),
			[
				['json-syntax', 14],
				['json-syntax', 15],
			],
		);
	});

	it('reports a cycle on the $ref that closes it, with the chain', async () => {
		const a = '{ "groups": [ { "$ref": "b.json" } ] }';
		const b = '{ "group": "B", "pages": [ { "$ref": "a.json" } ] }';
		const d = await checkSite({ ...pages, 'docs.json': '{ "navigation": { "$ref": "a.json" } }', 'a.json': a, 'b.json': b });
		assertDiagnostics(d['b.json'], [{ range: rangeOf(b, '"a.json"'), code: 'ref-cycle', message: /Circular \$ref: a\.json → b\.json → a\.json/ }]);
		assert.equal(d['docs.json'], undefined);
		assert.equal(d['a.json'], undefined);
	});

	it('rejects URLs, absolute paths and paths that leave the root', async () => {
		const text = '{ "a1": { "$ref": "https://x.test/n.json" }, "a2": { "$ref": "/abs.json" }, "a3": { "$ref": "../../etc/x.json" }, "a4": { "$ref": 5 } }';
		const d = await checkSite({ ...pages, 'docs.json': text.replace(/"a(\d)"/g, '"navigation"') });
		const codes = d['docs.json'].filter(x => x.code === 'ref-invalid').map(x => x.message);
		assert.equal(codes.length, 4);
		assert.match(codes[0], /URLs .* are not supported/);
		assert.match(codes[1], /relative path \(such as '.\/abs.json'\)/);
		assert.match(codes[2], /inside the docs root/);
		assert.match(codes[3], /must be a string/);
	});

	it('warns about siblings of a $ref that resolves to an array', async () => {
		const text = '{ "navigation": { "groups": [ { "group": "G", "pages": { "$ref": "p.json", "extra": 1 } } ] } }';
		const d = await checkSite({ ...pages, 'docs.json': text, 'p.json': '["index"]' });
		assertDiagnostics(d['docs.json'], [{ range: rangeOf(text, '"extra"'), code: 'ref-siblings-ignored' }]);
	});

	it('reports rule violations in the referenced file where they are written', async () => {
		const nav = '{\n  "languages": [ { "language": "zh-SG", "groups": [ { "group": "G", "pages": ["nope"] } ] } ]\n}';
		const d = await checkSite({ ...pages, 'docs.json': '{ "navigation": { "$ref": "nav.json" } }', 'nav.json': nav });
		assertDiagnostics(d['nav.json'], [
			{ range: rangeOf(nav, '"zh-SG"'), code: 'nav-language-code', message: /Did you mean 'zh-Hans'\?/ },
			{ range: rangeOf(nav, '"nope"'), code: 'page-not-found' },
		]);
		assert.equal(d['docs.json'], undefined);
	});
});
