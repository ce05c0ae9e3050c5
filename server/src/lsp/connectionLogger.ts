import type { Connection } from 'vscode-languageserver';
import type { Logger } from '../core/logger';

/** Routes core log lines to the client's output channel ("MintDoc"). */
export function createConnectionLogger(connection: Connection): Logger {
	return {
		info: message => connection.console.info(message),
		warn: message => connection.console.warn(message),
		error: message => connection.console.error(message),
	};
}
