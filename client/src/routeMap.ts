/**
 * The one route map of the client, between the platform's page paths and links (citations, search
 * results, feedback and analytics entries) and the page files of the local site, or public https
 * URLs. Pure (no `vscode`): the host (sitePages.ts) checks the candidates with the file system.
 */

/** What a link or source names, split: a site path (`guides/setup`) and an optional `#anchor`. */
export interface SitePath {
	readonly path: string;
	readonly anchor?: string;
}

/**
 * The site path of a relative link or a source `path` (`/guides/setup#x`, `guides/setup.mdx`), or
 * undefined when it cannot be a page of this site (a scheme, `//host`, `..` segments, control characters).
 */
export function sitePathOf(value: string): SitePath | undefined {
	const text = value.trim();
	if (!text || /^[a-z][a-z0-9+.-]*:/i.test(text) || text.startsWith('//') || /[\u0000-\u001f\\]/.test(text)) return undefined;
	const hashAt = text.indexOf('#');
	const anchor = hashAt >= 0 ? text.slice(hashAt + 1) : undefined;
	let path = (hashAt >= 0 ? text.slice(0, hashAt) : text).replace(/\?.*$/, '');
	try {
		path = decodeURIComponent(path);
	} catch {
		return undefined;
	}
	path = path.replace(/^\.?\/+/, '').replace(/\/+$/, '');
	if (path.split('/').some(segment => segment === '..' || segment === '.')) return undefined;
	return { path, ...(anchor ? { anchor } : {}) };
}

/**
 * The site path a page is named by where the platform names pages: a site path or a page's full
 * URL (feedback and analytics entries), whose path is then the route. Undefined when it cannot be a page of this site.
 */
export function sitePathOfPage(value: string): SitePath | undefined {
	let text = value.trim();
	if (/^https?:\/\//i.test(text)) {
		try {
			text = new URL(text).pathname;
		} catch {
			return undefined;
		}
	}
	return sitePathOf(text);
}

/** The files that would serve a (decoded) site path, in the order the platform picks them. */
export function filesServing(path: string): string[] {
	if (!path) return ['index.mdx', 'index.md'];
	if (/\.(mdx|md)$/i.test(path)) return [path];
	return [`${path}.mdx`, `${path}.md`, `${path}/index.mdx`, `${path}/index.md`];
}

/** The files that would serve a page named as the platform names it (see sitePathOfPage); none when it cannot be a page. */
export function pageFileCandidates(value: string): string[] {
	const sitePath = sitePathOfPage(value);
	return sitePath ? filesServing(sitePath.path) : [];
}

/**
 * The public page address: under `siteUrl` when set (must be https), else under the platform's
 * default host for the domain. Undefined when neither gives an https URL.
 */
export function publicPageUrl(sitePath: SitePath, siteUrl: string, domain: string): string | undefined {
	let base: URL | undefined;
	try {
		if (siteUrl.trim()) base = new URL(siteUrl.trim());
		else if (/^[a-z0-9-]+$/i.test(domain.trim())) base = new URL(`https://${domain.trim().toLowerCase()}.mintlify.app`);
	} catch {
		return undefined;
	}
	if (base?.protocol !== 'https:') return undefined;
	const root = base.href.endsWith('/') ? base.href : `${base.href}/`;
	const url = new URL(sitePath.path.split('/').map(encodeURIComponent).join('/'), root);
	if (sitePath.anchor) url.hash = sitePath.anchor;
	return url.href;
}

/** The site path of an https URL that points into the public site (so the local page can open instead). */
export function sitePathOfPublicUrl(href: string, siteUrl: string, domain: string): SitePath | undefined {
	const root = publicPageUrl({ path: '' }, siteUrl, domain);
	if (!root || !href.startsWith(root)) return undefined;
	return sitePathOf(href.slice(root.length) || '/');
}

/** Only these leave VS Code (to the default browser). */
export function isHttpsUrl(value: string): boolean {
	try {
		return new URL(value).protocol === 'https:';
	} catch {
		return false;
	}
}

/**
 * The route of a page file under a docs root (`file:///r/guides/setup.mdx` under `file:///r` →
 * `/guides/setup`; `index.mdx` → `/`), or undefined when the file is not an MDX/Markdown page of
 * that root. The inverse of {@link filesServing}.
 */
export function routeOfFile(rootUri: string, fileUri: string): string | undefined {
	const root = rootUri.endsWith('/') ? rootUri : `${rootUri}/`;
	if (!fileUri.startsWith(root) || !/\.mdx?$/i.test(fileUri)) return undefined;
	let relative: string;
	try {
		relative = decodeURIComponent(fileUri.slice(root.length));
	} catch {
		return undefined;
	}
	const route = relative.replace(/\.mdx?$/i, '').replace(/(^|\/)index$/, '');
	return `/${route}`;
}
