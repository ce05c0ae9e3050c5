import type { PlaygroundRequest, PlaygroundResponse } from '../../preview/playgroundTypes';

/** Limits of a playground Send. */
export interface PlaygroundFetchOptions {
	/** Default 30 s. */
	readonly timeoutMs?: number;
	/** Bytes of the body kept; the rest is dropped and the response marked `truncated`. Default 2 MB. */
	readonly maxBodyBytes?: number;
	/** When set, only URLs whose origin (`https://api.example.com`) is listed may be requested. */
	readonly allowedOrigins?: readonly string[];
	/** Cancels the request (the host's cancellation token). */
	readonly signal?: AbortSignal;
}

const defaultTimeoutMs = 30_000;
const defaultMaxBodyBytes = 2 * 1024 * 1024;

/**
 * Sends the playground's request from the host (never from the page) with Node's fetch: http(s)
 * only, bounded in time and size, redirects not followed (the page shows them). Never throws:
 * failures come back as `error` with status 0.
 */
export async function sendPlaygroundRequest(request: PlaygroundRequest, options: PlaygroundFetchOptions = {}): Promise<PlaygroundResponse> {
	const started = performance.now();
	const failed = (error: string): PlaygroundResponse => ({
		status: 0,
		statusText: '',
		headers: [],
		body: '',
		timeMs: Math.round(performance.now() - started),
		error,
	});
	let url: URL;
	try {
		url = new URL(request.url);
	} catch {
		return failed(`Not a valid URL: ${request.url}`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') return failed(`Only http and https URLs can be requested (got ${url.protocol}).`);
	if (options.allowedOrigins && !options.allowedOrigins.includes(url.origin))
		return failed(`${url.origin} is not one of the servers this page may send requests to.`);
	const method = request.method.toUpperCase();
	if (!/^[A-Z]+$/.test(method)) return failed(`Invalid method ${request.method}.`);
	const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
	const controller = new AbortController();
	let timedOut = false;
	const timer = setTimeout(() => {
		timedOut = true;
		controller.abort();
	}, timeoutMs);
	const onAbort = () => controller.abort();
	options.signal?.addEventListener('abort', onAbort);
	if (options.signal?.aborted) controller.abort();
	try {
		const headers = new Headers();
		for (const [name, value] of request.headers) headers.append(name, value);
		const response = await fetch(url, {
			method,
			headers,
			redirect: 'manual',
			signal: controller.signal,
			body: request.body !== undefined && method !== 'GET' && method !== 'HEAD' ? request.body : undefined,
		});
		const { text, truncated } = await readBody(response, options.maxBodyBytes ?? defaultMaxBodyBytes);
		const responseHeaders: [string, string][] = [];
		response.headers.forEach((value, name) => responseHeaders.push([name, value]));
		return {
			status: response.status,
			statusText: response.statusText,
			headers: responseHeaders,
			body: text,
			...(truncated ? { truncated } : {}),
			timeMs: Math.round(performance.now() - started),
		};
	} catch (error) {
		if (timedOut) return failed(`No response within ${timeoutMs} ms.`);
		if (options.signal?.aborted) return failed('The request was cancelled.');
		return failed(describe(error));
	} finally {
		clearTimeout(timer);
		options.signal?.removeEventListener('abort', onAbort);
	}
}

/** Reads at most `max` bytes, then cancels the stream (a huge or endless body cannot fill memory). */
async function readBody(response: Response, max: number): Promise<{ text: string; truncated: boolean }> {
	if (!response.body) return { text: '', truncated: false };
	const reader = response.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	let truncated = false;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		if (size + value.byteLength > max) {
			chunks.push(value.subarray(0, max - size));
			size = max;
			truncated = true;
			await reader.cancel().catch(() => undefined);
			break;
		}
		chunks.push(value);
		size += value.byteLength;
	}
	const bytes = new Uint8Array(size);
	let offset = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, offset);
		offset += chunk.byteLength;
	}
	// `fatal: false`: a cut inside a multi-byte character becomes U+FFFD rather than an error.
	return { text: new TextDecoder('utf-8', { fatal: false }).decode(bytes), truncated };
}

/** Node's fetch reports "fetch failed" with the real reason in `cause` (ECONNREFUSED, ENOTFOUND …). */
function describe(error: unknown): string {
	const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
	if (cause?.code) return `${cause.code}: ${cause.message ?? 'request failed'}`;
	return error instanceof Error ? error.message : String(error);
}
