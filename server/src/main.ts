import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { createNodeRuntime } from './node/runtime/nodeRuntime';
import { startServer } from './server';

// The transport (--node-ipc or --stdio) is chosen by the command line the client or test uses.
const connection = createConnection(ProposedFeatures.all);
// A bug in one feature must not end the server the user relies on all day: log and carry on.
process.on('uncaughtException', e => connection.console.error(`uncaught: ${e.stack ?? e.message}`));
process.on('unhandledRejection', e => connection.console.error(`unhandled rejection: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`));
startServer(connection, createNodeRuntime());
