import { LspSession, openSite } from './lspSession';
import { configEdits, pageEdits } from './serverBench';
import type { GeneratedSite } from './siteGenerator';

/** Server memory over a long editing session. */
export interface SoakFigures {
	edits: number;
	rssAfterLoadMb: number | undefined;
	/** After every 100 edits. */
	rssEveryHundredMb: (number | undefined)[];
	/** After the session and 15 s without requests. */
	rssAfterIdleMb: number | undefined;
	/** Largest of the above over the figure after load, in percent. */
	growthPercent: number | undefined;
}

/** Longer than the page pool's idle stop (10 s) and the spec worker's (5 s). */
const settleMs = 15_000;

/**
 * 1,000 edits of the site once every page was checked: per 100, 80 to docs.json (renamed page,
 * added group, changed method, each made and undone) and 20 to an MDX page (a link broken and fixed),
 * each waiting for its diagnostics. Reports the server's RSS after load, every 100 edits and after idling.
 */
export async function soakServer(site: GeneratedSite, serverPath: string, log: (line: string) => void, edits = 1000): Promise<SoakFigures> {
	const session = new LspSession(serverPath);
	try {
		const { root, configUri } = await openSite(session, site.dir);
		await session.idle(1000, 600_000);
		const rssAfterLoadMb = session.rssMb();
		log(`  soak ${site.size}: RSS after load ${rssAfterLoadMb?.toFixed(0)} MB`);
		const rssEveryHundredMb: (number | undefined)[] = [];
		for (let done = 0; done < edits; done += 100) {
			await configEdits(session, configUri, site, 80);
			await pageEdits(session, root, site, 20);
			rssEveryHundredMb.push(session.rssMb());
			log(`  soak ${site.size}: ${done + 100} edits, RSS ${rssEveryHundredMb.at(-1)?.toFixed(0)} MB`);
		}
		await session.idle(1000, 120_000);
		// What the server holds at rest (a measuring pause, not a test wait).
		await new Promise(resolve => setTimeout(resolve, settleMs));
		const rssAfterIdleMb = session.rssMb();
		const peak = Math.max(...[...rssEveryHundredMb, rssAfterIdleMb].filter((n): n is number => n !== undefined));
		const growthPercent = rssAfterLoadMb ? ((peak - rssAfterLoadMb) / rssAfterLoadMb) * 100 : undefined;
		log(`  soak ${site.size}: RSS after idle ${rssAfterIdleMb?.toFixed(0)} MB (peak ${growthPercent?.toFixed(0)} % over load)`);
		return { edits, rssAfterLoadMb, rssEveryHundredMb, rssAfterIdleMb, growthPercent };
	} finally {
		await session.stop();
	}
}
