import { existsSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from './check';
import { guardedText, readGuardedSync } from '../node/runtime/guardedRead';
import { generateAnalytics } from '../../../platformApiStandIn/analyticsData';
import { defaultOriginPolicy, describeOriginPolicy, parseOriginPolicy } from '../../../platformApiStandIn/cors';
import { createAssistantDocs, defaultDocsDir, loadAssistantDocs } from '../../../platformApiStandIn/assistantDocs';
import { faultHelp } from '../../../platformApiStandIn/faults';
import { builtinPages, generateFeedback, scanDocs, sortNewestFirst, type StandInFeedback } from '../../../platformApiStandIn/feedbackData';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { demoStatusIds, UpdateStatusStore, type StandInUpdateStatus } from '../../../platformApiStandIn/updateStatusData';

/** The stand-in's defaults: the demo and the tests use them with no set-up. */
export const standInDefaults = {
	projectId: 'demo',
	adminKey: 'mint_demo_admin_key',
	assistantDomain: 'demo',
	assistantKey: 'mint_dsc_demo_key',
	liveSeconds: 45,
	feedbackCount: 300,
	/** Pause after each streamed text part of an assistant answer: visible streaming in the demo. */
	assistantDelayMs: 12,
} as const;

export const apiServerUsage = `  api-server [--port N] [--docs DIR] [--data FILE] [--spec-paths-only] [--allow-origin local|any|none|ORIGINS]
                                        Serve a local stand-in of the platform API on 127.0.0.1
                                        (update status and trigger, preview, workflow trigger, analytics:
                                        feedback, views, visitors, searches, assistant conversations;
                                        assistant v1/v2, search, page) for the demo and tests; the assistant answers
                                        from --docs (default examples/acme); --spec-paths-only serves
                                        only the spec's early-2026 paths (the current ones answer 404);
                                        --allow-origin: the web pages answered with CORS headers (MintDoc in
                                        a browser): local (default: pages served from this machine), any,
                                        none (browsers refuse, as from an API that does not accept them),
                                        or origins separated by commas`;

const options = {
	port: { type: 'string', default: '0' },
	docs: { type: 'string' },
	data: { type: 'string' },
	'project-id': { type: 'string' },
	'admin-key': { type: 'string' },
	'assistant-domain': { type: 'string' },
	'assistant-key': { type: 'string' },
	'live-seconds': { type: 'string' },
	'assistant-delay-ms': { type: 'string' },
	anchor: { type: 'string' },
	'spec-paths-only': { type: 'boolean', default: false },
	'allow-origin': { type: 'string' },
	quiet: { type: 'boolean', default: false },
} as const;

/** Contents of a `--data FILE`: every field optional; flags win over it, it wins over the defaults. */
interface DataFile {
	projectId?: string;
	adminKey?: string;
	assistantDomain?: string;
	assistantKey?: string;
	feedback?: StandInFeedback[];
	updateStatuses?: StandInUpdateStatus[];
}

/**
 * `mintdoc api-server`: starts the stand-in, prints its settings and then
 * `MintDoc API stand-in listening on http://127.0.0.1:PORT`, and keeps running until killed.
 * Resolves with 0 once listening (the open server keeps the process alive).
 */
export async function runApiServer(args: readonly string[], out: NodeJS.WritableStream): Promise<number> {
	let values;
	try {
		values = parseArgs({ args: [...args], options, allowPositionals: false }).values;
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage: mintdoc${apiServerUsage.trimStart().split('\n')[0]}`);
	}
	const port = Number(values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be a port number (0 for any free port), not '${values.port}'`);
	const liveSeconds = values['live-seconds'] === undefined ? standInDefaults.liveSeconds : Number(values['live-seconds']);
	if (!(liveSeconds > 0 && liveSeconds <= 3600)) throw new UsageError(`--live-seconds must be from 1 to 3600, not '${values['live-seconds']}'`);
	const assistantDelayMs = values['assistant-delay-ms'] === undefined ? standInDefaults.assistantDelayMs : Number(values['assistant-delay-ms']);
	if (!(Number.isInteger(assistantDelayMs) && assistantDelayMs >= 0 && assistantDelayMs <= 10_000))
		throw new UsageError(`--assistant-delay-ms must be from 0 to 10000, not '${values['assistant-delay-ms']}'`);
	const anchor = parseAnchor(values.anchor);
	let allowOrigin = defaultOriginPolicy;
	try {
		if (values['allow-origin'] !== undefined) allowOrigin = parseOriginPolicy(values['allow-origin']);
	} catch (e) {
		throw new UsageError(e instanceof Error ? e.message : String(e));
	}
	const data = values.data ? readDataFile(values.data) : {};
	const docsDir = values.docs ? path.resolve(values.docs) : undefined;
	if (docsDir && !(existsSync(docsDir) && statSync(docsDir).isDirectory())) throw new UsageError(`--docs ${values.docs}: no such folder`);
	const pages = docsDir ? scanDocs(docsDir) : builtinPages;
	if (docsDir && pages.length === 0) throw new UsageError(`--docs ${values.docs}: no .mdx or .md pages found`);

	const projectId = values['project-id'] ?? data.projectId ?? standInDefaults.projectId;
	const adminKey = values['admin-key'] ?? data.adminKey ?? standInDefaults.adminKey;
	const assistantKey = values['assistant-key'] ?? data.assistantKey ?? standInDefaults.assistantKey;
	const assistantDomain = values['assistant-domain'] ?? data.assistantDomain ?? standInDefaults.assistantDomain;
	const feedback = data.feedback ? sortNewestFirst(data.feedback) : generateFeedback(pages, anchor, standInDefaults.feedbackCount);
	const assistantDir = docsDir ?? defaultDocsDir();
	const assistantDocs = assistantDir ? loadAssistantDocs(assistantDir) : createAssistantDocs([], undefined);
	const updateStatuses = new UpdateStatusStore({ projectId, subdomain: projectId, anchor, liveSeconds, extra: data.updateStatuses });
	const analytics = generateAnalytics(pages, anchor, { siteUrl: `https://${projectId}.mintlify.app` });
	const standIn: ApiStandIn = createApiStandIn({
		projectId,
		adminKey,
		assistantDomain,
		assistantKey,
		feedback,
		updateStatuses,
		assistantDocs,
		assistantDelayMs,
		analytics,
		currentPaths: !values['spec-paths-only'],
		allowOrigin,
		log: values.quiet ? undefined : line => out.write(`${new Date().toISOString()} ${line}\n`),
	});
	let actualPort: number;
	try {
		actualPort = await standIn.listen(port);
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		throw new UsageError(
			code === 'EADDRINUSE'
				? `port ${port} is already in use; pick another with --port (0 = any free port)`
				: `cannot listen on port ${port}: ${e instanceof Error ? e.message : String(e)}`,
		);
	}
	// Only the demo defaults are printed; a key passed in is someone's secret.
	const shown = (value: string, fallback: string, flag: string) => (value === fallback ? value : `(custom, from ${flag} or --data)`);
	out.write(
		[
			'MintDoc API stand-in: a local imitation of the platform API with generated data (not the real service).',
			`  project id         ${projectId}`,
			`  admin key          ${shown(adminKey, standInDefaults.adminKey, '--admin-key')}`,
			`  assistant domain   ${assistantDomain}`,
			`  assistant key      ${shown(assistantKey, standInDefaults.assistantKey, '--assistant-key')}`,
			`  update status ids  ${updateStatuses.ids().join(', ')} (${demoStatusIds.live} starts queued at its first request and succeeds ${liveSeconds} s later)`,
			`  feedback           ${feedback.length} entries on ${new Set(feedback.map(f => f.path)).size} pages${docsDir ? ` of ${docsDir}` : ' of the example site'}${data.feedback ? ' (from --data)' : ''}`,
			`  analytics          ${analytics.views.length} page-days of views, ${analytics.searches.length} searches, ${analytics.turns.length} assistant turns (90 days to the anchor)`,
			`  assistant docs     ${assistantDir ? `${assistantDocs.sections.length} sections on ${assistantDocs.pageCount} pages of ${assistantDir}` : 'none (no --docs and no examples/acme): every answer says the docs do not cover it'}`,
			`  paths              ${values['spec-paths-only'] ? "the spec's only (early 2026): /discovery/v1/assistant, /api/external/v1/analytics/…/feedback, update-status" : "current and the spec's: /discovery/v2/assistant and v1, /discovery/v1/search, /discovery/v1/page, /v1/analytics/…/feedback (+ /by-page) and /api/external/…, /v1/project/update, /v1/project/preview, update-status, /v1/workflow/…/trigger, /v1/analytics/… (assistant, searches, views, visitors)"}`,
			`  web pages          ${describeOriginPolicy(allowOrigin)}`,
			`  faults             header x-mintdoc-fault: ${faultHelp}; or POST /__faults {"fault","times","path"}`,
			`MintDoc API stand-in listening on http://127.0.0.1:${actualPort}`,
			'',
		].join('\n'),
	);
	const stop = () => void standIn.close().then(() => process.exit(0));
	process.once('SIGTERM', stop);
	process.once('SIGINT', stop);
	return 0;
}

/** `--anchor YYYY-MM-DD` (noon UTC of that day), else the start of the current UTC hour: data stays recent in the demo. */
function parseAnchor(value: string | undefined): Date {
	if (value === undefined) {
		const now = new Date();
		now.setUTCMinutes(0, 0, 0);
		return now;
	}
	const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
	if (Number.isNaN(date.getTime())) throw new UsageError(`--anchor must be a date like 2026-01-15, not '${value}'`);
	return date;
}

function readDataFile(file: string): DataFile {
	let parsed: unknown;
	try {
		// A file the user names: anywhere, but a regular file read to the size cap.
		const text = guardedText(readGuardedSync(file));
		if (text === undefined) throw new Error('not a readable regular file (or over 16 MB)');
		parsed = JSON.parse(text);
	} catch (e) {
		throw new UsageError(`--data ${file}: ${e instanceof Error ? e.message : String(e)}`);
	}
	if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new UsageError(`--data ${file}: expected a JSON object`);
	const data = parsed as DataFile;
	if (data.feedback !== undefined && !Array.isArray(data.feedback)) throw new UsageError(`--data ${file}: "feedback" must be an array`);
	if (data.updateStatuses !== undefined && !Array.isArray(data.updateStatuses)) throw new UsageError(`--data ${file}: "updateStatuses" must be an array`);
	return data;
}
