import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { startBundle } from './node/runtime/codeCache';

// Whoever starts the server (VS Code passes languageServerNodeFlags, other editors nothing): objects
// are not pretenured by allocation site. A docs.json keystroke on crewAI rebuilds a model that lives
// until the next one, which V8 otherwise learned to allocate straight into the old generation: the
// server without flags held ~40 MB more after 100 edits (388–394 against 344–350 MB) and edited no
// faster (p95 49–53 against 46–49 ms). Set before the bundle loads, so its code cache is made and
// used under the same flags (see codeCache.ts).
setFlagsFromString('--no-allocation-site-pretenuring');

// The language server's entry (dist/server.js): runs the server's bundle (dist/serverMain.js, built
// from main.ts) compiled from V8's code cache when there is one (see node/runtime/codeCache.ts).
startBundle(path.join(__dirname, 'serverMain.js'), 'MintDoc language server');
