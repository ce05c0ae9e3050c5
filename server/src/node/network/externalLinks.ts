import { defaultFetchPolicy, PolicyError, safeRequest, type FetchPolicy } from './safeFetch';

/**
 * Checks external links over the network, politely: a bounded number of requests per host and
 * overall, a timeout per request, `429 Too Many Requests` retried after its `Retry-After`, HEAD
 * first with GET when HEAD is refused, and results kept in a cache with an expiry. "Broken"
 * (404, 410, a name that does not resolve) is kept apart from "could not check" (timeouts, 5xx,
 * offline, still rate limited): only the first is the link's fault.
 */

/** What a check found about one URL. */
export type LinkVerdict =
	| { readonly kind: 'ok'; readonly status: number }
	/** `platformReports`: the platform's own external check (one HEAD, broken on 404 or a failed request) reports it too. */
	| { readonly kind: 'broken'; readonly status?: number; readonly reason: string; readonly platformReports: boolean }
	| { readonly kind: 'unchecked'; readonly reason: string };

/** A cache of verdicts between runs (see externalLinkCache.ts). */
export interface VerdictCache {
	get(url: string): LinkVerdict | undefined;
	set(url: string, verdict: LinkVerdict): void;
}

export interface ExternalCheckOptions {
	readonly fetch?: typeof fetch;
	/** Per request (default 10 s). */
	readonly timeoutMs?: number;
	/** Requests in flight per host (default 2) and in all (default 8). */
	readonly perHost?: number;
	readonly concurrency?: number;
	/** Retries after a 429 (default 2); a `Retry-After` longer than `maxRetryAfterMs` (default 60 s) is not waited for. */
	readonly retries?: number;
	readonly maxRetryAfterMs?: number;
	readonly cache?: VerdictCache;
	/** Called after each URL (from the cache or the network), for a progress report on long runs. */
	readonly onProgress?: (done: number, total: number, url: string) => void;
	readonly signal?: AbortSignal;
	readonly userAgent?: string;
	/** Distinct URLs checked at most in one run (default 5,000); the rest are reported unchecked. */
	readonly maxLinks?: number;
	/** The network policy when `fetch` is not given (public addresses only; see safeFetch.ts). */
	readonly policy?: FetchPolicy;
}

/** Checks every URL once (duplicates are checked once) and returns a verdict per URL. */
export async function checkExternalLinks(urls: readonly string[], options: ExternalCheckOptions = {}): Promise<Map<string, LinkVerdict>> {
	const all = [...new Set(urls)];
	const maxLinks = options.maxLinks ?? 5_000;
	const unique = all.slice(0, maxLinks);
	const verdicts = new Map<string, LinkVerdict>();
	// A page of generated links must not turn the check into a crawler: past the cap, links are not requested.
	for (const url of all.slice(maxLinks)) verdicts.set(url, { kind: 'unchecked', reason: `more than ${maxLinks} distinct links: not checked in this run` });
	const limiter = createHostLimiter(options.perHost ?? 2, options.concurrency ?? 8);
	let done = 0;
	await Promise.all(
		unique.map(async url => {
			let verdict = options.cache?.get(url);
			if (!verdict) {
				verdict = await limiter.run(hostOf(url), () => checkOne(url, options));
				options.cache?.set(url, verdict);
			}
			verdicts.set(url, verdict);
			options.onProgress?.(++done, unique.length, url);
		}),
	);
	return verdicts;
}

function hostOf(url: string): string {
	try {
		return new URL(url).host;
	} catch {
		return url;
	}
}

/** Runs tasks with at most `perHost` at once per host and `total` at once overall, in arrival order. */
export function createHostLimiter(perHost: number, total: number) {
	const active = new Map<string, number>();
	let running = 0;
	const waiting: { host: string; start: () => void }[] = [];
	const pump = () => {
		for (let i = 0; i < waiting.length && running < total;) {
			const task = waiting[i]!;
			if ((active.get(task.host) ?? 0) >= perHost) {
				i++;
				continue;
			}
			waiting.splice(i, 1);
			active.set(task.host, (active.get(task.host) ?? 0) + 1);
			running++;
			task.start();
		}
	};
	return {
		run<T>(host: string, task: () => Promise<T>): Promise<T> {
			return new Promise<T>((resolve, reject) => {
				waiting.push({
					host,
					start: () =>
						void task()
							.then(resolve, reject)
							.finally(() => {
								active.set(host, active.get(host)! - 1);
								running--;
								pump();
							}),
				});
				pump();
			});
		},
	};
}

async function checkOne(url: string, options: ExternalCheckOptions): Promise<LinkVerdict> {
	const retries = options.retries ?? 2;
	for (let attempt = 0; ; attempt++) {
		const head = await request(url, 'HEAD', options);
		let result = head;
		// Servers that refuse or mishandle HEAD (405, 403, even 404) often answer GET properly.
		if ('status' in head && head.status >= 400 && head.status !== 429) result = await request(url, 'GET', options);
		if ('status' in result && result.status === 429) {
			const wait = retryAfterMs(result.retryAfter);
			if (attempt < retries && wait <= (options.maxRetryAfterMs ?? 60_000)) {
				await sleep(wait, options.signal);
				continue;
			}
			return { kind: 'unchecked', reason: 'still rate limited (429 Too Many Requests)' };
		}
		return verdictOf(result, 'status' in head ? head.status : undefined);
	}
}

type Outcome = { readonly status: number; readonly retryAfter: string | null } | { readonly error: string; readonly code?: string };

async function request(url: string, method: 'HEAD' | 'GET', options: ExternalCheckOptions): Promise<Outcome> {
	const timeoutMs = options.timeoutMs ?? 10_000;
	const timeout = AbortSignal.timeout(timeoutMs);
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
	const headers = { 'user-agent': options.userAgent ?? 'MintDoc-LinkChecker/1.0', accept: '*/*' };
	try {
		if (!options.fetch) {
			// The network policy: public addresses only, checked after every redirect; the body is never read.
			const response = await safeRequest(url, { method, headers, signal, policy: options.policy ?? defaultFetchPolicy(), readBody: false });
			return { status: response.status, retryAfter: response.header('retry-after') ?? null };
		}
		const response = await options.fetch(url, { method, redirect: 'follow', signal, headers });
		// The body is not needed: the status says it all.
		await response.body?.cancel().catch(() => undefined);
		return { status: response.status, retryAfter: response.headers.get('retry-after') };
	} catch (e) {
		if (timeout.aborted) return { error: `no answer within ${timeoutMs / 1000} s`, code: 'TIMEOUT' };
		if (e instanceof PolicyError) return { error: `not checked: ${e.message}`, code: 'POLICY' };
		const cause = (e as { cause?: { code?: string; message?: string } }).cause;
		return { error: cause?.message ?? (e instanceof Error ? e.message : String(e)), code: cause?.code };
	}
}

function verdictOf(result: Outcome, headStatus: number | undefined): LinkVerdict {
	if ('error' in result) {
		// A name that does not resolve is the link's fault; a refused, reset or offline connection may not be.
		if (result.code === 'ENOTFOUND') return { kind: 'broken', reason: 'the host name does not resolve', platformReports: true };
		if (result.code === 'TIMEOUT' || result.code === 'POLICY') return { kind: 'unchecked', reason: result.error };
		return { kind: 'unchecked', reason: `the request failed (${result.code ?? result.error})` };
	}
	const { status } = result;
	if (status === 404 || status === 410)
		return { kind: 'broken', status, reason: status === 404 ? '404 Not Found' : '410 Gone', platformReports: status === 404 && headStatus === 404 };
	// 401/403: the page exists and refuses anonymous readers or robots.
	if (status < 400 || status === 401 || status === 403) return { kind: 'ok', status };
	return { kind: 'unchecked', reason: status >= 500 ? `the server failed (${status})` : `the server answered ${status}` };
}

/** `Retry-After` in seconds or as an HTTP date, in milliseconds (1 s when absent or unreadable). */
export function retryAfterMs(header: string | null, now = Date.now()): number {
	if (header === null) return 1000;
	if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
	const at = Date.parse(header);
	return Number.isNaN(at) ? 1000 : Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason as Error);
		const timer = setTimeout(resolve, ms);
		signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason as Error)), { once: true });
	});
}
