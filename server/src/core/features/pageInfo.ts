import { DocumentCache } from '../cache';
import { pageMetadata } from '../mdx/frontmatter';
import type { DocsWorkspace } from '../workspace';

/** Title, description and sidebar title of a page. */
export type PageMetadata = ReturnType<typeof pageMetadata>;

/** Reads page metadata on demand (hover, completion details), parsing each page text once. */
export class PageInfo {
	readonly #cache = new DocumentCache<PageMetadata>(2000);

	constructor(private readonly workspace: DocsWorkspace) {}

	async metadata(uri: string): Promise<PageMetadata | undefined> {
		const document = await this.workspace.readDocument(uri);
		return document && this.#cache.get(document, doc => pageMetadata(doc.getText()));
	}
}

/** A title from a path's last segment, as a new page gets: "getting-started" → "Getting started". */
export function titleFromPath(pagePath: string): string {
	const words = (pagePath.split('/').pop() ?? pagePath).replace(/[-_]+/g, ' ').trim();
	return words ? words[0].toUpperCase() + words.slice(1) : 'Untitled';
}
