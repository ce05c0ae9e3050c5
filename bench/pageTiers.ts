import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { noCancellation } from '../server/src/core/cancellation';
import { createLanguageService } from '../server/src/core/languageService';
import { summarizePageWithTier, type PageSummary } from '../server/src/core/mdx/pageSummary';
import { createFsWorkspace } from '../server/src/node/runtime/fsWorkspace';
import { createWorkerSpecReader } from '../server/src/node/workers/specWorkerReader';
import { walkSiteFiles } from './floor';

/** Where one thread's time goes when MintDoc checks a site, and how much of it each page reader takes. */
export interface TierFigures {
	readonly pages: number;
	readonly bytes: number;
	readonly fast: { readonly pages: number; readonly bytes: number; readonly ms: number };
	readonly parser: { readonly pages: number; readonly bytes: number; readonly ms: number };
	readonly other: { readonly pages: number; readonly bytes: number; readonly ms: number };
	readonly readMs: number;
	/** docs.json rules, schema and every OpenAPI document read and validated (in a worker, waited for). */
	readonly siteRulesMs: number;
	/** Page rules over the summaries: links, anchors, frontmatter OpenAPI references. */
	readonly pageRulesMs: number;
}

/**
 * Reads every page of the site and summarizes it on this thread, timing each tier, then runs the
 * site's rules with those summaries at hand, timing the configuration (with OpenAPI) and page rules.
 * Single-threaded CPU figures: `mintdoc check` spreads the page summaries over all cores.
 */
export async function measureTiers(dir: string): Promise<TierFigures> {
	const files = walkSiteFiles(dir).filter(f => /\.mdx?$/i.test(f));
	const texts: [string, string][] = [];
	const readStarted = performance.now();
	for (const file of files) texts.push([file, await fs.readFile(path.join(dir, file), 'utf8')]);
	const readMs = performance.now() - readStarted;
	const tiers = { fast: { pages: 0, bytes: 0, ms: 0 }, parser: { pages: 0, bytes: 0, ms: 0 }, other: { pages: 0, bytes: 0, ms: 0 } };
	const summaries = new Map<string, PageSummary>();
	let bytes = 0;
	for (const [file, text] of texts) {
		const uri = URI.file(path.join(dir, file)).toString();
		const document = TextDocument.create(uri, file.endsWith('.md') ? 'markdown' : 'mdx', 0, text);
		const started = performance.now();
		const { summary, tier } = summarizePageWithTier(document);
		const figure = tiers[tier === 'none' ? 'other' : tier];
		figure.ms += performance.now() - started;
		figure.pages++;
		figure.bytes += Buffer.byteLength(text);
		bytes += Buffer.byteLength(text);
		summaries.set(uri, summary);
	}
	const root = URI.file(dir).toString();
	const workspace = createFsWorkspace(() => [root]);
	const specs = createWorkerSpecReader(path.resolve(__dirname, '..', 'dist', 'specWorker.js'), undefined, 1);
	const service = createLanguageService({
		workspace,
		schemaValidation: true,
		awaitSpecReads: true,
		specReader: (uri, text) => specs.validate(uri, text),
		// Summaries made above: this run times the rules alone.
		summarizePages: async documents => documents.map(d => summaries.get(d.uri) ?? summarizePageWithTier(d).summary),
	});
	try {
		const siteStarted = performance.now();
		await service.checkSite(root, noCancellation);
		const siteRulesMs = performance.now() - siteStarted;
		const pagesStarted = performance.now();
		await service.checkPages(root, noCancellation, () => undefined);
		const pageRulesMs = performance.now() - pagesStarted;
		return { pages: texts.length, bytes, ...tiers, readMs, siteRulesMs, pageRulesMs };
	} finally {
		specs.dispose();
	}
}
