import { ApiError } from './errors';
import { redact } from '../../redaction';
import { requestJson, type HttpOptions } from './http';
import { parseFeedbackByPage, parseFeedbackPage, parseUpdateStatus, ShapeError } from './parse';
import type { FeedbackByPage, FeedbackFilters, FeedbackPage, UpdateStatus } from './types';

export interface DocsApiClientOptions extends HttpOptions {
	/**
	 * Which feedback path answered per base URL and project (shared by the clients the host
	 * creates): once the current path answered 404 and the spec's did not, the spec's is used.
	 */
	readonly pathMemory?: Map<string, 'current' | 'spec'>;
	/** Told once when the feedback list falls back to the spec's path (for the output channel). */
	readonly onFallback?: (message: string) => void;
}

/** The feedback list's paths: the platform's current one (since 2026-02) and the spec's. */
export const feedbackPaths = {
	current: (projectId: string) => `/v1/analytics/${encodeURIComponent(projectId)}/feedback`,
	spec: (projectId: string) => `/api/external/v1/analytics/${encodeURIComponent(projectId)}/feedback`,
} as const;

/**
 * The platform's HTTP API (shared/spec/platform-spec.md, Endpoints). Every call takes an
 * AbortSignal; failures are {@link ApiError}s whose message names the next step.
 */
export interface DocsApiClient {
	readonly baseUrl: string;
	/** `GET /v1/project/update-status/{statusId}` (admin key). */
	getUpdateStatus(statusId: string, signal?: AbortSignal): Promise<UpdateStatus>;
	/**
	 * `GET /v1/analytics/{projectId}/feedback`, one page (admin key; rate-limited, never poll it).
	 * On a 404 it asks the spec's `/api/external/v1/...` once; when that answers, it is used from then on.
	 */
	listFeedback(projectId: string, filters?: FeedbackFilters, cursor?: string, signal?: AbortSignal): Promise<FeedbackPage>;
	/**
	 * Every page of the feedback list, following `nextCursor` while `hasMore`. Stops with a
	 * `badResponse` error when the server repeats a cursor (a loop) or says `hasMore` without one.
	 */
	feedbackPages(
		projectId: string,
		filters?: FeedbackFilters,
		signal?: AbortSignal,
		options?: { readonly cursor?: string; readonly maxPages?: number },
	): AsyncGenerator<FeedbackPage, void, undefined>;
	/** `GET /v1/analytics/{projectId}/feedback/by-page`: counts per page, most feedback first (no spec fallback: the spec had none). */
	feedbackByPage(projectId: string, filters?: FeedbackFilters, limit?: number, signal?: AbortSignal): Promise<FeedbackByPage>;
	/** `POST /v1/project/update/{projectId}`: deploys the configured branch; resolves with the status id to follow. */
	triggerUpdate(projectId: string, signal?: AbortSignal): Promise<{ statusId: string }>;
	/** `POST /v1/project/preview/{projectId}` `{branch}`: (re)deploys a preview of the branch. */
	createPreview(projectId: string, branch: string, signal?: AbortSignal): Promise<{ statusId: string; previewUrl?: string }>;
	/**
	 * `POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger`: runs a scheduled automation now.
	 * Resolves with the run's ids; a 400 (malformed id, inactive, not custom-scheduled) or 404 says why.
	 */
	triggerWorkflow(projectId: string, workflowId: string, signal?: AbortSignal): Promise<WorkflowRun>;
}

/** What the workflow trigger answers (202). */
export interface WorkflowRun {
	readonly schemaId: string;
	/** The queued run, as the dashboard's run history lists it. */
	readonly instanceId?: string;
	readonly jobId?: string;
}

/** Longest id accepted before sending: real ids are short; a 10 KB one is a paste accident. */
export const maxIdLength = 256;
const datePattern = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function createDocsApiClient(options: DocsApiClientOptions): DocsApiClient {
	const client: DocsApiClient = {
		baseUrl: options.baseUrl,

		async getUpdateStatus(statusId, signal) {
			const id = checkId('update status id', statusId);
			const body = await requestJson(options, {
				method: 'GET',
				path: `/v1/project/update-status/${encodeURIComponent(id)}`,
				signal,
				notFound: `unknown update status id '${display(id)}': check the id returned when the update was triggered`,
			});
			return shaped(() => parseUpdateStatus(body, id));
		},

		async listFeedback(projectId, filters = {}, cursor, signal) {
			const id = checkId('project id', projectId);
			const query = feedbackQuery(filters, cursor);
			const memoryKey = `${options.baseUrl} ${id}`;
			const known = options.pathMemory?.get(memoryKey) ?? 'current';
			const ask = (which: 'current' | 'spec') =>
				requestJson(options, { method: 'GET', path: feedbackPaths[which](id), signal, query, notFound: unknownProject(id) });
			let body: unknown;
			try {
				body = await ask(known);
			} catch (e) {
				if (!(known === 'current' && e instanceof ApiError && e.kind === 'notFound')) throw e;
				// A platform (or stand-in) without the current path: the spec's, once.
				body = await ask('spec');
				options.pathMemory?.set(memoryKey, 'spec');
				options.onFallback?.(
					`Feedback: ${feedbackPaths.current(id)} answered 404; the spec's ${feedbackPaths.spec(id)} answered, so MintDoc uses it for this project from now on in this session.`,
				);
			}
			return shaped(() => parseFeedbackPage(body));
		},

		async feedbackByPage(projectId, filters = {}, limit = 100, signal) {
			const id = checkId('project id', projectId);
			const { dateFrom, dateTo, source, status } = feedbackQuery(filters);
			const body = await requestJson(options, {
				method: 'GET',
				path: `${feedbackPaths.current(id)}/by-page`,
				signal,
				query: { dateFrom, dateTo, source, status, limit: String(limit) },
				notFound: unknownProject(id),
			});
			return shaped(() => parseFeedbackByPage(body));
		},

		async triggerUpdate(projectId, signal) {
			const id = checkId('project id', projectId);
			const body = await requestJson(options, { method: 'POST', path: `/v1/project/update/${encodeURIComponent(id)}`, signal, notFound: unknownProject(id) });
			return shaped(() => ({ statusId: statusIdOf(body) }));
		},

		async createPreview(projectId, branch, signal) {
			const id = checkId('project id', projectId);
			const name = checkId('branch name', branch);
			const body = await requestJson(options, {
				method: 'POST',
				path: `/v1/project/preview/${encodeURIComponent(id)}`,
				body: { branch: name },
				signal,
				notFound: unknownProject(id),
			});
			return shaped(() => {
				const previewUrl = (body as { previewUrl?: unknown }).previewUrl;
				return { statusId: statusIdOf(body), ...(typeof previewUrl === 'string' && previewUrl ? { previewUrl } : {}) };
			});
		},

		async triggerWorkflow(projectId, workflowId, signal) {
			const id = checkId('project id', projectId);
			const workflow = checkId('automation id', workflowId);
			const body = await requestJson(options, {
				method: 'POST',
				path: `/v1/workflow/${encodeURIComponent(id)}/${encodeURIComponent(workflow)}/trigger`,
				signal,
				notFound: `no automation '${display(workflow)}' in project '${display(id)}': copy its id from the automation's settings on the Automations page of the dashboard`,
			});
			return shaped(() => {
				const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
				const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);
				if (!text(b.instanceId) && !text(b.jobId) && !text(b.schemaId)) throw new ShapeError('expected { schemaId, instanceId, jobId } naming the queued run');
				return {
					schemaId: text(b.schemaId) ?? workflow,
					...(text(b.instanceId) ? { instanceId: text(b.instanceId) } : {}),
					...(text(b.jobId) ? { jobId: text(b.jobId) } : {}),
				};
			});
		},

		async *feedbackPages(projectId, filters = {}, signal, { cursor, maxPages = 10_000 } = {}) {
			const seen = new Set<string>(cursor ? [cursor] : []);
			let next = cursor;
			for (let pages = 1; pages <= maxPages; pages++) {
				const page = await client.listFeedback(projectId, filters, next, signal);
				yield page;
				if (!page.hasMore) return;
				if (page.nextCursor === null) throw loopError(`the server said there are more results but sent no cursor (page ${pages})`);
				if (seen.has(page.nextCursor)) throw loopError(`the server sent the same cursor twice (page ${pages})`);
				seen.add(page.nextCursor);
				next = page.nextCursor;
			}
		},
	};
	return client;
}

/**
 * The query string of a feedback request, validated before sending so a typo in a date gets a
 * clear message instead of a rate-limited round trip.
 */
export function feedbackQuery(filters: FeedbackFilters, cursor?: string): Record<string, string | undefined> {
	for (const [name, value] of [
		['dateFrom', filters.dateFrom],
		['dateTo', filters.dateTo],
	] as const) {
		if (value !== undefined && (!datePattern.test(value) || Number.isNaN(Date.parse(value)))) {
			throw new ApiError(`${name} must be a date like 2024-01-31 or an ISO 8601 date-time, not '${display(value)}'.`, { kind: 'badRequest' });
		}
	}
	// dateTo is exclusive (platform docs since 2026-02): equal bounds select nothing.
	if (filters.dateFrom && filters.dateTo && Date.parse(filters.dateFrom) >= Date.parse(filters.dateTo)) {
		throw new ApiError(`dateFrom (${filters.dateFrom}) must be before dateTo (${filters.dateTo}); dateTo itself is excluded.`, { kind: 'badRequest' });
	}
	const limit = filters.limit;
	if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > 100)) {
		throw new ApiError(`The page size must be a whole number from 1 to 100, not ${limit}.`, { kind: 'badRequest' });
	}
	const statuses = filters.statuses?.filter(s => s.trim() !== '');
	return {
		dateFrom: filters.dateFrom,
		dateTo: filters.dateTo,
		source: filters.source || undefined,
		status: statuses?.length ? statuses.join(',') : undefined,
		limit: limit === undefined ? undefined : String(limit),
		cursor: cursor || undefined,
	};
}

/** The id trimmed, or a `badRequest` error for an empty, over-long or control-character id. */
export function checkId(what: string, id: string): string {
	const trimmed = typeof id === 'string' ? id.trim() : '';
	if (!trimmed) throw new ApiError(`The ${what} is empty.`, { kind: 'badRequest' });
	if (trimmed.length > maxIdLength)
		throw new ApiError(`The ${what} is ${trimmed.length} characters long; ids have at most ${maxIdLength}. Check what was pasted.`, { kind: 'badRequest' });
	if (/[\u0000-\u001f\u007f]/.test(trimmed)) throw new ApiError(`The ${what} contains control characters.`, { kind: 'badRequest' });
	return trimmed;
}

function unknownProject(id: string): string {
	return `unknown project id '${display(id)}': copy it from the API keys page of the dashboard into the setting mintdoc.projectId`;
}

function statusIdOf(body: unknown): string {
	const statusId = body && typeof body === 'object' ? (body as { statusId?: unknown }).statusId : undefined;
	if (typeof statusId !== 'string' || !statusId.trim()) throw new ShapeError('expected { statusId } naming the update to follow');
	return statusId;
}

function shaped<T>(parse: () => T): T {
	try {
		return parse();
	} catch (e) {
		if (e instanceof ShapeError)
			throw new ApiError(`Unexpected response: ${e.message}. Check mintdoc.api.baseUrl; try again later.`, { kind: 'badResponse', status: 200 });
		throw e;
	}
}

function loopError(detail: string): ApiError {
	return new ApiError(`Pagination stopped: ${detail}. What was loaded is kept; refresh to start over.`, { kind: 'badResponse', status: 200 });
}

/** An id for a message: redacted (a key pasted by mistake stays hidden) and short. */
function display(id: string): string {
	const safe = redact(id);
	return safe.length > 60 ? `${safe.slice(0, 57)}...` : safe;
}
