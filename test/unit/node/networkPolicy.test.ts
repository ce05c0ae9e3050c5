import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isLoopbackAddress, isPublicAddress } from '../../../server/src/node/network/addressPolicy';
import { defaultFetchPolicy, PolicyError, safeRequest, type FetchPolicy } from '../../../server/src/node/network/safeFetch';

/** A server on 127.0.0.1 that records every request it sees. */
async function recordingServer(handler: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
	const seen: string[] = [];
	const server = http.createServer((req, res) => {
		seen.push(`${req.method} ${req.url}`);
		handler(req, res);
	});
	await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
	const port = (server.address() as AddressInfo).port;
	return {
		seen,
		port,
		url: `http://127.0.0.1:${port}`,
		close: () => new Promise(resolve => (server.closeAllConnections(), server.close(resolve))),
	};
}

/** The network policy for what a repository names (issue 31): public addresses only, bounded answers. */
describe('network policy for hosted documents and external links', function () {
	this.timeout(60_000);

	it('classifies addresses: only the public internet passes (pure; nothing is connected to)', () => {
		const verdicts = Object.fromEntries(
			[
				'8.8.8.8',
				'1.1.1.1',
				'172.32.0.1',
				'2606:4700:4700::1111',
				'::ffff:8.8.8.8',
				'127.0.0.1',
				'127.8.9.10',
				'10.1.2.3',
				'172.16.0.1',
				'172.31.255.255',
				'192.168.1.1',
				'169.254.169.254',
				'100.64.0.1',
				'0.0.0.0',
				'224.0.0.1',
				'255.255.255.255',
				'198.18.0.1',
				'::1',
				'::',
				'fe80::1',
				'fe80::1%eth0',
				'fc00::1',
				'fd12:3456::1',
				'ff02::1',
				'2001:db8::1',
				'::ffff:127.0.0.1',
				'::ffff:169.254.169.254',
				'::ffff:a9fe:a9fe',
				'64:ff9b::a9fe:a9fe',
				'2002:7f00:1::',
				'not-an-address',
				'',
			].map(a => [a, isPublicAddress(a)]),
		);
		const publicOnes = Object.entries(verdicts)
			.filter(([, ok]) => ok)
			.map(([a]) => a);
		assert.deepEqual(publicOnes, ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']);
		assert.deepEqual(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '10.0.0.1', '::2'].map(isLoopbackAddress), [true, true, true, true, false, false]);
	});

	it('refuses loopback before sending anything: the server sees no request (by address, and by a name resolving there)', async () => {
		const server = await recordingServer((_req, res) => res.end('secret'));
		try {
			const strict = { policy: { ...defaultFetchPolicy(), allowLoopback: false } };
			await assert.rejects(
				safeRequest(`${server.url}/admin`, strict),
				(e: Error) => e instanceof PolicyError && /127\.0\.0\.1 is not a public address/.test(e.message),
			);
			await assert.rejects(
				safeRequest(`http://localhost:${server.port}/admin`, strict),
				(e: Error) => e instanceof PolicyError && /localhost resolves to/.test(e.message),
			);
			await assert.rejects(safeRequest(`http://[::ffff:127.0.0.1]:${server.port}/`, strict), PolicyError);
			assert.deepEqual(server.seen, []);
		} finally {
			await server.close();
		}
	});

	it('checks every redirect: an allowed server redirecting to another loopback port is refused, and that port sees nothing', async () => {
		const inner = await recordingServer((_req, res) => res.end('internal'));
		const outer = await recordingServer((_req, res) => res.writeHead(302, { location: `${inner.url}/latest/meta-data` }).end());
		const policy: FetchPolicy = { ...defaultFetchPolicy(), allowLoopback: new Set([outer.port]) };
		try {
			await assert.rejects(safeRequest(`${outer.url}/spec.yaml`, { policy }), /127\.0\.0\.1 is not a public address/);
			assert.deepEqual(outer.seen, ['GET /spec.yaml']);
			assert.deepEqual(inner.seen, []);
			// Allowed, the same redirect is followed (so the refusal above is the policy's, not a broken redirect).
			const followed = await safeRequest(`${outer.url}/spec.yaml`, { policy: { ...policy, allowLoopback: true } });
			assert.deepEqual([followed.status, followed.body, inner.seen], [200, 'internal', ['GET /latest/meta-data']]);
		} finally {
			await Promise.all([inner.close(), outer.close()]);
		}
	});

	it('stops after too many redirects', async () => {
		const server = await recordingServer((req, res) => res.writeHead(301, { location: `/r${req.url!.length}` }).end());
		try {
			await assert.rejects(safeRequest(`${server.url}/`, { policy: { ...defaultFetchPolicy(), allowLoopback: true } }), /more than 5 redirects/);
			assert.equal(server.seen.length, 6);
		} finally {
			await server.close();
		}
	});

	it('caps the body, declared or streamed, and gives the whole exchange one time limit', async () => {
		const chunk = Buffer.alloc(64 * 1024, 'a');
		const server = await recordingServer((req, res) => {
			if (req.url === '/declared') return res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }).end();
			if (req.url === '/slow') return res.writeHead(200).write('a'); // never ends
			// A streamed answer that would go on for 100 MB.
			res.writeHead(200);
			let sent = 0;
			const pump = () => {
				while (sent < 100 * 1024 * 1024 && !res.destroyed) {
					sent += chunk.length;
					if (!res.write(chunk)) return res.once('drain', pump);
				}
				res.end();
			};
			pump();
		});
		// The size caps with a time limit no busy machine reaches; the time limit on an answer that never ends.
		const policy: FetchPolicy = { ...defaultFetchPolicy(), allowLoopback: true, maxBytes: 1024 * 1024, totalMs: 60_000 };
		try {
			await assert.rejects(safeRequest(`${server.url}/declared`, { policy }), /larger than 1 MB/);
			await assert.rejects(safeRequest(`${server.url}/streamed`, { policy }), /larger than 1 MB/);
			await assert.rejects(safeRequest(`${server.url}/slow`, { policy: { ...policy, totalMs: 1500 } }), /no complete answer within 1.5 s/);
			// The default cap is 20 MB.
			assert.equal(defaultFetchPolicy().maxBytes, 20 * 1024 * 1024);
		} finally {
			await server.close();
		}
	});
});
