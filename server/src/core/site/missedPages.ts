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
				// Both at once (a keystroke waits for them), the .mdx file first when both are there, as the index reads them.
				const uris = ['.mdx', '.md'].map(extension => joinUri(pages.rootUri, ...`${path}${extension}`.split('/')));
				const found = await Promise.all(uris.map(async uri => (await workspace.stat(uri))?.kind === 'file'));
				const uri = uris.find((candidate, i) => found[i] && pages.add(candidate));
				if (uri) logger.info(`found ${uri} on disk: no file event had announced it`);
			}),
		);
	};
}
