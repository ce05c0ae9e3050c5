import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { formatTranslationsTable, type TranslationRow } from '../../../server/src/cli/translationsReport';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace } from '../../helpers/inMemoryWorkspace';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { composeConfig } from '../../../server/src/core/docsConfig/compose';
import { extractNavigation, type Navigation } from '../../../server/src/core/docsConfig/navigation';
import { parseJsonConfig } from '../../../server/src/core/docsConfig/parseJson';
import { translationCoverage, TranslationMemo, type TranslationCoverage } from '../../../server/src/core/site/translationCoverage';

async function navigationOf(json: string): Promise<Navigation> {
	const document = TextDocument.create('file:///site/docs.json', 'json', 1, json);
	const load = async () => ({ document, parsed: parseJsonConfig(document, 'docs.json') });
	return extractNavigation((await composeConfig('file:///site', document.uri, load, noCancellation)).root)!;
}

/** What a coverage says, entries as their value and offset (so entries of another version would show). */
function described(coverage: TranslationCoverage | undefined) {
	const entry = (e: { value: string; node: { offset: number } }) => `${e.value}@${e.node.offset}`;
	return (
		coverage && {
			defaultCode: coverage.defaultCode,
			total: coverage.total,
			languages: coverage.languages.map(l => ({
				code: l.code,
				prefix: l.prefix,
				isDefault: l.isDefault,
				pageCount: l.pageCount,
				translated: l.translated,
				missing: l.missing.map(entry),
				extra: l.extra.map(entry),
				unprefixed: l.unprefixed.map(entry),
				setup: l.pageFor('setup') && entry(l.pageFor('setup')!),
			})),
		}
	);
}

const files = {
	'index.mdx': '# Home',
	'setup.mdx': '# Setup',
	'deploy.mdx': '# Deploy',
	'fr/index.mdx': '# Accueil',
	'fr/setup.mdx': '# Installation',
	'fr/extra.mdx': '# Extra',
	'ja/index.mdx': '# ホーム',
	'ja/setup.mdx': '# 設定',
	'ja/deploy.mdx': '# デプロイ',
};

const text = docsJson({
	languages: [
		{ language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup', 'deploy'] }] },
		{ language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/setup', 'deploy', 'fr/extra'] }] },
		{ language: 'jp', groups: [{ group: '開始', pages: ['ja/index', 'ja/setup', 'ja/deploy'] }] },
	],
});

describe('translations', () => {
	it('reports an entry without the locale prefix (the default entry related), pages a language lacks (one finding, related) and pages only it has', async () => {
		const d = (await checkSite({ ...files, 'docs.json': text }))['docs.json'] ?? [];
		assertDiagnostics(d, [
			{
				range: rangeOf(text, '"deploy"', 1),
				code: 'nav-translation-prefix',
				message: /^'deploy' has no 'fr\/' prefix: the fr navigation shows the en page here/,
			},
			{ range: rangeOf(text, '"fr"'), code: 'nav-translation-missing', message: /^1 of 3 en pages have no fr page in its navigation \(deploy\)/ },
			{ range: rangeOf(text, '"fr/extra"'), code: 'nav-translation-extra', message: /The en navigation has no page for 'fr\/extra'/ },
		]);
		const prefix = d.find(x => x.code === 'nav-translation-prefix')!;
		assert.equal(prefix.severity, DiagnosticSeverity.Warning);
		assert.equal(prefix.relatedInformation?.[0]?.location.range.start.line, rangeOf(text, '"deploy"')[0]);
		assert.equal(d.find(x => x.code === 'nav-translation-missing')!.severity, DiagnosticSeverity.Hint);
		assert.equal(d.find(x => x.code === 'nav-translation-missing')!.relatedInformation?.length, 1);
	});

	it('is quiet for complete translations, and on sites without languages', async () => {
		const complete = docsJson({
			languages: [
				{ language: 'en', pages: ['index', 'setup'] },
				{ language: 'ja', pages: ['ja/index', 'ja/setup'] },
			],
		});
		assert.deepEqual((await checkSite({ ...files, 'docs.json': complete }))['docs.json'], undefined);
		assert.deepEqual((await checkSite({ ...files, 'docs.json': docsJson({ pages: ['index'] }) }))['docs.json'], undefined);
	});

	it('the Site view shows per language how much is translated and lists what is missing', async () => {
		const workspace = new InMemoryWorkspace({ ...files, 'docs.json': text });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const [tree] = await service.getSiteTrees(noCancellation);
		const fr = tree!.nodes.find(n => n.label === 'fr')!;
		assert.equal(fr.description, '2/3 translated');
		const missing = fr.children!.find(c => c.label === 'Not translated (1)')!;
		assert.deepEqual(
			missing.children!.map(c => c.label),
			['deploy'],
		);
		assert.equal(tree!.nodes.find(n => n.label === 'jp')!.description, '3/3 translated');
	});

	it('mintdoc check --translations prints one row per language', () => {
		const rows: TranslationRow[] = [
			{ site: '.', language: 'en', default: true, pages: 3, translated: 3, total: 3, missing: [], extra: [], unprefixed: 0 },
			{ site: '.', language: 'fr', default: false, pages: 4, translated: 2, total: 3, missing: ['deploy'], extra: ['fr/extra'], unprefixed: 1 },
		];
		assert.equal(
			formatTranslationsTable(rows),
			[
				'',
				'| site | language | pages | translated | missing | only in this language | without locale prefix | first missing |',
				'|---|---|---|---|---|---|---|---|',
				'| . | en (default) | 3 | 3/3 (100%) | 0 | 0 | 0 |  |',
				'| . | fr | 4 | 2/3 (67%) | 1 | 1 | 1 | deploy |',
				'',
			].join('\n'),
		);
	});

	it('between edits, reads again only the languages whose entries changed, and says what a fresh computation says', async () => {
		const memo = new TranslationMemo();
		const versions = [
			text,
			// A French entry renamed and one added: only fr is read again.
			text.replace('"fr/extra"', '"fr/deploy", "fr/more"'),
			// The default language changed: en is read again, and fr and jp are compared with it again (not read).
			text.replace('"fr/extra"', '"fr/deploy", "fr/more"').replace('"deploy"\n', '"deploy",\n "extra"\n'),
			// The same entries, moved (offsets change): nothing is read again, the entries are this version's.
			'\n\n' + text.replace('"fr/extra"', '"fr/deploy", "fr/more"').replace('"deploy"\n', '"deploy",\n "extra"\n'),
			// Every French entry prefixed with the wrong folder: fr is read again.
			'\n\n' + text.replace('"fr/extra"', '"fr/deploy", "fr/more"').replace('"deploy"\n', '"deploy",\n "extra"\n').replace(/"fr\//g, '"de/'),
		];
		const computed: number[] = [];
		for (const version of versions) {
			const navigation = await navigationOf(version);
			const before = memo.computed;
			const remembered = described(translationCoverage(navigation, memo));
			computed.push(memo.computed - before);
			assert.deepEqual(remembered, described(translationCoverage(await navigationOf(version))));
		}
		assert.deepEqual(computed, [3, 1, 1, 0, 1]);
		const third = described(translationCoverage(await navigationOf(versions[2]), memo))!;
		assert.deepEqual(third.languages.find(l => l.code === 'fr')!.missing, [`extra@${versions[2].indexOf('"extra"')}`]);
	});
});
