import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { decodeNames, iconSet } from '../../../server/src/core/icons/iconSets';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

describe('Icons', () => {
	it('decodes the generated name lists (front-coded, from the icon sets’ packages)', () => {
		assert.deepEqual(decodeNames('0arrow\n5-down\n6up\n0b'), ['arrow', 'arrow-down', 'arrow-up', 'b']);
		assert.ok(iconSet('fontawesome').names.length > 2000);
		assert.ok(iconSet('fontawesome').has('rocket') && iconSet('fontawesome').has('house') && iconSet('fontawesome').has('home'));
		assert.ok(iconSet('lucide').has('flask-conical') && iconSet('lucide').has('alert-triangle'), 'Lucide names and their old names');
		assert.ok(iconSet('tabler').has('message-chatbot') && !iconSet('tabler').has('github'));
	});

	it('checks icon props against Font Awesome by default; URLs and paths stay valid', async () => {
		const text =
			'<Card title="a" icon="rocket">x</Card>\n<Card title="b" icon="rockett">x</Card>\n<Card title="c" icon="/icons/x.svg">x</Card>\n<Card title="d" icon="https://x.dev/i.png">x</Card>\n<Icon icon="flask-conical" />\n<Card title="e" icon={<svg />}>x</Card>\n';
		const pages = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': text });
		assertDiagnostics(pages['index.mdx'], [
			{ range: rangeOf(text, 'rockett'), code: 'icon-unknown', message: /"rockett" is not a Font Awesome icon \(the default library.*Did you mean "rocket"\?/ },
			{ range: rangeOf(text, 'flask-conical'), code: 'icon-unknown' },
		]);
	});

	it('follows icons.library (Tabler is strict; with Lucide a Font Awesome name is not called wrong)', async () => {
		const text = '<Card title="a" icon="github">x</Card>\n<Card title="b" icon="brand-github">x</Card>\n';
		const tabler = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }, { icons: { library: 'tabler' } }), 'index.mdx': text });
		assertDiagnostics(tabler['index.mdx'], [
			{ range: rangeOf(text, 'github'), code: 'icon-unknown', message: /not a Tabler icon \(the library `icons.library` selects/ },
		]);
		const lucide = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }, { icons: { library: 'lucide' } }), 'index.mdx': text });
		assertDiagnostics(lucide['index.mdx'], [{ range: rangeOf(text, 'brand-github'), code: 'icon-unknown', message: /not a Lucide icon/ }]);
	});

	it('checks the frontmatter icon of a page (shown beside its navigation entry), quoted or not; paths stay valid', async () => {
		const quoted = '---\ntitle: "A"\nicon: "rockett"\n---\n\n# A\n';
		const plain = '---\ntitle: B\nicon: flask-conical\n---\n\n# B\n';
		const fine = '---\ntitle: C\nicon: rocket\n---\n\n# C\n';
		const path = '---\ntitle: D\nicon: /icons/d.svg\n---\n\n# D\n';
		const pages = await checkPages({ 'docs.json': docsJson({ pages: ['a', 'b', 'c', 'd'] }), 'a.mdx': quoted, 'b.mdx': plain, 'c.mdx': fine, 'd.mdx': path });
		assertDiagnostics(pages['a.mdx'], [{ range: rangeOf(quoted, 'rockett'), code: 'icon-unknown', message: /Did you mean "rocket"\?/ }]);
		assertDiagnostics(pages['b.mdx'], [{ range: rangeOf(plain, 'flask-conical'), code: 'icon-unknown' }]);
		assertDiagnostics(pages['c.mdx'] ?? [], []);
		assertDiagnostics(pages['d.mdx'] ?? [], []);
	});

	it('checks docs.json icons, a string or { name, library }', async () => {
		const config = docsJson({
			groups: [
				{ group: 'A', icon: 'rockett', pages: ['index'] },
				{ group: 'B', icon: { name: 'brand-github', library: 'tabler' }, pages: [] },
			],
		});
		const site = await checkSite({ 'docs.json': config, 'index.mdx': '# Home\n' });
		assertDiagnostics(site['docs.json'], [{ range: rangeOf(config, '"rockett"'), code: 'icon-unknown', message: /Did you mean "rocket"/ }]);
	});

	it('completes icon names of the library in a component prop and in docs.json: those starting with what is typed first, at most 200', async () => {
		const files = {
			'docs.json': docsJson({ groups: [{ group: 'A', icon: 'roc', pages: ['index'] }] }, { icons: { library: 'lucide' } }),
			'index.mdx': '<Card title="a" icon="fla',
			'other.mdx': '<Card title="a" icon="',
		};
		const workspace = new InMemoryWorkspace(files);
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		const complete = async (name: keyof typeof files, offset: number) =>
			(await service.doComplete(
				TextDocument.create(workspaceUri(name), name.endsWith('.json') ? 'json' : 'mdx', 1, files[name]),
				TextDocument.create('', '', 0, files[name]).positionAt(offset),
				noCancellation,
			))!;
		const list = await complete('index.mdx', files['index.mdx'].length);
		assert.equal(list.isIncomplete, false);
		const starting = iconSet('lucide').names.filter(n => n.startsWith('fla'));
		assert.deepEqual(
			list.items.slice(0, starting.length).map(i => i.label),
			starting,
		);
		assert.ok(list.items.slice(starting.length).every(i => !i.label.startsWith('fla') && /f.*l.*a/.test(i.label)));
		const flask = list.items.find(i => i.label === 'flask-conical')!;
		assert.equal(flask.detail, 'Lucide icon');
		assert.equal(flask.documentation, undefined);
		assert.match(((await service.resolveCompletion(flask, noCancellation)).documentation as { value: string }).value, /^From Lucide /);
		const everything = await complete('other.mdx', files['other.mdx'].length);
		assert.equal(everything.isIncomplete, true);
		assert.equal(everything.items.length, 200);
		const jsonItems = (await complete('docs.json', files['docs.json'].indexOf('"icon": "roc"') + 12)).items;
		assert.deepEqual(jsonItems[0]!.label, 'rocket');
		const rocket = jsonItems[0]!;
		assert.equal(rocket.textEdit && 'newText' in rocket.textEdit ? rocket.textEdit.newText : '', '"rocket"');
		assert.equal(rocket.filterText, '"rocket"');
	});
});

describe('Icon styles', () => {
	it('checks iconType against the documented styles and Font Awesome’s own (its types list styles and families)', async () => {
		const text = '<Icon icon="star" iconType="sharp-solid" />\n<Icon icon="star" iconType="semibold" />\n<Icon icon="star" iconType="bold" />\n';
		const pages = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': text });
		assertDiagnostics(pages['index.mdx'], [{ range: [2, 28, 2, 32], code: 'component-prop-value', message: /"light", "regular", "sharp-duotone-solid"/ }]);
	});
});

describe('Icon suggestions', () => {
	it('are made once per wrong name: a versioned site repeats the same names on every copy of a page', () => {
		const set = iconSet('fontawesome');
		assert.equal(set.closest('rockett'), 'rocket');
		let started = performance.now();
		set.closest('hosue-chimney-x');
		const once = performance.now() - started;
		started = performance.now();
		for (let i = 0; i < 1000; i++) assert.equal(set.closest('hosue-chimney-x'), set.closest('hosue-chimney-x'));
		const again = performance.now() - started;
		// Computed each time, 2,000 lookups cost ~2,000 times one; remembered, less than one.
		assert.ok(again < once * 100, `2,000 lookups took ${again.toFixed(1)} ms, one ${once.toFixed(2)} ms`);
	});
});
