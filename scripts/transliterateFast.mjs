// An esbuild plugin: the bundles take @sindresorhus/transliterate (slugify's transliteration, behind
// every id slugged from text that is not plain ASCII) from server/src/core/mdx/transliterateFast.ts,
// which gives the library's results without running ~1,900 regular expressions per call (see there;
// docs/performance.md, issue 52). Only the library's index.js is replaced: its replacement table is
// the library's own. The index.js it replaces is pinned by hash, so an update of the library fails
// the build here until transliterateFast.ts has been compared with the new one.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** SHA-1 of @sindresorhus/transliterate 1.6.0's index.js. */
export const pinnedIndexSha1 = '119a4b95a4d1fe0408ccbb44b5962eb84224e983';

const fastModule = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'server/src/core/mdx/transliterateFast.ts');

export const transliterateFast = {
	name: 'transliterate-fast',
	setup(build) {
		build.onLoad({ filter: /[\\/]@sindresorhus[\\/]transliterate[\\/]index\.js$/ }, async args => {
			const sha1 = createHash('sha1')
				.update(await readFile(args.path))
				.digest('hex');
			if (sha1 !== pinnedIndexSha1)
				throw new Error(
					`@sindresorhus/transliterate changed (${args.path}: ${sha1}): compare server/src/core/mdx/transliterateFast.ts with it, then update scripts/transliterateFast.mjs`,
				);
			return {
				contents: `import builtinReplacements from './replacements.js';\nimport { createTransliterate } from ${JSON.stringify(fastModule)};\nexport default createTransliterate(builtinReplacements);\n`,
				resolveDir: path.dirname(args.path),
				loader: 'js',
			};
		});
	},
};
