import * as path from 'node:path';
import { startBundle } from '../node/runtime/codeCache';

// The `mintdoc` command's entry (dist/cli.js): runs the CLI's bundle (dist/cliMain.js, built from
// main.ts) compiled from V8's code cache when there is one (see node/runtime/codeCache.ts).
startBundle(path.join(__dirname, 'cliMain.js'), 'mintdoc');
