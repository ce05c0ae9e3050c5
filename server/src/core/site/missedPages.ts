import type { Logger } from '../logger';
import { joinUri } from '../uris';
import type { DocsWorkspace } from '../workspace';
import type { PageIndex } from './pageIndex';
import type { MissedPageFinder } from './siteModel';

/** Pages on disk the index missed (no watcher event came): found by a stat when the navigation names them. */
export function findMissedPages(workspace: DocsWorkspace, logger: Logger, pages: PageIndex): MissedPageFinder {
	return async paths => {
		await Promise.all(
			paths.map(async path => {
				if (path.split('/').some(segment => segment === '..' || segment === '.' || segment === '')) return; // only paths inside the root
				for (const extension of ['.mdx', '.md']) {
					const uri = joinUri(pages.rootUri, ...`${path}${extension}`.split('/'));
					if ((await workspace.stat(uri))?.kind === 'file' && pages.add(uri)) {
						logger.info(`found ${uri} on disk: no file event had announced it`);
						return;
					}
				}
			}),
		);
	};
}
