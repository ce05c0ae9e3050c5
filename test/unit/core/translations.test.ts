import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { formatTranslationsTable, type TranslationRow } from '../../../server/src/cli/translationsReport';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace } from '../../helpers/inMemoryWorkspace';
import { checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

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
});
