import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { guardedText, readGuardedSync, realFolders } from '../server/src/node/runtime/guardedRead';

/** A feedback entry as the stand-in serves it (the wire shape of the spec, plus extras some sources carry). */
export interface StandInFeedback {
	readonly id: string;
	readonly path: string;
	readonly comment: string;
	readonly createdAt: string;
	readonly source: string;
	readonly status: string;
	readonly helpful?: boolean;
	/** Contextual entries: the reader's e-mail, null when they left none (the platform sends the field either way). */
	readonly contact?: string | null;
	readonly code?: string;
	readonly filename?: string | null;
	readonly lang?: string;
	readonly [extra: string]: unknown;
}

/** A page of the docs site the entries point at, with its fenced code blocks. */
export interface DocsPage {
	/** Site path, e.g. `/guides/webhooks`; `/` for the root index page. */
	readonly path: string;
	readonly codeBlocks: readonly { readonly code: string; readonly lang: string; readonly filename?: string }[];
}

/** Pages of examples/acme, used when no `--docs` folder is given. */
export const builtinPages: readonly DocsPage[] = [
	'/',
	'/quickstart',
	'/authentication',
	'/changelog',
	'/concepts/overview',
	'/concepts/payments/lifecycle',
	'/concepts/payments/captures',
	'/concepts/payments/refunds',
	'/concepts/customers/overview',
	'/concepts/customers/payment-methods',
	'/guides/webhooks',
	'/guides/webhook-signatures',
	'/guides/idempotency',
	'/guides/pagination',
	'/guides/errors',
	'/guides/testing',
	'/sdks/javascript/installation',
	'/sdks/javascript/usage',
	'/sdks/python/installation',
	'/sdks/python/usage',
	'/api-reference/introduction',
	'/api-reference/endpoint/refund',
].map(p => ({
	path: p,
	codeBlocks:
		p === '/quickstart'
			? [
					{ code: 'export ACME_API_KEY="sk_test_your_key_here"', lang: 'bash', filename: 'Terminal' },
					{ code: 'npm install @acme-payments/node', lang: 'bash', filename: 'Install' },
				]
			: p.startsWith('/sdks/python')
				? [{ code: 'pip install acme-payments', lang: 'bash', filename: 'Install' }]
				: [],
}));

/** The pages of a docs folder (`.mdx`/`.md`, not snippets, not hidden or node_modules) with their code blocks. */
export function scanDocs(dir: string): DocsPage[] {
	const pages: DocsPage[] = [];
	// Read as the check reads a site: regular files inside the folder, to the size cap.
	const inside = realFolders([dir]);
	const walk = (relative: string) => {
		for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
			if (entry.name.startsWith('.') || entry.name === 'node_modules' || entry.name === 'snippets') continue;
			const child = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) walk(child);
			else if (/\.mdx?$/.test(entry.name)) {
				const route = child.replace(/\.mdx?$/, '').replace(/(^|\/)index$/, '');
				const text = guardedText(readGuardedSync(path.join(dir, child), { inside }));
				if (text !== undefined) pages.push({ path: `/${route}`, codeBlocks: codeBlocksOf(text) });
			}
		}
	};
	walk('');
	return pages.sort((a, b) => a.path.localeCompare(b.path));
}

/** Fenced code blocks of an MDX text: language, the title after it (Mintlify's filename), dedented code. */
export function codeBlocksOf(text: string): DocsPage['codeBlocks'] {
	const blocks: { code: string; lang: string; filename?: string }[] = [];
	const fence = /^([ \t]*)```([\w+#.-]*)[ \t]*([^\n{]*?)[ \t]*(?:\{[^\n]*\})?\n([\s\S]*?)\n\1```/gm;
	for (const m of text.matchAll(fence)) {
		const indent = m[1].length;
		const code = m[4]
			.split('\n')
			.map(line => line.slice(Math.min(indent, line.length - line.trimStart().length)))
			.join('\n');
		const filename = m[3].replace(/\s+\w+=(?:"[^"]*"|\S+)/g, '').trim() || undefined;
		blocks.push({ code, lang: m[2] || 'text', ...(filename ? { filename } : {}) });
	}
	return blocks;
}

/** mulberry32: a small seeded generator, so the data set is the same on every run. */
export function seeded(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const helpfulComments = [
	'Clear and to the point, thanks!',
	'This answered my question.',
	'Great examples.',
	'Exactly what I needed to get started.',
	'The diagram made it click.',
];
const unhelpfulComments = [
	'The steps skip how to get a sandbox key.',
	'Missing an example for Python.',
	'This page contradicts the API reference.',
	'I could not find which fields are required.',
	'Outdated: the dashboard menu moved.',
	'Please explain the error codes in more detail.',
	'The link to the webhook guide is broken.',
	'Too long; a summary at the top would help.',
];
const codeComments = [
	'This snippet fails with a syntax error.',
	'The import path is wrong in the current SDK.',
	'Copying this gives me a 401.',
	'Add the expected output?',
	'Works, but uses a deprecated option.',
	'Variable name does not match the text above.',
];
const agentComments = [
	'The assistant could not answer how refunds are retried.',
	'The assistant cited a page that no longer exists.',
	'Assistant answer was correct but slow.',
	'Asked about idempotency keys; the answer was vague.',
];

/**
 * A deterministic feedback data set: `count` entries newest first, one every ~9.6 hours before
 * `anchor`, mixing sources (half contextual, a third code snippet, the rest agent) and statuses.
 * Contextual entries carry `helpful` and sometimes `contact`; code-snippet entries carry the
 * `code`, `filename` and `lang` of a real block of their page; agent entries carry an extra
 * `threadId` (fields the spec does not list, which clients must keep).
 */
export function generateFeedback(pages: readonly DocsPage[], anchor: Date, count = 300, seed = 7): StandInFeedback[] {
	const random = seeded(seed);
	const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
	const withCode = pages.filter(p => p.codeBlocks.length > 0);
	const all = pages.length ? pages : builtinPages;
	const entries: StandInFeedback[] = [];
	const step = 9.6 * 3600_000;
	for (let i = 0; i < count; i++) {
		const createdAt = new Date(anchor.getTime() - Math.round(i * step + random() * 3 * 3600_000 + 60_000)).toISOString();
		const id = `fb_${String(i + 1).padStart(4, '0')}${Math.floor(random() * 0xffff)
			.toString(16)
			.padStart(4, '0')}`;
		const roll = random();
		const statusRoll = random();
		const status = statusRoll < 0.45 ? 'pending' : statusRoll < 0.6 ? 'in_progress' : statusRoll < 0.9 ? 'resolved' : 'dismissed';
		if (roll < 0.35 && withCode.length) {
			const page = pick(withCode);
			const block = pick(page.codeBlocks);
			const code = block.code.length > 800 ? `${block.code.slice(0, 800)}\n…` : block.code;
			entries.push({
				id,
				path: page.path,
				comment: pick(codeComments),
				createdAt,
				source: 'code_snippet',
				status,
				code,
				lang: block.lang,
				filename: block.filename ?? null,
			});
		} else if (roll < 0.85) {
			const helpful = random() < 0.4;
			const thumbsOnly = random() < 0.1;
			const contact = random() < 0.35 ? `reader${i + 1}@example.com` : undefined;
			// A bare thumbs-up/down vote is its own source since 2026-03 (`thumbs_only`): no comment, no contact.
			if (thumbsOnly) entries.push({ id, path: pick(all).path, comment: '', createdAt, source: 'thumbs_only', status, helpful });
			else
				entries.push({
					id,
					path: pick(all).path,
					comment: pick(helpful ? helpfulComments : unhelpfulComments),
					createdAt,
					source: 'contextual',
					status,
					helpful,
					contact: contact ?? null,
				});
		} else {
			entries.push({ id, path: pick(all).path, comment: pick(agentComments), createdAt, source: 'agent', status, threadId: `thr_${(i * 7919).toString(36)}` });
		}
	}
	return sortNewestFirst(entries);
}

/** Newest first; equal times by id, descending: the one order every page is cut from. */
export function sortNewestFirst<T extends { readonly createdAt: string; readonly id: string }>(entries: readonly T[]): T[] {
	return [...entries].sort((a, b) => compareDesc(a, b));
}

export function compareDesc(a: { readonly createdAt: string; readonly id: string }, b: { readonly createdAt: string; readonly id: string }): number {
	const ta = Date.parse(a.createdAt);
	const tb = Date.parse(b.createdAt);
	if (ta !== tb) return tb - ta;
	return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
