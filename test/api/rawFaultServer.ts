/**
 * A raw TCP server on 127.0.0.1 for the faults the HTTP stand-in cannot express: it writes the
 * response bytes itself, so it can reset a connection after the headers, stop mid-body and stay
 * silent, send gzip-labelled garbage, or send a body that never ends. The scenario is the first
 * path segment after `/raw/` (the client's base URL is `http://127.0.0.1:PORT/raw/<scenario>`);
 * `/discovery/` paths get the assistant's data-stream variant. Requests are counted per scenario.
 * Nothing waits on a timer: a connection that must break once the client has read something waits
 * for the test to say so ({@link RawFaultServer.release}).
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { RawScenario } from './faultMatrix';

export interface RawFaultServer {
	/** `http://127.0.0.1:PORT` */
	readonly url: string;
	/** Requests received for `scenario` since the last reset. */
	count(scenario: string): number;
	/**
	 * Goes on with the connections waiting for the client to have read their first part:
	 * `reset-after-headers` resets them now. The test calls it once the client has the headers (or,
	 * for the assistant, the first text), so a busy machine cannot make the reset come first.
	 */
	release(): void;
	reset(): void;
	close(): Promise<void>;
}

/** The answer text streamed before an assistant fault strikes (the partial text the chat keeps). */
export const rawPartialText = 'Partial answer before the fault. ';

export async function startRawFaultServer(): Promise<RawFaultServer> {
	const counts = new Map<string, number>();
	const sockets = new Set<Socket>();
	let held: (() => void)[] = [];
	const server: Server = createServer(socket => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => undefined); // resets by the client are expected
		let buffer = Buffer.alloc(0);
		const onData = (chunk: Buffer) => {
			buffer = Buffer.concat([buffer, chunk]);
			const end = buffer.indexOf('\r\n\r\n');
			if (end < 0) return;
			const head = buffer.subarray(0, end).toString('latin1');
			const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
			if (buffer.length < end + 4 + length) return; // wait for the whole request body
			socket.off('data', onData);
			const [, target = '/'] = head.split(' ');
			const scenario = /^\/raw\/([^/]+)/.exec(target)?.[1] ?? '';
			counts.set(scenario, (counts.get(scenario) ?? 0) + 1);
			const authorization = /\r\nauthorization:\s*([^\r\n]*)/i.exec(head)?.[1] ?? '';
			respond(socket, scenario as RawScenario, target.includes('/discovery/'), authorization, then => held.push(then));
		};
		socket.on('data', onData);
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as { port: number }).port;
	return {
		url: `http://127.0.0.1:${port}`,
		count: scenario => counts.get(scenario) ?? 0,
		release: () => {
			const now = held;
			held = [];
			for (const then of now) then();
		},
		reset: () => {
			counts.clear();
			held = [];
		},
		close: () =>
			new Promise(resolve => {
				for (const socket of sockets) socket.destroy();
				server.close(() => resolve());
			}),
	};
}

const streamHeaders = 'content-type: text/plain; charset=utf-8\r\nx-vercel-ai-data-stream: v1\r\n';
const jsonHeaders = 'content-type: application/json; charset=utf-8\r\n';

function head(status: string, headers: string): string {
	return `HTTP/1.1 ${status}\r\n${headers}cache-control: no-store\r\nconnection: close\r\n`;
}

/** The beginning of an answer: a message id and one text part. */
function streamStart(): string {
	return `f:{"messageId":"msg-raw"}\n0:${JSON.stringify(rawPartialText)}\n`;
}

/** `hold(then)`: run `then` once the test releases the connection (see RawFaultServer.release). */
function respond(socket: Socket, scenario: RawScenario, assistant: boolean, authorization: string, hold: (then: () => void) => void): void {
	const send = (text: string | Buffer): void => void socket.end(text);
	switch (scenario) {
		case 'status-409': {
			// Echoes what it was sent, as careless servers do: the client must redact the key.
			const body = JSON.stringify({ error: 'conflict', message: `The resource changed meanwhile (request had ${authorization})` });
			return send(`${head('409 Conflict', jsonHeaders)}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
		}
		case 'status-429-bare': {
			const body = JSON.stringify({ error: 'rate_limited', message: `Too many requests for ${authorization}` });
			return send(`${head('429 Too Many Requests', jsonHeaders)}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
		}
		case 'half-body-hang': {
			// Announces 4000 bytes, sends a part, then stays silent until the client gives up.
			const part = assistant ? streamStart() : '{"_id":"demo-success","status":"in_progress","logs":["';
			socket.write(`${head('200 OK', assistant ? streamHeaders : jsonHeaders)}content-length: 4000\r\n\r\n${part}`);
			return;
		}
		case 'reset-after-headers': {
			const part = assistant ? streamStart() : '{"_id":"demo-success","status":"in_progress","logs":["';
			socket.write(`${head('200 OK', assistant ? streamHeaders : jsonHeaders)}content-length: 4000\r\n\r\n${part}`);
			// A TCP RST once the client has read the part (a reset before that would discard it unread).
			hold(() => {
				if (!socket.destroyed) socket.resetAndDestroy();
			});
			return;
		}
		case 'truncated-json': {
			// A well-framed response whose content stops early: JSON cut mid-string / a last line cut mid-part.
			const body = assistant ? `${streamStart()}0:"and more te` : '{"_id":"demo-success","status":"succ';
			return send(`${head('200 OK', assistant ? streamHeaders : jsonHeaders)}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
		}
		case 'gzip-garbage': {
			const body = Buffer.from(assistant ? streamStart() : '{"_id":"demo-success","status":"success","logs":[]}');
			return send(
				Buffer.concat([
					Buffer.from(`${head('200 OK', assistant ? streamHeaders : jsonHeaders)}content-encoding: gzip\r\ncontent-length: ${body.length}\r\n\r\n`),
					body,
				]),
			);
		}
		case 'endless-body': {
			socket.write(`${head('200 OK', assistant ? streamHeaders : jsonHeaders)}transfer-encoding: chunked\r\n\r\n`);
			const line = assistant ? `0:${JSON.stringify('endless '.repeat(1000))}\n` : `{"padding":"${'x'.repeat(8000)}"},`;
			const chunk = Buffer.from(`${Buffer.byteLength(line.repeat(8)).toString(16)}\r\n${line.repeat(8)}\r\n`);
			let first = true;
			const pump = () => {
				if (socket.destroyed) return;
				if (first) {
					first = false;
					const start = assistant ? streamStart() : '{"feedback":[';
					socket.write(`${Buffer.byteLength(start).toString(16)}\r\n${start}\r\n`);
				}
				while (!socket.destroyed && socket.write(chunk)) {
					/* until the socket buffer is full */
				}
				if (!socket.destroyed) socket.once('drain', pump);
			};
			pump();
			return;
		}
		default: {
			const body = JSON.stringify({ error: 'unknown_scenario', message: `no raw scenario '${scenario}'` });
			return send(`${head('418 Unknown Scenario', jsonHeaders)}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
		}
	}
}
