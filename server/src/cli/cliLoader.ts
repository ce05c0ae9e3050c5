import * as path from 'node:path';
import { runWithCodeCache } from '../node/codeCache';
import { userCacheDirectory } from '../node/privateFiles';

declare const MINTDOC_VERSION: string;

// The `mintdoc` command's entry (dist/cli.js): runs the CLI's bundle (dist/cliMain.js, built from
// main.ts) compiled from V8's code cache when there is one (see node/codeCache.ts).
runWithCodeCache(
	path.join(__dirname, 'cliMain.js'),
	path.join(userCacheDirectory(), 'code-cache'),
	typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev',
).catch((e: unknown) => {
	process.stderr.write(`mintdoc: failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
	process.exitCode = 2;
});
