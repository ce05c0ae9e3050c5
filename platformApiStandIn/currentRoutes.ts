import { retrieve, searchResultItems, type RetrievalFilter } from './assistantAnswer';
import type { AssistantDocs, DocSection } from './assistantDocs';
import type { StandInFeedback } from './feedbackData';
import { feedbackByPage, feedbackPage, parseByPageQuery, parseFeedbackQuery } from './feedbackRoute';
import { errorReply, readBody, type Reply, type Router } from './router';
import type { UpdateStatusStore } from './updateStatusData';
import { triggerWorkflow, type StandInWorkflow } from './workflows';
import { appendAll } from '../server/src/core/arrays';

/**
 * The endpoints of the platform's current API reference (2026-08) that the spec did not have or
 * had elsewhere: feedback at `/v1/analytics/...` (+ by page), docs search, page content, update
 * trigger and preview deployments. The stand-in serves them unless started with
 * `--spec-paths-only` (how the clients' fallbacks to the spec's paths are tested).
 */
export interface CurrentRoutesConfig {
	readonly projectId: string;
	readonly assistantDomain: string;
	readonly feedback: readonly StandInFeedback[];
	readonly updateStatuses: UpdateStatusStore;
	readonly docs: () => AssistantDocs;
	readonly workflows: readonly StandInWorkflow[];
}

export const currentPaths = {
	feedback: '/v1/analytics/:projectId/feedback',
	feedbackByPage: '/v1/analytics/:projectId/feedback/by-page',
	search: '/discovery/v1/search/:domain',
	page: '/discovery/v1/page/:domain',
	update: '/v1/project/update/:projectId',
	preview: '/v1/project/preview/:projectId',
	workflowTrigger: '/v1/workflow/:projectId/:workflowSchemaId/trigger',
} as const;

export function registerCurrentRoutes(router: Router, config: CurrentRoutesConfig): void {
	const unknownProject = (id: string) => errorReply(404, 'not_found', `No project with id '${id.slice(0, 80)}'`);
	const unknownDomain = (domain: string) => errorReply(404, 'not_found', `No docs site with domain '${domain.slice(0, 80)}'`);

	router.add('GET', currentPaths.feedback, ({ params, url }) => {
		if (params.projectId !== config.projectId) return unknownProject(params.projectId);
		const query = parseFeedbackQuery(url.searchParams);
		return 'status' in query ? query : { status: 200, body: feedbackPage(config.feedback, query) };
	});
	router.add('GET', currentPaths.feedbackByPage, ({ params, url }) => {
		if (params.projectId !== config.projectId) return unknownProject(params.projectId);
		const query = parseByPageQuery(url.searchParams);
		return 'status' in query ? query : { status: 200, body: feedbackByPage(config.feedback, query) };
	});
	router.add(
		'POST',
		currentPaths.search,
		async ({ params, req }) => {
			if (params.domain !== config.assistantDomain) return unknownDomain(params.domain);
			const body = await jsonBody(req);
			if ('status' in body) return body;
			const request = parseSearch(body.value);
			if ('status' in request) return request;
			const hits = retrieve(config.docs(), request.query, request.pageSize, request.filter);
			const items = searchResultItems(hits).map((item, i) => ({ ...item, metadata: { ...item.metadata, score: relevance(hits[i].score) } }));
			return { status: 200, body: items.filter(item => item.metadata.score >= request.scoreThreshold) };
		},
		{ auth: 'assistant' },
	);
	router.add(
		'POST',
		currentPaths.page,
		async ({ params, req }) => {
			if (params.domain !== config.assistantDomain) return unknownDomain(params.domain);
			const body = await jsonBody(req);
			if ('status' in body) return body;
			const value = body.value;
			if (!isObject(value) || typeof value.path !== 'string' || !value.path.trim())
				return bad('path is required: the page path as search returns it (e.g. "/guides/webhooks")');
			if (value.groups !== undefined && !(Array.isArray(value.groups) && value.groups.every(g => typeof g === 'string')))
				return bad('groups must be an array of strings');
			const page = pageKey(value.path);
			const sections = config.docs().sections.filter(s => s.page === page);
			if (!sections.length) return errorReply(404, 'not_found', `No published page at '${value.path.slice(0, 120)}'`);
			return { status: 200, body: { path: sections[0].pagePath, content: pageText(sections) } };
		},
		{ auth: 'assistant' },
	);
	router.add('POST', currentPaths.update, async ({ params, req }) => {
		if (params.projectId !== config.projectId) return unknownProject(params.projectId);
		// The body is optional; when one is sent it must be JSON.
		const body = await jsonBody(req, true);
		if ('status' in body) return body;
		return { status: 202, body: { statusId: config.updateStatuses.start({ author: null }) } };
	});
	router.add('POST', currentPaths.preview, async ({ params, req }) => {
		if (params.projectId !== config.projectId) return unknownProject(params.projectId);
		const body = await jsonBody(req);
		if ('status' in body) return body;
		const branch = isObject(body.value) ? body.value.branch : undefined;
		if (typeof branch !== 'string' || !branch.trim()) return bad('branch is required: the name of a pushed Git branch');
		if (branch.length > 250 || /[\s~^:?*[\\]|\.\.|@\{/.test(branch)) return bad(`'${branch.slice(0, 80)}' is not a valid Git branch name`);
		const previewUrl = `https://${slug(branch)}--${slug(config.projectId)}.preview.mintdoc.example`;
		const statusId = config.updateStatuses.start({ ref: branch, author: null, extra: { previewUrl, preview: true, branch } });
		return { status: 202, body: { statusId, previewUrl } };
	});
	router.add('POST', currentPaths.workflowTrigger, ({ params }) =>
		params.projectId !== config.projectId ? unknownProject(params.projectId) : triggerWorkflow(config.workflows, params.workflowSchemaId),
	);
}

interface SearchRequest {
	readonly query: string;
	readonly pageSize: number;
	readonly scoreThreshold: number;
	readonly filter?: RetrievalFilter;
}

function parseSearch(value: unknown): SearchRequest | Reply {
	if (!isObject(value)) return bad('The body must be a JSON object: { query, pageSize?, scoreThreshold?, filter? }');
	if (typeof value.query !== 'string' || !value.query.trim()) return bad('query is required: a non-empty string');
	if (value.query.length > 1000) return bad('query must be at most 1000 characters');
	const pageSize = value.pageSize ?? 10;
	if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 50)
		return bad(`pageSize must be a whole number from 1 to 50, got ${JSON.stringify(pageSize).slice(0, 20)}`);
	const scoreThreshold = value.scoreThreshold ?? 0;
	if (typeof scoreThreshold !== 'number' || !(scoreThreshold >= 0 && scoreThreshold <= 1)) return bad('scoreThreshold must be a number from 0 to 1');
	let filter: RetrievalFilter | undefined;
	if (value.filter !== undefined && value.filter !== null) {
		if (!isObject(value.filter)) return bad('filter must be an object: { version?, language?, tag?, groups? }');
		const { version, language, tag, groups } = value.filter;
		for (const [name, v] of [
			['version', version],
			['language', language],
			['tag', tag],
		] as const) {
			if (v !== undefined && typeof v !== 'string') return bad(`filter.${name} must be a string`);
		}
		if (groups !== undefined && !(Array.isArray(groups) && groups.every(g => typeof g === 'string'))) return bad('filter.groups must be an array of strings');
		filter = { ...(typeof version === 'string' && version ? { version } : {}), ...(typeof language === 'string' && language ? { language } : {}) };
	}
	return { query: value.query, pageSize, scoreThreshold, ...(filter ? { filter } : {}) };
}

/** A BM25 score mapped into 0-1 (monotone), so `scoreThreshold` has a scale to cut on. */
function relevance(score: number): number {
	return Math.round((score / (score + 4)) * 1000) / 1000;
}

/** `/guides/webhooks#verify`, `guides/webhooks`, `/` → the navigation key (`guides/webhooks`, `index`). */
function pageKey(path: string): string {
	return path.replace(/[#?].*$/, '').replace(/^\/+|\/+$/g, '') || 'index';
}

/** The page's text as the platform returns it: Markdown, title first, headings and code kept. */
function pageText(sections: readonly DocSection[]): string {
	const out = [`# ${sections[0].pageTitle}`];
	for (const section of sections) {
		if (section.anchor) out.push(`## ${section.heading}`);
		appendAll(out, [...section.paragraphs, ...section.code.map(code => `\`\`\`\n${code}\n\`\`\``)]);
	}
	return out.join('\n\n');
}

function slug(text: string): string {
	return (
		text
			.toLowerCase()
			.replace(/[^a-z0-9]+/g, '-')
			.replace(/^-+|-+$/g, '')
			.slice(0, 40) || 'x'
	);
}

async function jsonBody(req: Parameters<typeof readBody>[0], optional = false): Promise<{ value: unknown } | Reply> {
	let raw: string;
	try {
		raw = await readBody(req);
	} catch (e) {
		return errorReply(413, 'too_large', e instanceof Error ? e.message : String(e));
	}
	if (optional && !raw.trim()) return { value: {} };
	try {
		return { value: JSON.parse(raw) as unknown };
	} catch {
		return bad('The body must be JSON');
	}
}

function bad(message: string): Reply {
	return errorReply(400, 'invalid_request', message);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
