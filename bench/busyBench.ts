import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { LspSession } from './lspSession';
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
	// As VS Code writes it (vscode-uri: `+` in a folder name is `%2B`), so the server's URIs and the bench's match.
	const root = URI.file(site.dir).toString();
	const configUri = `${root}/docs.json`;
	try {
		const started = performance.now();
		const siteChecked = session.until(() => (session.siteChanges > 0 ? true : undefined), 'first site check');
		await session.initialize(root);
		await session.open(configUri, readFileSync(path.join(site.dir, 'docs.json'), 'utf8'), 'json');
		await siteChecked;
		const config = await configEdits(session, configUri, site, 20);
		const requests = await configRequests(session, configUri, site, 20);
		const page = await pageEdits(session, root, site, 10);
		const measuredUntilMs = performance.now() - started;
		await session.idle(1000, 600_000);
		const backgroundDoneMs = performance.now() - started;
		log(`  server ${site.size} (background check running): docs.json edit p95 ${config.configEditP95Ms.toFixed(0)} ms, MDX edit p95 ${page.pageEditP95Ms.toFixed(0)} ms, completion p95 ${requests.pageCompletionP95Ms.toFixed(0)} ms, hover p95 ${requests.hoverP95Ms.toFixed(0)} ms; measured until ${(measuredUntilMs / 1000).toFixed(1)} s, check done at ${(backgroundDoneMs / 1000).toFixed(1)} s`);
		return {
			configEditP50Ms: config.configEditP50Ms, configEditP95Ms: config.configEditP95Ms, pageEditP50Ms: page.pageEditP50Ms, pageEditP95Ms: page.pageEditP95Ms,
			pageCompletionP95Ms: requests.pageCompletionP95Ms, endpointCompletionP95Ms: requests.endpointCompletionP95Ms, hoverP95Ms: requests.hoverP95Ms,
			measuredUntilMs, backgroundDoneMs,
		};
	} finally {
		await session.stop();
	}
}
