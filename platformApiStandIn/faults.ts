/**
 * Failures the stand-in produces on request, so tests (and curious users) can see how the
 * extension copes. Chosen per request with the header `x-mintdoc-fault: <spec>` or the query
 * parameter `__fault=<spec>`, or queued for the next requests with `POST /__faults`.
 *
 * Specs: `429[:seconds]` rate limited with Retry-After (default 30); `400`, `500`, `502`, `503`,
 * `401`, `403`, `404` that status with a JSON error; `slow[:ms]` answer after a delay (default 5000);
 * `drop` close the connection without answering; `truncated` send half the body, then close;
 * `malformed` 200 with broken JSON; `html` 200 with an HTML page; `wrong-shape` 200 with JSON of
 * another shape; `big[:MB]` a feedback page of about that size (default 10); `cursor-loop` the
 * feedback page repeats the cursor it was given.
 *
 * The assistant's streamed answer has its own: `stream-cut` the stream ends mid-answer without
 * its `d:` finish; `stream-error` a `3:` error part mid-answer, then the end; `stream-slow[:ms]` a
 * pause before every part (default 200); `stream-hang` half the answer, then nothing until the
 * client leaves; `stream-garbage` unknown codes, broken JSON, a line without separator, an SSE
 * line, CRLF, blank lines and invalid UTF-8 mixed into a normal answer; `stream-big[:MB]` an
 * answer of about that size (default 5); `stream-tiny[:n]` an answer of n one-character text
 * parts (default 10000). On the assistant, `truncated` drops the connection mid-stream,
 * `malformed` means `stream-garbage` and `html` sends an HTML page.
 */
export type Fault =
	| { readonly kind: 'rateLimit'; readonly retryAfter: number }
	| { readonly kind: 'status'; readonly status: number }
	| { readonly kind: 'slow'; readonly ms: number }
	| { readonly kind: 'drop' | 'truncated' | 'malformed' | 'html' | 'wrong-shape' | 'cursor-loop' }
	| { readonly kind: 'big'; readonly megabytes: number }
	| { readonly kind: 'stream-cut' | 'stream-error' | 'stream-hang' | 'stream-garbage' }
	| { readonly kind: 'stream-slow'; readonly ms: number }
	| { readonly kind: 'stream-big'; readonly megabytes: number }
	| { readonly kind: 'stream-tiny'; readonly parts: number };

export const faultHelp =
	'429[:s] | 400 | 500 | 502 | 503 | 401 | 403 | 404 | slow[:ms] | drop | truncated | malformed | html | wrong-shape | big[:MB] | cursor-loop' +
	' | stream-cut | stream-error | stream-slow[:ms] | stream-hang | stream-garbage | stream-big[:MB] | stream-tiny[:n]';

/** The fault a spec names, or undefined when the spec is not one. */
export function parseFault(spec: string): Fault | undefined {
	const [name, arg] = spec.trim().toLowerCase().split(':', 2);
	const number = (fallback: number, max: number) => {
		if (arg === undefined || arg === '') return fallback;
		const n = Number(arg);
		return Number.isFinite(n) && n >= 0 && n <= max ? n : undefined;
	};
	if (name === '429') {
		const retryAfter = number(30, 86_400);
		return retryAfter === undefined ? undefined : { kind: 'rateLimit', retryAfter: Math.round(retryAfter) };
	}
	if (['400', '500', '502', '503', '401', '403', '404'].includes(name)) return { kind: 'status', status: Number(name) };
	if (name === 'slow') {
		const ms = number(5000, 600_000);
		return ms === undefined ? undefined : { kind: 'slow', ms };
	}
	if (name === 'big') {
		const megabytes = number(10, 100);
		return megabytes === undefined ? undefined : { kind: 'big', megabytes };
	}
	if (name === 'stream-slow') {
		const ms = number(200, 60_000);
		return ms === undefined ? undefined : { kind: 'stream-slow', ms };
	}
	if (name === 'stream-big') {
		const megabytes = number(5, 100);
		return megabytes === undefined || megabytes <= 0 ? undefined : { kind: 'stream-big', megabytes };
	}
	if (name === 'stream-tiny') {
		const parts = number(10_000, 1_000_000);
		return parts === undefined || parts < 1 ? undefined : { kind: 'stream-tiny', parts: Math.round(parts) };
	}
	if (name === 'stream-cut' || name === 'stream-error' || name === 'stream-hang' || name === 'stream-garbage') return { kind: name };
	if (name === 'drop' || name === 'truncated' || name === 'malformed' || name === 'html' || name === 'wrong-shape' || name === 'cursor-loop')
		return { kind: name };
	return undefined;
}

interface Queued {
	readonly spec: string;
	readonly fault: Fault;
	remaining: number;
	/** Applies only to request paths starting with this. */
	readonly pathPrefix: string;
}

/** Faults queued by `POST /__faults`, each for its next `times` matching requests. */
export class FaultQueue {
	#queue: Queued[] = [];

	add(spec: string, times: number, pathPrefix = '/'): Fault {
		const fault = parseFault(spec);
		if (!fault) throw new Error(`unknown fault '${spec}'; one of ${faultHelp}`);
		if (!Number.isInteger(times) || times < 1 || times > 10_000) throw new Error('times must be a whole number from 1 to 10000');
		this.#queue.push({ spec, fault, remaining: times, pathPrefix });
		return fault;
	}

	/** The first queued fault for `pathname`, used up by one. */
	take(pathname: string): { spec: string; fault: Fault } | undefined {
		const found = this.#queue.find(q => pathname.startsWith(q.pathPrefix));
		if (!found) return undefined;
		found.remaining--;
		if (found.remaining <= 0) this.#queue = this.#queue.filter(q => q !== found);
		return { spec: found.spec, fault: found.fault };
	}

	list(): { spec: string; remaining: number; path: string }[] {
		return this.#queue.map(q => ({ spec: q.spec, remaining: q.remaining, path: q.pathPrefix }));
	}

	clear(): void {
		this.#queue = [];
	}
}
