import { LspSession, openSite } from './lspSession';
import { configEdits, configRequests, pageEdits } from './serverBench';
import type { GeneratedSite } from './siteGenerator';

/** Edits and requests answered while the background check of every page is still running. */
export interface BusyFigures {
	configEditP50Ms: number;
	configEditP95Ms: number;
	pageEditP50Ms: number;
	pageEditP95Ms: number;
	pageCompletionP95Ms: number;
	endpointCompletionP95Ms: number;
	hoverP95Ms: number;
	/** When the measurements ended and when the background check finished, from the start: the first must be the smaller. */
	measuredUntilMs: number;
	backgroundDoneMs: number;
}

/**
 * Right after the first diagnostics, with the background page check in flight: docs.json edits,
 * MDX edits, completion and hover. Fewer samples than the quiet figures, so they fit before the
 * check ends; `measuredUntilMs < backgroundDoneMs` says they did.
 */
export async function benchWhileChecking(site: GeneratedSite, serverPath: string, log: (line: string) => void): Promise<BusyFigures> {
	const session = new LspSession(serverPath);
	try {
		const started = performance.now();
		const { root, configUri } = await openSite(session, site.dir);
		const config = await configEdits(session, configUri, site, 20);
		const requests = await configRequests(session, configUri, site, 20);
		const page = await pageEdits(session, root, site, 10);
		const measuredUntilMs = performance.now() - started;
		await session.idle(1000, 600_000);
		const backgroundDoneMs = performance.now() - started;
		log(
			`  server ${site.size} (background check running): docs.json edit p95 ${config.configEditP95Ms.toFixed(0)} ms, MDX edit p95 ${page.pageEditP95Ms.toFixed(0)} ms, completion p95 ${requests.pageCompletionP95Ms.toFixed(0)} ms, hover p95 ${requests.hoverP95Ms.toFixed(0)} ms; measured until ${(measuredUntilMs / 1000).toFixed(1)} s, check done at ${(backgroundDoneMs / 1000).toFixed(1)} s`,
		);
		return {
			configEditP50Ms: config.configEditP50Ms,
			configEditP95Ms: config.configEditP95Ms,
			pageEditP50Ms: page.pageEditP50Ms,
			pageEditP95Ms: page.pageEditP95Ms,
			pageCompletionP95Ms: requests.pageCompletionP95Ms,
			endpointCompletionP95Ms: requests.endpointCompletionP95Ms,
			hoverP95Ms: requests.hoverP95Ms,
			measuredUntilMs,
			backgroundDoneMs,
		};
	} finally {
		await session.stop();
	}
}
