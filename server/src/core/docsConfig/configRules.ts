import type { ConfigNode } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';
import { closestMatch } from '../textDistance';

/**
 * Top-level keys of docs.json the platform documents. Kept equal to the `properties` of
 * schemas/docs.schema.json by a unit test, so the schema and this check never disagree.
 */
export const knownTopLevelKeys = [
	'$schema',
	'theme',
	'name',
	'description',
	'colors',
	'logo',
	'favicon',
	'thumbnails',
	'styling',
	'icons',
	'fonts',
	'appearance',
	'background',
	'navbar',
	'navigation',
	'footer',
	'banner',
	'redirects',
	'api',
	'seo',
	'search',
	'interaction',
	'contextual',
	'variations',
	'integrations',
	'errors',
	'metadata',
	'variables',
];

/** Unknown top-level keys are warnings, not errors: the platform adds keys often, but a typo loses a setting silently. */
export function checkTopLevelKeys(config: ConfigNode | undefined, sink: DiagnosticSink): void {
	if (config?.kind !== 'object') return;
	for (const property of config.properties) {
		if (knownTopLevelKeys.includes(property.key)) continue;
		const suggestion = closestMatch(property.key, knownTopLevelKeys);
		sink.atKey(
			property,
			`'${property.key}' is not a documented docs.json setting; the platform may ignore it.${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
			'config-unknown-key',
			{ data: suggestion ? { replacement: suggestion } : undefined },
		);
	}
}
