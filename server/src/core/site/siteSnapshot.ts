import type { CancellationToken } from '../cancellation';
import type { PageSummary } from '../mdx/pageSummary';
import type { PageIndex } from './pageIndex';
import type { SiteModel } from './siteModel';
import type { SummaryStore } from './summaryStore';

/**
 * What features read of the site state: the roots, the models, page indexes and summaries. A
 * snapshot answers from the state as it is when asked; `site` brings a root's model up to date first.
 */
export interface SiteSnapshot {
	readonly roots: readonly string[];
	/** The docs root a file belongs to: the nearest root folder above it. */
	rootOf(uri: string): string | undefined;
	/** The model last built for a root, current or not (cheap questions: is this file a page, a spec). */
	lastModel(root: string): SiteModel | undefined;
	/** The model of a root, rebuilt first if any file it was built from changed. */
	site(root: string, token: CancellationToken): Promise<SiteModel>;
	pageIndex(root: string, token: CancellationToken): Promise<PageIndex>;
	readonly summaries: SummaryStore;
	/** A page's summary as its text is now (read from disk unless open). */
	summaryOf(uri: string): Promise<PageSummary | undefined>;
}
