import { getProperty, getValue, type ConfigNode } from '../docsConfig/configTree';
import type { NavElement } from '../docsConfig/navigation';
import type { OpenApiOperation } from '../openapi/openApiSpec';
import { slugify } from '../openapi/generatePages';
import { specReferenceOf } from '../openapi/specRegistry';
import type { SiteModel } from './siteModel';

// The URL paths the platform serves pages and generated API pages at: shared by the preview (which
// serves them) and the llms.txt generator (which links them), so both name a page the same way.

/** The route of a page path: `guides/setup` → `/guides/setup`, `index` → `/`, `api/index` → `/api`. */
export function pageRoute(pagePath: string): string {
	return '/' + pagePath.replace(/(^|\/)index$/, '');
}

/** Normalizes a requested URL path: decoded, no query or hash, no trailing slash, no extension. */
export function normalizeRoute(route: string): string {
	let path = route.split(/[?#]/)[0];
	try {
		path = decodeURIComponent(path);
	} catch {
		// keep it as written
	}
	path = '/' + path.replace(/^\/+|\/+$/g, '').replace(/\.(mdx|md)$/i, '');
	return path.replace(/(^|\/)index$/, '') || '/';
}

/**
 * The URL of a generated API page: `x-mint.href` when set, else the page path the platform's
 * scraper gives it (`generatePages.ts`: the summary, else method and path, slugified and unique)
 * under the `directory` of the nearest `openapi` object (default `api-reference`) and a folder
 * named after the operation's first tag.
 */
export function operationRoute(site: SiteModel, element: NavElement | undefined, operation: OpenApiOperation, used: Map<string, Set<string>>): string {
	const href = operation.xMint?.href;
	if (typeof href === 'string' && href.trim()) return normalizeRoute(href);
	// Under a folder per tag (its first one), as the platform serves them: upstash's llms.txt, which the
	// platform wrote, links `qstash/api-reference/dlq/list-dlq-messages.md` for an operation tagged `DLQ`.
	const tag = slugify(operation.tags?.[0] ?? '');
	const directory = [directoryOf(site, element), tag].filter(Boolean).join('/');
	const base = slugify(operation.summary ?? '') || slugify(`${operation.method} ${operation.path}`) || 'endpoint';
	const taken = used.get(directory) ?? new Set<string>();
	used.set(directory, taken);
	let name = base;
	for (let n = 1; taken.has(name); n++) name = `${base}-${n}`;
	taken.add(name);
	return '/' + (directory ? `${directory}/${name}` : name);
}

function directoryOf(site: SiteModel, element: NavElement | undefined): string {
	const directoryIn = (value: ConfigNode | undefined) => {
		const directory = getValue(value, 'directory');
		return directory?.kind === 'string' ? (directory.value as string).replace(/^\/+|\/+$/g, '') : undefined;
	};
	for (let e = element; e; e = e.parent) {
		const openapi = getProperty(e.node, 'openapi')?.value;
		if (specReferenceOf(openapi)) return directoryIn(openapi) ?? 'api-reference';
	}
	const api = getValue(getValue(site.config.root, 'api'), 'openapi');
	return directoryIn(api?.kind === 'array' ? api.items[0] : api) ?? 'api-reference';
}
