import { lookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';
import { isLoopbackAddress, isPublicAddress } from './addressPolicy';

/**
 * HTTP for what a repository names (hosted OpenAPI documents, the external link check), under
 * the network policy of docs/security.md: public addresses only, checked on the address actually
 * connected to (DNS is resolved here and the socket goes to the checked address, so a name that
 * resolves differently the second time cannot slip through) and again after every redirect; the
 * body capped (decompressed); one time limit for the whole exchange, redirects included.
 */
export interface FetchPolicy {
	/** Bytes of body read at most (after decompression). */
	readonly maxBytes: number;
	/** Milliseconds for the whole exchange, every redirect included. */
	readonly totalMs: number;
	readonly maxRedirects: number;
	/**
	 * Loopback (127.0.0.0/8, ::1) allowed (all ports, or these): only for MintDoc's own tests, whose
	 * servers listen on 127.0.0.1; set by the environment variable MINTDOC_TEST_ALLOW_LOOPBACK=1,
	 * never by a workspace or a setting.
	 */
	readonly allowLoopback: boolean | ReadonlySet<number>;
}

export const defaultFetchPolicy = (): FetchPolicy => ({
	maxBytes: 20 * 1024 * 1024,
	totalMs: 30_000,
	maxRedirects: 5,
	allowLoopback: process.env.MINTDOC_TEST_ALLOW_LOOPBACK === '1',
});

/** A request the policy refused before anything was sent, or an answer it stopped reading. */
export class PolicyError extends Error {
	override readonly name = 'PolicyError';
}

export interface SafeResponse {
	readonly status: number;
	/** The address answered from, after redirects. */
	readonly url: string;
	header(name: string): string | undefined;
	/** The body, when the request asked for it (GET); empty for HEAD. */
	readonly body: string;
}

export interface SafeRequest {
	readonly method?: 'GET' | 'HEAD';
	readonly headers?: Record<string, string>;
	readonly signal?: AbortSignal;
	readonly policy?: FetchPolicy;
	/** False: the answer's status and headers are enough (the link check); the body is not read. */
	readonly readBody?: boolean;
}

/** Why `address` may not be connected to, or undefined when it may. */
function refusal(address: string, port: number, policy: FetchPolicy): string | undefined {
	if (isPublicAddress(address)) return undefined;
	const allowed = policy.allowLoopback;
	if ((allowed === true || (allowed !== false && allowed.has(port))) && isLoopbackAddress(address)) return undefined;
	return `${address} is not a public address`;
}

/** The address to connect to for `host`: every address the name resolves to must be public. */
async function checkedAddress(host: string, port: number, policy: FetchPolicy): Promise<{ address: string; family: number }> {
	const literal = host.replace(/^\[|\]$/g, '');
	const family = isIP(literal);
	const addresses = family ? [{ address: literal, family }] : await lookup(host, { all: true, verbatim: true });
	if (!addresses.length) throw new PolicyError(`${host} does not resolve`);
	for (const { address } of addresses) {
		const why = refusal(address, port, policy);
		if (why) throw new PolicyError(family ? why : `${host} resolves to ${why}`);
	}
	return addresses[0];
}

/** Requests `url` under `policy` (see {@link FetchPolicy}), following redirects itself. Throws PolicyError on a refusal. */
export async function safeRequest(url: string, request: SafeRequest = {}): Promise<SafeResponse> {
	const policy = request.policy ?? defaultFetchPolicy();
	const deadline = AbortSignal.timeout(policy.totalMs);
	const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
	let current = url;
	try {
		for (let hop = 0; ; hop++) {
			const target = new URL(current);
			if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new PolicyError(`only http(s) is fetched, not ${target.protocol}`);
			const port = Number(target.port) || (target.protocol === 'https:' ? 443 : 80);
			const { address, family } = await checkedAddress(target.hostname, port, policy);
			signal.throwIfAborted();
			const response = await exchange(target, address, family, request, policy, signal);
			const location = response.header('location');
			if (response.status >= 300 && response.status < 400 && response.status !== 304 && location) {
				if (hop >= policy.maxRedirects) throw new PolicyError(`more than ${policy.maxRedirects} redirects`);
				current = new URL(location, target).toString();
				continue;
			}
			return response;
		}
	} catch (e) {
		if (deadline.aborted) throw Object.assign(new PolicyError(`no complete answer within ${policy.totalMs / 1000} s`), { code: 'TIMEOUT' });
		throw e;
	}
}

function exchange(target: URL, address: string, family: number, request: SafeRequest, policy: FetchPolicy, signal: AbortSignal): Promise<SafeResponse> {
	// The socket goes to the address just checked, whatever the name resolves to now.
	const pinned: LookupFunction = (_host, options, callback) =>
		options.all ? callback(null, [{ address, family }]) : (callback as (e: null, a: string, f: number) => void)(null, address, family);
	const method = request.method ?? 'GET';
	return new Promise((resolve, reject) => {
		const client = target.protocol === 'https:' ? https : http;
		const req = client.request(
			target,
			{ method, headers: { 'accept-encoding': 'gzip, deflate, br', ...request.headers }, lookup: pinned, signal, agent: false },
			res => {
				const header = (name: string) => {
					const value = res.headers[name.toLowerCase()];
					return Array.isArray(value) ? value.join(', ') : value;
				};
				const status = res.statusCode ?? 0;
				const redirect = status >= 300 && status < 400 && header('location') !== undefined;
				if (method === 'HEAD' || redirect || request.readBody === false) {
					res.destroy();
					return resolve({ status, url: target.toString(), header, body: '' });
				}
				const declared = Number(header('content-length'));
				if (declared > policy.maxBytes) {
					res.destroy();
					return reject(new PolicyError(tooLarge(policy)));
				}
				const encoding = header('content-encoding')?.trim().toLowerCase();
				const body: Readable =
					encoding === 'gzip' || encoding === 'x-gzip'
						? res.pipe(createGunzip())
						: encoding === 'deflate'
							? res.pipe(createInflate())
							: encoding === 'br'
								? res.pipe(createBrotliDecompress())
								: res;
				const chunks: Buffer[] = [];
				let size = 0;
				body.on('data', (chunk: Buffer) => {
					size += chunk.length;
					if (size > policy.maxBytes) {
						res.destroy();
						body.destroy();
						return reject(new PolicyError(tooLarge(policy)));
					}
					chunks.push(chunk);
				});
				body.on('end', () => resolve({ status, url: target.toString(), header, body: Buffer.concat(chunks).toString('utf8') }));
				body.on('error', reject);
				res.on('error', reject);
			},
		);
		req.on('error', reject);
		req.end();
	});
}

function tooLarge(policy: FetchPolicy): string {
	return `the answer is larger than ${Math.round(policy.maxBytes / (1024 * 1024))} MB`;
}
