// An esbuild plugin: @sindresorhus/transliterate (slugify's transliteration, behind every heading,
// component and parameter id) builds a regular expression for each of its ~1,000 replacements on
// every call and runs it over the text, even though almost no text holds any of them. In the CLI's
// page workers that was a quarter of their time on mintlify/docs (docs/performance.md, issue 52).
// The bundles get the library's own code with one change: a replacement whose key does not occur
// in the text is skipped (replacing a literal that is not there changes nothing, so every result
// is the library's). A library update that changes the loop fails the build here.
import { readFile } from 'node:fs/promises';

export const transliterateLoop = "string = string.replace(new RegExp(escapeStringRegexp(key), 'g'), value);";

/** The library's index.js with the replacement skipped when its key is absent; throws if the loop is not found once. */
export function patchTransliterate(source) {
	const parts = source.split(transliterateLoop);
	if (parts.length !== 2) throw new Error('@sindresorhus/transliterate: the replacement loop was not found (library changed?)');
	return parts.join(`if (string.includes(key)) ${transliterateLoop}`);
}

export const transliterateFast = {
	name: 'transliterate-fast',
	setup(build) {
		build.onLoad({ filter: /[\\/]@sindresorhus[\\/]transliterate[\\/]index\.js$/ }, async args => ({
			contents: patchTransliterate(await readFile(args.path, 'utf8')),
			loader: 'js',
		}));
	},
};
