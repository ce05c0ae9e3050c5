import { seeded, type DocsPage } from './feedbackData';
import { ulid } from './ulid';

/**
 * The stand-in's reader analytics: search events, daily page views and visitors (human and AI),
 * and assistant conversations with their threads, generated deterministically from the pages of
 * a docs folder over the days before an anchor. Raw events, not totals: every date range the
 * routes are asked for is cut from them, so `dateFrom`/`dateTo` change the answers as they would
 * on the platform.
 */

export interface SearchEvent {
	readonly term: string;
	readonly at: number;
	/** The result page the reader opened; null when they opened none. */
	readonly clicked: string | null;
}

/** One page's traffic on one UTC day. Visitors are counted per day (the platform dedupes over the range). */
export interface ViewBucket {
	readonly path: string;
	readonly day: number;
	readonly human: number;
	readonly ai: number;
	readonly humanVisitors: number;
	readonly aiVisitors: number;
}

export type Caller = 'web' | 'api' | 'other';

/** One user turn of an assistant conversation: a row of `GET .../assistant`. */
export interface ConversationTurn {
	readonly id: string;
	readonly threadId: string;
	readonly at: number;
	readonly query: string;
	readonly response: string;
	readonly responseType: 'answer' | 'clarifying_question';
	readonly sources: readonly { readonly title: string; readonly url: string }[];
	readonly resolutionStatus: 'answered' | 'unanswered';
	readonly queryCategory: string | null;
	readonly pageUrl: string | null;
	readonly caller: Caller;
}

export interface ThreadMessage {
	readonly id: string;
	readonly role: 'user' | 'assistant';
	readonly content: string;
	readonly createdAt: string;
}

export interface StandInAnalytics {
	/** Oldest first. */
	readonly searches: readonly SearchEvent[];
	readonly views: readonly ViewBucket[];
	/** Newest first (by id, which starts with the time). */
	readonly turns: readonly ConversationTurn[];
	readonly threads: ReadonlyMap<string, { readonly threadId: string; readonly createdAt: string; readonly messages: readonly ThreadMessage[] }>;
	/** The site URL the sources and page URLs start with. */
	readonly siteUrl: string;
}

export interface AnalyticsOptions {
	/** e.g. `https://demo.mintlify.app`. */
	readonly siteUrl: string;
	/** Days of data before the anchor (default 90). */
	readonly days?: number;
	readonly seed?: number;
}

const day = 86_400_000;
/** Pages that get traffic, at most. */
export const maxPages = 150;

/** Terms readers search for that no page answers: the content gaps (never clicked). */
const gapTerms = ['payouts', '3d secure', 'currency conversion', 'rate limits', 'delete customer', 'apple pay'];
/** Questions the docs do not answer (the assistant says so) and vague ones (it asks back). */
const unanswered = ['Do you support payouts to bank accounts?', 'How do I enable 3D Secure?', 'Which currencies can I settle in?'];
const vague: readonly [string, string][] = [
	['It does not work', 'Which step fails: creating the payment, capturing it, or receiving the webhook? Please share the error message.'],
	['How do I set this up?', 'Do you mean the API keys, the webhook endpoint, or one of the SDKs?'],
	['Is there a limit?', 'Are you asking about API rate limits, payment amount limits, or page sizes when listing objects?'],
];

/** "webhook-signatures" → "Webhook signatures"; "/" → "Home". */
export function titleOfPath(path: string): string {
	const last = path.split('/').filter(Boolean).pop();
	if (!last) return 'Home';
	const words = last.replace(/[-_]+/g, ' ');
	return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A deterministic data set for `pages`, ending just before `anchor`. */
export function generateAnalytics(pages: readonly DocsPage[], anchor: Date, options: AnalyticsOptions): StandInAnalytics {
	const random = seeded(options.seed ?? 11);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
	const days = Math.max(1, Math.min(400, options.days ?? 90));
	const site = options.siteUrl.replace(/\/+$/, '');
	// A folder's README is not a page readers visit.
	const all = pages.map(p => p.path).filter(p => !/^\/readme$/i.test(p));
	// A large site (thousands of pages) gets the traffic of an even spread of `maxPages` of them: the
	// data set stays a few MB and fast to cut, whatever the folder.
	const step = Math.max(1, all.length / maxPages);
	const paths = all.length ? Array.from({ length: Math.min(all.length, maxPages) }, (_, i) => all[Math.floor(i * step)]) : ['/'];
	// Whole UTC days up to and including the anchor's; no event after the anchor itself.
	const end = Math.floor(anchor.getTime() / day) * day + day;
	const last = anchor.getTime();
	// Some pages draw more readers; API reference and SDK pages draw more agents.
	const weight = new Map(paths.map((p, i) => [p, 1 + ((i * 7) % 5) + (p === '/quickstart' || p === '/' ? 6 : 0)]));
	const aiShare = (p: string) => (/api-reference/.test(p) ? 0.7 : /sdks/.test(p) ? 0.55 : /guides/.test(p) ? 0.3 : 0.12);

	const views: ViewBucket[] = [];
	for (let d = days; d >= 1; d--) {
		const start = end - d * day + day;
		for (const path of paths) {
			const base = Math.round(weight.get(path)! * (4 + random() * 8) * (d % 7 === 0 || d % 7 === 1 ? 0.6 : 1));
			const ai = Math.round((base * aiShare(path)) / (1 - aiShare(path)) + random() * 2);
			views.push({ path, day: start - day, human: base, ai, humanVisitors: Math.max(0, Math.round(base * 0.7)), aiVisitors: Math.round(ai * 0.4) });
		}
	}

	const searchTerms: { term: string; target: string | null; ctr: number; rate: number }[] = [
		...paths.filter(p => p !== '/').map(p => ({ term: titleOfPath(p).toLowerCase(), target: p, ctr: 0.45 + random() * 0.45, rate: 0.3 + random() * 1.5 })),
		...gapTerms.map((term, i) => ({ term, target: null, ctr: 0, rate: 0.7 + i * 0.2 })),
	];
	const searches: SearchEvent[] = [];
	for (let d = days; d >= 1; d--) {
		const start = end - d * day;
		for (const t of searchTerms) {
			const count = Math.floor(t.rate + random() * t.rate);
			for (let i = 0; i < count; i++) {
				const clicked = t.target && random() < t.ctr ? (random() < 0.85 ? t.target : pick(paths)) : null;
				const at = start + Math.floor(random() * day);
				if (at < last) searches.push({ term: t.term, at, clicked });
			}
		}
	}
	searches.sort((a, b) => a.at - b.at);

	const turns: ConversationTurn[] = [];
	const threads = new Map<string, { threadId: string; createdAt: string; messages: ThreadMessage[] }>();
	const callers: Caller[] = ['web', 'web', 'web', 'web', 'api', 'other'];
	const threadCount = days * 2;
	for (let n = 0; n < threadCount; n++) {
		const started = last - 900_000 - Math.floor(random() * (days * day - 900_000));
		const threadId = ulid(started, random);
		const messages: ThreadMessage[] = [];
		const caller = pick(callers);
		const startPage = pick(paths);
		const turnsHere = 1 + Math.floor(random() * 3);
		let at = started;
		for (let k = 0; k < turnsHere; k++) {
			const roll = random();
			const page = k === 0 ? startPage : pick(paths);
			const title = titleOfPath(page);
			let query: string;
			let response: string;
			let responseType: ConversationTurn['responseType'] = 'answer';
			let resolution: ConversationTurn['resolutionStatus'] = 'answered';
			let sources: { title: string; url: string }[] = [];
			let category: string | null = /api-reference/.test(page)
				? 'API usage'
				: /sdks/.test(page)
					? 'SDKs'
					: /guides/.test(page)
						? 'Integration'
						: 'Getting started';
			if (roll < 0.12) {
				[query, response] = pick(vague);
				responseType = 'clarifying_question';
				category = null;
			} else if (roll < 0.22) {
				query = pick(unanswered);
				response = 'The documentation does not cover this. You can contact support from the dashboard.';
				resolution = 'unanswered';
				category = 'Unsupported';
			} else {
				query = pick([`How do I use ${title.toLowerCase()}?`, `Is there an example for ${title.toLowerCase()}?`, `What does ${title.toLowerCase()} do?`]);
				response = `${title} is described on its page: follow the steps there, then check the result in the dashboard.`;
				const second = pick(paths);
				sources = [page, ...(second !== page && random() < 0.5 ? [second] : [])].map(p => ({ title: titleOfPath(p), url: `${site}${p === '/' ? '' : p}` }));
			}
			const id = k === 0 ? threadId : ulid(at, random);
			messages.push({ id: `${id}-u`, role: 'user', content: query, createdAt: new Date(at).toISOString() });
			messages.push({ id: `${id}-a`, role: 'assistant', content: response, createdAt: new Date(at + 4_000).toISOString() });
			turns.push({
				id,
				threadId,
				at,
				query,
				response,
				responseType,
				sources,
				resolutionStatus: resolution,
				queryCategory: category,
				pageUrl: caller === 'web' ? `${site}${startPage === '/' ? '' : startPage}` : null,
				caller,
			});
			at += 60_000 + Math.floor(random() * 300_000);
		}
		threads.set(threadId, { threadId, createdAt: new Date(started).toISOString(), messages });
	}
	turns.sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
	return { searches, views, turns, threads, siteUrl: site };
}
