/** Injected logger: the server routes it to the client's output channel, the CLI to stderr when verbose. */
export interface Logger {
	info(message: string): void;
	warn(message: string): void;
	error(message: string): void;
}

export const nullLogger: Logger = { info() {}, warn() {}, error() {} };
