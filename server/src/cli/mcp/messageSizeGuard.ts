import { Transform, type TransformCallback } from 'node:stream';

/** The largest JSON-RPC message `mintdoc mcp` reads (a draft of the largest file it checks, 16 MB, escaped). */
export const maxMessageBytes = 24 * 1024 * 1024;

/**
 * Passes stdin's JSON-RPC lines to the SDK's transport, which closes the whole connection on a line
 * over its buffer (issue 51: a 20 MB draft ended the server silently, exit 0). A line over
 * `maxMessageBytes` is dropped unread instead, and its request (id found at either end of the line)
 * answered with an error through `reply`: the session serves on.
 */
export function createMessageSizeGuard(reply: (line: string) => void, limit = maxMessageBytes): Transform {
	let parts: Buffer[] = [];
	let size = 0;
	let dropping = false;
	let head = '';
	let tail = '';
	const take = (piece: Buffer) => {
		if (dropping) {
			tail = (tail + piece.subarray(Math.max(0, piece.length - 256)).toString('latin1')).slice(-256);
			return;
		}
		parts.push(piece);
		size += piece.length;
		if (size > limit) {
			head = Buffer.concat(parts).subarray(0, 256).toString('latin1');
			tail = '';
			parts = [];
			size = 0;
			dropping = true;
		}
	};
	return new Transform({
		transform(chunk: Buffer, _encoding: string, done: TransformCallback) {
			let from = 0;
			for (let newline = chunk.indexOf(10); newline !== -1; newline = chunk.indexOf(10, from)) {
				take(chunk.subarray(from, newline + 1));
				from = newline + 1;
				if (dropping) {
					const id = /"id"\s*:\s*("(?:[^"\\]|\\.){0,64}"|-?\d{1,16})/.exec(tail) ?? /"id"\s*:\s*("(?:[^"\\]|\\.){0,64}"|-?\d{1,16})/.exec(head);
					if (id) {
						const message = `the request is over ${limit / (1024 * 1024)} MB; it was not read`;
						const answer = /"method"\s*:\s*"tools\/call"/.test(head + tail)
							? { result: { content: [{ type: 'text', text: message }], isError: true } }
							: { error: { code: -32600, message } };
						reply(`${JSON.stringify({ jsonrpc: '2.0', id: JSON.parse(id[1]) as unknown, ...answer })}\n`);
					}
					dropping = false;
				} else {
					this.push(Buffer.concat(parts));
					parts = [];
					size = 0;
				}
			}
			if (from < chunk.length) take(chunk.subarray(from));
			done();
		},
	});
}
