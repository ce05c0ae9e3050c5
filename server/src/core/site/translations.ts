import { getValue } from '../docsConfig/configTree';
import type { DiagnosticSink } from '../docsConfig/diagnosticSink';
import type { Navigation } from '../docsConfig/navigation';
import { translationCoverage, type TranslationMemo } from './translationCoverage';

/** How many missing pages a finding names, and relates. */
const listed = 10;

/**
 * Translation findings: entries of a localized navigation without the locale's prefix (the default
 * language's page is shown there), pages the default language has and a language lacks (one finding
 * on the language, the default entries related), and pages a language has that the default lacks.
 */
export function checkTranslations(navigation: Navigation | undefined, sink: DiagnosticSink, memo?: TranslationMemo): void {
	const coverage = translationCoverage(navigation, memo);
	if (!coverage) return;
	const defaults = coverage.languages.find(l => l.isDefault)!;
	for (const language of coverage.languages) {
		if (language.isDefault) continue;
		for (const entry of language.unprefixed) {
			const counterpart = defaults.pageFor(
				entry.value
					.trim()
					.replace(/^\/+/, '')
					.replace(/\.mdx?$/i, ''),
			);
			sink.atNode(
				entry.node,
				`'${entry.value}' has no '${language.prefix}' prefix: the ${language.code} navigation shows the ${coverage.defaultCode} page here. Write '${language.prefix}${entry.value.replace(/^\/+/, '')}' once it is translated.`,
				'nav-translation-prefix',
				counterpart ? { related: [sink.related(counterpart.node.uri, sink.nodeRange(counterpart.node), `the ${coverage.defaultCode} entry`)] } : undefined,
			);
		}
		const code = getValue(language.element.node, 'language');
		if (language.missing.length && code) {
			const names = language.missing.slice(0, 3).map(e => e.value.replace(/^\/+/, ''));
			sink.atNode(
				code,
				`${language.missing.length} of ${coverage.total} ${coverage.defaultCode} pages have no ${language.code} page in its navigation (${names.join(', ')}${language.missing.length > 3 ? ', …' : ''}).`,
				'nav-translation-missing',
				{
					related: language.missing
						.slice(0, listed)
						.map(e => sink.related(e.node.uri, sink.nodeRange(e.node), `${coverage.defaultCode} page with no ${language.code} counterpart`)),
				},
			);
		}
		for (const entry of language.extra)
			sink.atNode(entry.node, `The ${coverage.defaultCode} navigation has no page for '${entry.value}'.`, 'nav-translation-extra');
	}
}
