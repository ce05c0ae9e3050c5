import * as path from 'node:path';
import { startBundle } from './node/runtime/codeCache';

// The language server's entry (dist/server.js): runs the server's bundle (dist/serverMain.js, built
// from main.ts) compiled from V8's code cache when there is one (see node/runtime/codeCache.ts).
startBundle(path.join(__dirname, 'serverMain.js'), 'MintDoc language server');
