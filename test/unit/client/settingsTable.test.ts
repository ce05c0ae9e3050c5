import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { readFileSync } from 'node:fs';
import { settingDefaults, settingValue } from '../../../client/src/settingsTable';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
	contributes: {
		configuration:
			| { properties: Record<string, { type: string; default: unknown; enum?: unknown[] }> }
			| { properties: Record<string, { type: string; default: unknown; enum?: unknown[] }> }[];
	};
};
const contributed = Object.fromEntries(
	(Array.isArray(manifest.contributes.configuration) ? manifest.contributes.configuration : [manifest.contributes.configuration]).flatMap(section =>
		Object.entries(section.properties),
	),
);

describe('the client settings table (client/src/settingsTable.ts)', () => {
	it('has exactly the settings package.json contributes, with the same defaults', () => {
		assert.deepEqual(
			Object.keys(settingDefaults)
				.map(key => `mintdoc.${key}`)
				.sort(),
			Object.keys(contributed).sort(),
		);
		for (const [key, value] of Object.entries(settingDefaults)) {
			const declared = contributed[`mintdoc.${key}`];
			assert.deepEqual(value, declared.default, `default of mintdoc.${key}`);
			assert.equal(typeof value, declared.type === 'integer' ? 'number' : declared.type, `type of mintdoc.${key}`);
			if (declared.enum) assert.ok(declared.enum.includes(value), `mintdoc.${key}: ${String(value)} is one of ${declared.enum.join(', ')}`);
		}
	});

	it('reads a value of the wrong type as the default, and trims strings', () => {
		assert.equal(settingValue('a11y.enabled', 'no'), true);
		assert.equal(settingValue('a11y.enabled', false), false);
		assert.equal(settingValue('assistant.retrievalPageSize', Number.NaN), 5);
		assert.equal(settingValue('assistant.retrievalPageSize', '7'), 5);
		assert.equal(settingValue('assistant.retrievalPageSize', 7), 7);
		assert.equal(settingValue('projectId', '  acme  '), 'acme');
		assert.equal(settingValue('projectId', undefined), '');
	});
});
