/**
 * Failures the stand-in produces on request, so tests (and curious users) can see how the
 * extension copes. Chosen per request with the header `x-mintdoc-fault: <spec>` or the query
 * parameter `__fault=<spec>`, or queued for the next requests with `POST /__faults`.
 *
 * Specs: `429[:seconds]` rate limited with Retry-After (default 30); `500`, `502`, `503`, `401`,
 * `403`, `404` that status with a JSON error; `slow[:ms]` answer after a delay (default 5000);
 * `drop` close the connection without answering; `truncated` send half the body, then close;
 * `malformed` 200 with broken JSON; `html` 200 with an HTML page; `wrong-shape` 200 with JSON of
 * another shape; `big[:MB]` a feedback page of about that size (default 10); `cursor-loop` the
 * feedback page repeats the cursor it was given.
 */
export type Fault =
	| { readonly kind: 'rateLimit'; readonly retryAfter: number }
	| { readonly kind: 'status'; readonly status: number }
	| { readonly kind: 'slow'; readonly ms: number }
	| { readonly kind: 'drop' | 'truncated' | 'malformed' | 'html' | 'wrong-shape' | 'cursor-loop' }
	| { readonly kind: 'big'; readonly megabytes: number };

export const faultHelp = '429[:s] | 500 | 502 | 503 | 401 | 403 | 404 | slow[:ms] | drop | truncated | malformed | html | wrong-shape | big[:MB] | cursor-loop';

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
	if (['500', '502', '503', '401', '403', '404'].includes(name)) return { kind: 'status', status: Number(name) };
	if (name === 'slow') {
		const ms = number(5000, 600_000);
		return ms === undefined ? undefined : { kind: 'slow', ms };
	}
	if (name === 'big') {
		const megabytes = number(10, 100);
		return megabytes === undefined ? undefined : { kind: 'big', megabytes };
	}
	if (name === 'drop' || name === 'truncated' || name === 'malformed' || name === 'html' || name === 'wrong-shape' || name === 'cursor-loop') return { kind: name };
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
