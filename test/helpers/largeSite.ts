import * as assert from 'node:assert/strict';
import { rehearsalMinChars } from '../../server/src/core/site/editRehearsal';

/**
 * A translated site whose docs.json is past the size the server rehearses edits of: two languages ×
 * 220 groups of entries, most naming pages that exist (800 of them), one in forty groups naming a missing page.
 * Relative paths → text.
 */
export function largeSite(): Record<string, string> {
	const files: Record<string, string> = {};
	for (let i = 0; i < 400; i++) {
		files[`guides/page-${i}.mdx`] = `# Page ${i}\n`;
		files[`fr/guides/page-${i}.mdx`] = `# Page ${i}\n`;
	}
	const groups = (prefix: string) =>
		Array.from({ length: 220 }, (_, g) => ({
			group: `Group ${g}`,
			pages: Array.from({ length: 18 }, (_, p) => (p === 17 && g % 40 === 0 ? `${prefix}guides/missing-${g}` : `${prefix}guides/page-${(g * 7 + p) % 400}`)),
		}));
	const config = {
		name: 'Large',
		navigation: {
			languages: [
				{ language: 'en', groups: groups('') },
				{ language: 'fr', groups: groups('fr/') },
			],
		},
	};
	files['docs.json'] = JSON.stringify(config, null, 2);
	assert.ok(files['docs.json'].length >= rehearsalMinChars, `the site's docs.json is ${files['docs.json'].length} characters`);
	return files;
}
