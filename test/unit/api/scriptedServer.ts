import * as assert from 'node:assert/strict';
import { ApiError } from '../../../client/src/platform/api/errors';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the scripted server saw it. */
export interface SeenRequest {
	readonly method: string;
	readonly url: string;
	readonly authorization: string | undefined;
}

/** Answers one request; may write `res` in any way (delays, partial bodies, hang-ups). */
export type Script = (req: IncomingMessage, res: ServerResponse, seen: SeenRequest[]) => void | Promise<void>;

/** A real HTTP server on 127.0.0.1 (free port) whose answers a test scripts; `close()` in afterEach. */
export async function startScriptedServer(script: Script): Promise<{ url: string; seen: SeenRequest[]; setScript(s: Script): void; close(): Promise<void> }> {
	const seen: SeenRequest[] = [];
	let current = script;
	const server: Server = createServer((req, res) => {
		seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
		void Promise.resolve(current(req, res, seen)).catch(() => res.destroy());
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		seen,
		setScript: s => (current = s),
		close: () =>
			new Promise(resolve => {
				server.closeAllConnections();
				server.close(() => resolve());
			}),
	};
}

/** Writes a JSON answer. */
export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
	const text = JSON.stringify(body);
	res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
	res.end(text);
}

/** Rejects with the ApiError of `promise` (fails the test if it resolves or throws something else). */
export async function apiError(promise: Promise<unknown>): Promise<ApiError> {
	try {
		await promise;
	} catch (e) {
		assert.ok(e instanceof ApiError, `expected an ApiError, got ${e}`);
		return e;
	}
	assert.fail('expected the call to fail');
}
