import { checkId } from './docsApiClient';
import { ApiError, setAssistantKeyHint } from './errors';
import { requestJson, type HttpOptions } from './http';

/**
 * The platform's discovery endpoints besides the assistant (platform docs, 2026): search the
 * published docs and fetch a published page's text. Both take the assistant key (`mint_dsc_…`)
 * and do not consume assistant credits. Free of `vscode`.
 */

/** One search result: the section's text, its page path (`/guides/webhooks#verify`) and metadata. */
export interface DocsSearchResult {
	readonly path: string;
	readonly content: string;
	/** Title, score and whatever else the platform sends; open. */
	readonly metadata: { readonly title?: string; readonly score?: number; readonly [key: string]: unknown };
}

export interface DocsSearchFilter {
	readonly version?: string;
	readonly language?: string;
}

export interface PublishedPage {
	readonly path: string;
	readonly content: string;
}

export interface DiscoveryClient {
	/** `POST /discovery/v1/search/{domain}`; `pageSize` 1-50 (default 10). */
	search(
		query: string,
		options?: { readonly pageSize?: number; readonly filter?: DocsSearchFilter; readonly signal?: AbortSignal },
	): Promise<DocsSearchResult[]>;
	/** `POST /discovery/v1/page/{domain}` `{path}`: the page's full published text. */
	page(path: string, signal?: AbortSignal): Promise<PublishedPage>;
}

export interface DiscoveryClientOptions extends Omit<HttpOptions, 'missingKeyMessage'> {
	/** `mintdoc.assistant.domain`. */
	readonly domain: string;
}

export const maxSearchQueryLength = 1000;

export function createDiscoveryClient(options: DiscoveryClientOptions): DiscoveryClient {
	const http: HttpOptions = { ...options, missingKeyMessage: `No assistant key is stored: ${setAssistantKeyHint}.` };
	const domainPath = () => {
		const domain = options.domain.trim();
		if (!domain)
			throw new ApiError(
				'No assistant domain is set: set mintdoc.assistant.domain to the domain identifier of your docs site (the last segment of the dashboard URL).',
				{ kind: 'config' },
			);
		return encodeURIComponent(domain);
	};
	const notFound = `unknown docs site '${options.domain.trim().slice(0, 60)}': set mintdoc.assistant.domain to the domain identifier of your docs site`;
	return {
		async search(query, { pageSize = 10, filter, signal } = {}) {
			const text = query.trim().slice(0, maxSearchQueryLength);
			if (!text) return [];
			const size = Math.min(50, Math.max(1, Math.round(pageSize)));
			const cleanFilter = { ...(filter?.version ? { version: filter.version } : {}), ...(filter?.language ? { language: filter.language } : {}) };
			const body = await requestJson(http, {
				method: 'POST',
				path: `/discovery/v1/search/${domainPath()}`,
				signal,
				notFound,
				body: { query: text, pageSize: size, ...(Object.keys(cleanFilter).length ? { filter: cleanFilter } : {}) },
			});
			if (!Array.isArray(body))
				throw new ApiError('Unexpected response from the docs search: expected a list of results. Check mintdoc.api.baseUrl; try again later.', {
					kind: 'badResponse',
					status: 200,
				});
			return body.flatMap(item => {
				if (!item || typeof item !== 'object') return [];
				const { path, content, metadata } = item as Record<string, unknown>;
				if (typeof path !== 'string' || !path) return [];
				return [
					{
						path,
						content: typeof content === 'string' ? content : '',
						metadata: metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? (metadata as DocsSearchResult['metadata']) : {},
					},
				];
			});
		},

		async page(path, signal) {
			const wanted = checkId('page path', path);
			const body = await requestJson(http, {
				method: 'POST',
				path: `/discovery/v1/page/${domainPath()}`,
				body: { path: wanted },
				signal,
				notFound: `the published site has no page '${wanted.slice(0, 80)}' (not deployed yet, or renamed); deploy the site, then try again`,
			});
			const { content, path: returned } = (body ?? {}) as Record<string, unknown>;
			if (typeof content !== 'string')
				throw new ApiError('Unexpected response from the page endpoint: no content. Check mintdoc.api.baseUrl; try again later.', {
					kind: 'badResponse',
					status: 200,
				});
			return { path: typeof returned === 'string' && returned ? returned : wanted, content };
		},
	};
}
