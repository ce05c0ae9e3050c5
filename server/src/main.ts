import { setFlagsFromString } from 'node:v8';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from './server';

// Each docs.json keystroke replaces a site model of tens of megabytes. With V8's default (dynamic)
// heap growth the heap doubles before it is collected: on a 25,000-page site the server grew from
// 510 MB to 1 GB over 60 edits. Growing by 15 % keeps it flat (the bench's soak), at some GC CPU
// on V8's helper threads. Read at every collection, so setting it here applies.
setFlagsFromString('--heap-growing-percent=15');

// The transport (--node-ipc or --stdio) is chosen by the command line the client or test uses.
const connection = createConnection(ProposedFeatures.all);
// A bug in one feature must not end the server the user relies on all day: log and carry on.
process.on('uncaughtException', e => connection.console.error(`uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', e => connection.console.error(`unhandled rejection: ${e instanceof Error ? e.stack ?? e.message : String(e)}`));
startServer(connection);
