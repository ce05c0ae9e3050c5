/**
 * Runs one row of the fault matrix through the real client functions (docsApiClient methods,
 * askAssistant) against the stand-in or the raw socket server, and reports what came out. Shared
 * by the process test (stand-in as a child process) and the model test (stand-in in process).
 */
import { askAssistant, createMessage } from '../../client/src/platform/api/assistantClient';
import type { AssistantEvent } from '../../client/src/platform/api/assistantTypes';
import { createDocsApiClient } from '../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../client/src/platform/api/errors';
import { matrixTimeouts, rowBudgetMs, rowLimits, type Row } from './faultMatrix';
import type { RawFaultServer } from './rawFaultServer';

export const matrixKeys = { admin: 'mint_demo_admin_key', assistant: 'mint_dsc_demo_key' } as const;

export interface MatrixServers {
	/** The stand-in's base URL (`http://127.0.0.1:PORT`), with its control endpoints. */
	readonly standIn: string;
	readonly raw: RawFaultServer;
}

export interface RowOutcome {
	/** What the call threw (an ApiError for every row that fails before streaming). */
	readonly error?: unknown;
	/** The assistant's events, in order (also those before a throw). */
	readonly events: readonly AssistantEvent[];
	/** Requests the server received for this row. */
	readonly attempts: number;
	readonly ms: number;
}

// Feedback: the current path and the spec's (the client falls back to it on a 404), both faulted alike.
const familyPaths = {
	updateStatus: ['/v1/project/update-status/'],
	feedback: ['/v1/analytics/', '/api/external/v1/analytics/'],
	assistant: ['/discovery/'],
} as const;

/** The message a user sees for the outcome: the error's, else the last event's. */
export function outcomeMessage(outcome: RowOutcome): string {
	if (outcome.error !== undefined) return outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
	const last = outcome.events.at(-1);
	return last && 'message' in last ? last.message : '';
}

export async function runRow(row: Row, servers: MatrixServers): Promise<RowOutcome> {
	const via = row.via;
	let baseUrl = servers.standIn;
	if ('raw' in via) {
		servers.raw.reset();
		baseUrl = `${servers.raw.url}/raw/${via.raw}`;
	} else {
		await fetch(`${servers.standIn}/__reset`, { method: 'POST' });
		// Queued for every attempt of this row (retries included); cleared by the next reset.
		for (const path of familyPaths[row.family]) {
			const queued = await fetch(`${servers.standIn}/__faults`, { method: 'POST', body: JSON.stringify({ fault: via.standIn, times: 20, path }) });
			if (!queued.ok) throw new Error(`the stand-in refused fault '${via.standIn}': ${await queued.text()}`);
		}
	}
	const limits = rowLimits(row);
	const started = Date.now();
	const events: AssistantEvent[] = [];
	let error: unknown;
	try {
		if (row.family === 'assistant') {
			const controller = new AbortController();
			for await (const event of askAssistant({
				baseUrl,
				domain: 'demo',
				getAssistantKey: () => matrixKeys.assistant,
				fp: 'anonymous',
				messages: [createMessage('user', 'How do I verify webhook signatures?')],
				...limits,
				signal: controller.signal,
			})) {
				events.push(event);
				if (event.type !== 'text') continue;
				if (row.stop) controller.abort();
				// The client has read the partial answer: a held raw connection may break now.
				servers.raw.release();
			}
		} else {
			// A held raw connection breaks once the client has the headers (a later attempt's is held anew).
			const fetchThenRelease: typeof fetch = async (input, init) => {
				const response = await fetch(input, init);
				servers.raw.release();
				return response;
			};
			const client = createDocsApiClient({
				baseUrl,
				getApiKey: () => matrixKeys.admin,
				timeoutMs: limits.timeoutMs,
				retryDelayMs: matrixTimeouts.retryDelayMs,
				...('raw' in via ? { fetch: fetchThenRelease } : {}),
			});
			if (row.family === 'updateStatus') await client.getUpdateStatus('demo-success');
			else await client.listFeedback('demo');
		}
	} catch (e) {
		error = e;
	}
	const ms = Date.now() - started;
	let attempts: number;
	if ('raw' in via) {
		attempts = servers.raw.count(via.raw);
	} else {
		// The stand-in records a request once its answer ended, which for a request the client gave
		// up on is a moment after the client's call returned: wait for it (up to 30 s on a busy machine).
		const deadline = Date.now() + 30_000;
		do {
			const listed = (await (await fetch(`${servers.standIn}/__requests`)).json()) as { requests: { path: string }[] };
			attempts = listed.requests.filter(r => familyPaths[row.family].some(prefix => r.path.startsWith(prefix))).length;
		} while (attempts === 0 && Date.now() < deadline && (await new Promise(resolve => setTimeout(resolve, 20, true))));
	}
	return { error, events, attempts, ms };
}

/** Problems with an outcome, as readable lines (empty when the row holds). */
export function checkOutcome(row: Row, outcome: RowOutcome): string[] {
	const problems: string[] = [];
	const message = outcomeMessage(outcome);
	const expect = row.expect;
	if ('error' in expect) {
		if (!(outcome.error instanceof ApiError))
			problems.push(
				`expected an ApiError of kind ${expect.error}, got ${outcome.error === undefined ? `events ${outcome.events.map(e => e.type).join(',')}` : String(outcome.error)}`,
			);
		else if (outcome.error.kind !== expect.error) problems.push(`kind ${outcome.error.kind}, expected ${expect.error} (${message})`);
	} else {
		if (outcome.error !== undefined) problems.push(`expected events, got a throw: ${String(outcome.error)}`);
		const last = outcome.events.at(-1);
		if ('incomplete' in expect && !(last?.type === 'incomplete' && last.reason === expect.incomplete))
			problems.push(`expected a last incomplete (${expect.incomplete}) event, got ${JSON.stringify(last)}`);
		if ('streamError' in expect && last?.type !== 'error') problems.push(`expected a last error event, got ${JSON.stringify(last)}`);
		if (row.keepsPartial && !outcome.events.some(e => e.type === 'text' && e.text.length > 0)) problems.push('no text arrived before the fault');
	}
	for (const word of row.words) if (!message.toLowerCase().includes(word.toLowerCase())) problems.push(`message lacks '${word}': ${message}`);
	if (outcome.attempts < 1 || outcome.attempts > row.maxAttempts) problems.push(`${outcome.attempts} attempts, expected 1..${row.maxAttempts}`);
	const budget = rowBudgetMs(row);
	if (outcome.ms > budget) problems.push(`took ${outcome.ms} ms, budget ${budget} ms`);
	// Every message the client made (not the answer text, which is the server's content).
	const everything = [message, ...outcome.events.filter(e => e.type !== 'text').map(e => JSON.stringify(e))].join('\n');
	for (const key of Object.values(matrixKeys)) {
		if (everything.includes(key) || /mint_[a-z]/i.test(message)) problems.push(`a key appears in the message: ${message}`);
	}
	return problems;
}
