/**
 * The HTTP fault matrix (issue 11, item 3) as data: every fault × endpoint family (Update Status,
 * Feedback, Assistant) with what the client must report. faultMatrix.test.ts runs each row
 * through the real client against the stand-in (`standIn`: a fault spec of
 * platformApiStandIn/faults.ts) or the raw socket server (`raw`: rawFaultServer.ts, for
 * what HTTP cannot express); faultMatrixModels.test.ts feeds the results to the view models;
 * scripts/fault-matrix-table.mjs writes the table in docs/platform-api.md from it.
 */
import type { IncompleteReason } from '../../client/src/platform/api/assistantTypes';
import type { ApiErrorKind } from '../../client/src/platform/api/errors';

export type Family = 'updateStatus' | 'feedback' | 'assistant';

/** What the raw socket server can do that the stand-in cannot (see rawFaultServer.ts). */
export type RawScenario = 'status-409' | 'status-429-bare' | 'half-body-hang' | 'reset-after-headers' | 'truncated-json' | 'gzip-garbage' | 'endless-body';

/**
 * The client limits the matrix runs with. A row gets the short value only for the limit it tests
 * (`timeoutMs` for a `timeout` error, `idleTimeoutMs` for an `idle` end; see {@link rowLimits}), so
 * those rows end fast. Every other limit is `patientMs`: no timeout can end a row that tests
 * something else (a size cap, a status, a reset), however slow or busy the machine is. The
 * product's own size caps (4 MB, 8 MB) are never changed.
 */
export const matrixTimeouts = { timeoutMs: 1000, idleTimeoutMs: 1000, retryDelayMs: 20, patientMs: 60_000 } as const;

/**
 * How long a row may take beyond the short limit it tests: time for a loaded machine (rows take
 * well under a second there), and still shorter than the Retry-After of 7 s the 429 row must not
 * wait for.
 */
export const matrixSlackMs = 5000;

/** How the client must end: a thrown ApiError of `kind`, or (assistant, once streaming) an event. */
export type Expected = { readonly error: ApiErrorKind } | { readonly incomplete: IncompleteReason } | { readonly streamError: true };

export interface Cell {
	readonly via: { readonly standIn: string } | { readonly raw: RawScenario };
	readonly expect: Expected;
	/** Must appear in the message (case-insensitive): what happened and the next step. */
	readonly words: readonly string[];
	/** Requests the client may make for it (retries are bounded). */
	readonly maxAttempts: number;
	/** The assistant's text streamed before the fault stays in the answer. */
	readonly keepsPartial?: boolean;
	/** The test presses Stop after the first text arrives. */
	readonly stop?: boolean;
	/**
	 * Longest the call may take, in ms, for rows whose server needs long to produce the fault (a
	 * 50 MB body); default: the short limit the row tests plus {@link matrixSlackMs}. Always well
	 * under `matrixTimeouts.patientMs`, so a row that only a patient limit ended fails on time too.
	 */
	readonly budgetMs?: number;
}

export interface Fault {
	readonly id: string;
	/** docs/platform-api.md: what goes wrong. */
	readonly symptom: string;
	/** docs/platform-api.md: what to do. */
	readonly todo: string;
	/** Views (Update Status and Feedback share the HTTP client) and the chat panel. */
	readonly views?: Cell;
	readonly viewsByFamily?: { readonly updateStatus: Cell; readonly feedback: Cell };
	readonly assistant?: Cell;
}

export interface Row extends Cell {
	/** `<fault id>/<family>` */
	readonly id: string;
	readonly fault: Fault;
	readonly family: Family;
	/** Loaded rows (views) and typed text (chat) must remain: always true, checked for every row. */
	readonly keepsLoaded: true;
}

const retries = 3; // the first try plus the client's two retries of idempotent GETs
const setAdmin = 'Set Admin API Key';
const setAssistant = 'Set Assistant Key';

export const faults: readonly Fault[] = [
	{
		id: 'http-400',
		symptom: 'HTTP 400 Bad Request',
		todo: 'Check the filters, dates and ids sent; fix them and refresh.',
		views: { via: { standIn: '400' }, expect: { error: 'badRequest' }, words: ['HTTP 400', 'Check the filters and ids'], maxAttempts: 1 },
		assistant: { via: { standIn: '400' }, expect: { error: 'badRequest' }, words: ['HTTP 400', 'Check the filters and ids'], maxAttempts: 1 },
	},
	{
		id: 'http-401',
		symptom: 'HTTP 401 Unauthorized',
		todo: 'Run the named command and paste the right key.',
		views: { via: { standIn: '401' }, expect: { error: 'auth' }, words: ['HTTP 401', setAdmin], maxAttempts: 1 },
		assistant: { via: { standIn: '401' }, expect: { error: 'auth' }, words: ['HTTP 401', setAssistant], maxAttempts: 1 },
	},
	{
		id: 'http-403',
		symptom: 'HTTP 403 Forbidden',
		todo: 'Views need an admin key (mint_…), the chat the assistant key (mint_dsc_…) of this domain.',
		views: { via: { standIn: '403' }, expect: { error: 'forbidden' }, words: ['HTTP 403', 'admin API key', setAdmin], maxAttempts: 1 },
		assistant: { via: { standIn: '403' }, expect: { error: 'forbidden' }, words: ['HTTP 403', setAssistant], maxAttempts: 1 },
	},
	{
		id: 'http-404',
		symptom: 'HTTP 404 Not Found',
		todo: 'Fix the id or setting the message names.',
		viewsByFamily: {
			updateStatus: { via: { standIn: '404' }, expect: { error: 'notFound' }, words: ['HTTP 404', 'check the id'], maxAttempts: 1 },
			// Two: the current path, then the spec's once before calling the project unknown.
			feedback: { via: { standIn: '404' }, expect: { error: 'notFound' }, words: ['HTTP 404', 'mintdoc.projectId'], maxAttempts: 2 },
		},
		// Two: `auto` asks v2, then the spec's v1 once before calling the domain unknown.
		assistant: { via: { standIn: '404' }, expect: { error: 'notFound' }, words: ['HTTP 404', 'mintdoc.assistant.domain'], maxAttempts: 2 },
	},
	{
		id: 'http-409',
		symptom: 'HTTP 409 Conflict',
		todo: 'Refresh (or Retry); the resource changed on the server meanwhile.',
		views: { via: { raw: 'status-409' }, expect: { error: 'badRequest' }, words: ['HTTP 409', 'conflict', 'try again'], maxAttempts: 1 },
		assistant: { via: { raw: 'status-409' }, expect: { error: 'badRequest' }, words: ['HTTP 409', 'conflict', 'try again'], maxAttempts: 1 },
	},
	{
		id: 'http-429-retry-after',
		symptom: 'HTTP 429 with Retry-After: 7',
		todo: 'Wait the seconds shown; nothing is retried automatically.',
		views: { via: { standIn: '429:7' }, expect: { error: 'rateLimited' }, words: ['Rate limit', 'try again in 7 s'], maxAttempts: 1 },
		assistant: { via: { standIn: '429:7' }, expect: { error: 'rateLimited' }, words: ['rate limit', 'try again in 7 s'], maxAttempts: 1 },
	},
	{
		id: 'http-429',
		symptom: 'HTTP 429 without Retry-After',
		todo: 'Wait a few minutes (the analytics API allows about 100 requests per hour).',
		views: { via: { raw: 'status-429-bare' }, expect: { error: 'rateLimited' }, words: ['Rate limit', 'try again in a few minutes'], maxAttempts: 1 },
		assistant: { via: { raw: 'status-429-bare' }, expect: { error: 'rateLimited' }, words: ['rate limit', 'try again in a few minutes'], maxAttempts: 1 },
	},
	...[500, 502, 503].map((status): Fault => ({
		id: `http-${status}`,
		symptom: `HTTP ${status}`,
		todo: 'Server trouble: refresh (or Retry) later.',
		views: {
			via: { standIn: String(status) },
			expect: { error: 'server' },
			words: [`HTTP ${status}`, `after ${retries} attempts`, 'Try again later'],
			maxAttempts: retries,
		},
		assistant: { via: { standIn: String(status) }, expect: { error: 'server' }, words: [`HTTP ${status}`, 'Try again (Retry)'], maxAttempts: 1 },
	})),
	// The stand-in holds its answer for 10 minutes: only the client's timeout can end these rows.
	{
		id: 'timeout-headers',
		symptom: 'No response headers in time',
		todo: 'Refresh (or Retry); check mintdoc.api.baseUrl if it keeps happening.',
		views: { via: { standIn: 'slow:600000' }, expect: { error: 'timeout' }, words: ['No answer from', 'within 1 s', 'Try again'], maxAttempts: 1 },
		assistant: {
			via: { standIn: 'slow:600000' },
			expect: { error: 'timeout' },
			words: ['No answer from the assistant', 'within 1 s', 'Try again (Retry)'],
			maxAttempts: 1,
		},
	},
	{
		id: 'timeout-body',
		symptom: 'Headers, half the body, then silence',
		todo: 'Refresh (or Retry); what arrived of an answer is kept.',
		views: { via: { raw: 'half-body-hang' }, expect: { error: 'timeout' }, words: ['No answer from', 'within 1 s', 'Try again'], maxAttempts: 1 },
		assistant: { via: { raw: 'half-body-hang' }, expect: { incomplete: 'idle' }, words: ['Nothing arrived for 1 s'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'reset-before-answer',
		symptom: 'Connection closed before any answer',
		todo: 'Check the connection, proxy and mintdoc.api.baseUrl; refresh.',
		views: { via: { standIn: 'drop' }, expect: { error: 'network' }, words: [`after ${retries} attempts`, 'Check your connection'], maxAttempts: retries },
		assistant: { via: { standIn: 'drop' }, expect: { error: 'network' }, words: ['Could not reach the assistant', 'Check your connection'], maxAttempts: 1 },
	},
	{
		id: 'reset-mid-body',
		symptom: 'Connection reset after the headers',
		todo: 'Refresh (or Retry); a cut answer keeps its text.',
		views: {
			via: { raw: 'reset-after-headers' },
			expect: { error: 'network' },
			words: ['connection', `after ${retries} attempts`, 'try again'],
			maxAttempts: retries,
		},
		assistant: { via: { raw: 'reset-after-headers' }, expect: { incomplete: 'cut' }, words: ['connection broke'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'truncated-json',
		symptom: 'A complete response whose JSON (or last stream line) stops early',
		todo: 'Refresh later; check mintdoc.api.baseUrl (a proxy may cut responses).',
		views: { via: { raw: 'truncated-json' }, expect: { error: 'badResponse' }, words: ['not JSON', 'try again later'], maxAttempts: 1 },
		assistant: { via: { raw: 'truncated-json' }, expect: { incomplete: 'cut' }, words: ['stopped before it was finished'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'html-200',
		symptom: 'HTTP 200 with an HTML page (wrong content type)',
		todo: 'Check mintdoc.api.baseUrl: a proxy or login page answered.',
		views: { via: { standIn: 'html' }, expect: { error: 'badResponse' }, words: ['not JSON (text/html', 'mintdoc.api.baseUrl'], maxAttempts: 1 },
		assistant: { via: { standIn: 'html' }, expect: { error: 'badResponse' }, words: ['HTML page', 'mintdoc.api.baseUrl'], maxAttempts: 1 },
	},
	{
		id: 'gzip-garbage',
		symptom: 'Content-Encoding: gzip on bytes that are not gzip',
		todo: 'Check mintdoc.api.baseUrl and any proxy in between; refresh later.',
		views: {
			via: { raw: 'gzip-garbage' },
			expect: { error: 'badResponse' },
			words: ['could not be decompressed', 'gzip', 'mintdoc.api.baseUrl'],
			maxAttempts: 1,
		},
		assistant: { via: { raw: 'gzip-garbage' }, expect: { incomplete: 'cut' }, words: ['could not be decompressed', 'gzip'], maxAttempts: 1 },
	},
	{
		id: 'stream-no-finish',
		symptom: 'The answer stream ends without its finish part',
		todo: 'Retry; the text so far stays.',
		assistant: { via: { standIn: 'stream-cut' }, expect: { incomplete: 'cut' }, words: ['stopped before it was finished'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'stream-error-part',
		symptom: 'The answer stream sends an error part',
		todo: 'Retry; the text so far stays.',
		assistant: { via: { standIn: 'stream-error' }, expect: { streamError: true }, words: ['An error occurred'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'stream-endless-idle',
		symptom: 'The answer stream never ends (silence)',
		todo: 'Wait for the idle timeout (mintdoc.assistant.idleTimeoutSeconds) or press Stop; Retry.',
		assistant: { via: { standIn: 'stream-hang' }, expect: { incomplete: 'idle' }, words: ['Nothing arrived for 1 s'], maxAttempts: 1, keepsPartial: true },
	},
	{
		id: 'stream-endless-stop',
		symptom: 'The answer stream never ends; the user presses Stop',
		todo: 'Retry when you want the rest.',
		assistant: { via: { standIn: 'stream-hang' }, expect: { incomplete: 'stopped' }, words: ['Stopped'], maxAttempts: 1, keepsPartial: true, stop: true },
	},
	{
		id: 'endless-body',
		symptom: 'A body that never ends (data keeps coming)',
		todo: 'Check mintdoc.api.baseUrl; narrow the filters or the question.',
		views: { via: { raw: 'endless-body' }, expect: { error: 'badResponse' }, words: ['larger than 4 MB', 'stopped reading'], maxAttempts: 1, budgetMs: 10_000 },
		assistant: {
			via: { raw: 'endless-body' },
			expect: { incomplete: 'tooLarge' },
			words: ['larger than 8 MB', 'stopped reading'],
			maxAttempts: 1,
			keepsPartial: true,
			budgetMs: 10_000,
		},
	},
	{
		id: 'body-50mb',
		symptom: 'A 50 MB body',
		todo: 'Narrow the filters (or the question).',
		views: { via: { standIn: 'big:50' }, expect: { error: 'badResponse' }, words: ['larger than 4 MB', 'stopped reading'], maxAttempts: 1, budgetMs: 15_000 },
		assistant: {
			via: { standIn: 'stream-big:50' },
			expect: { incomplete: 'tooLarge' },
			words: ['larger than 8 MB', 'stopped reading'],
			maxAttempts: 1,
			keepsPartial: true,
			budgetMs: 30_000,
		},
	},
];

/** Every fault × family that applies, in table order. */
export const matrixRows: readonly Row[] = faults.flatMap(fault => {
	const cells: [Family, Cell | undefined][] = [
		['updateStatus', fault.viewsByFamily?.updateStatus ?? fault.views],
		['feedback', fault.viewsByFamily?.feedback ?? fault.views],
		['assistant', fault.assistant],
	];
	return cells.flatMap(([family, cell]) => (cell ? [{ ...cell, id: `${fault.id}/${family}`, fault, family, keepsLoaded: true as const }] : []));
});

/** The client limits of a row: short for the one it tests, patient for the others (see {@link matrixTimeouts}). */
export function rowLimits(row: Cell): { timeoutMs: number; idleTimeoutMs: number } {
	const expect = row.expect;
	const testsTimeout = 'error' in expect && expect.error === 'timeout';
	const testsIdle = 'incomplete' in expect && expect.incomplete === 'idle';
	return {
		timeoutMs: testsTimeout ? matrixTimeouts.timeoutMs : matrixTimeouts.patientMs,
		idleTimeoutMs: testsIdle ? matrixTimeouts.idleTimeoutMs : matrixTimeouts.patientMs,
	};
}

/** Longest a row may take (see {@link Cell.budgetMs}). */
export function rowBudgetMs(row: Cell): number {
	if (row.budgetMs !== undefined) return row.budgetMs;
	const limits = rowLimits(row);
	const tested = [limits.timeoutMs, limits.idleTimeoutMs].filter(ms => ms < matrixTimeouts.patientMs);
	return Math.max(0, ...tested) + matrixSlackMs;
}

export const familyLabels: Record<Family, string> = { updateStatus: 'Update Status view', feedback: 'Feedback view', assistant: 'Assistant chat' };
