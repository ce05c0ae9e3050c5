import type { LspSession } from './lspSession';
import type { GeneratedSite } from './siteGenerator';
import { percentile } from './stats';

/** p95 of each completion a writer meets on a page, with the number of items of the last answer. */
export interface WritingFigures {
	writingCompletionP95Ms: Record<WritingPlace, number>;
	writingCompletionItems: Record<WritingPlace, number>;
}

export type WritingPlace = 'frontmatter key' | 'icon value' | 'related page' | 'fence meta' | 'closing tag' | 'import path' | 'component';

/**
 * Completion where a writer types on a page of the site (the frontmatter, a code fence, a tag, an
 * import), on the page the MDX edits used: the site-sized lists (the icon library, every page route
 * for `related`) are the ones that grow with the site. The page gets one edit that adds the places;
 * the positions are worked out before the clock starts.
 */
export async function writingRequests(session: LspSession, root: string, site: GeneratedSite, n = 30): Promise<WritingFigures> {
	const uri = `${root}/${site.middlePage}.mdx`;
	const original = session.text(uri);
	const head = original.startsWith('---\n') ? '---\n' : '';
	const frontmatterLines = '\nicon: \nrelated:\n  - /\n';
	const body = '\n\n```js \n```\n\n<Note>\n</\n\nimport { X } from "/snippets/\n\n<\n';
	await session.edit(uri, 0, head.length, head ? head + frontmatterLines : `---\ntitle: Bench${frontmatterLines}---\n`);
	await session.edit(uri, session.text(uri).length, 0, body);
	const text = session.text(uri);
	const after = (needle: string, from = 0) => session.positionAt(uri, text.indexOf(needle, from) + needle.length);
	const bodyStart = text.length - body.length;
	const places: Record<WritingPlace, ReturnType<typeof after>> = {
		'frontmatter key': session.positionAt(uri, text.indexOf('\n') + 1),
		'icon value': after('\nicon: '),
		'related page': after('\n  - /'),
		'fence meta': after('```js ', bodyStart),
		'closing tag': after('<Note>\n</', bodyStart),
		'import path': after('from "/snippets/', bodyStart),
		component: after('\n\n<', bodyStart + body.indexOf('import')),
	};
	const p95 = {} as Record<WritingPlace, number>;
	const items = {} as Record<WritingPlace, number>;
	for (const [place, position] of Object.entries(places) as [WritingPlace, (typeof places)[WritingPlace]][]) {
		const samples: number[] = [];
		let last: unknown;
		for (let i = 0; i < n; i++) {
			const sent = performance.now();
			last = await session.completion(uri, position);
			samples.push(performance.now() - sent);
		}
		p95[place] = percentile(samples, 95);
		items[place] = Array.isArray(last) ? last.length : ((last as { items?: unknown[] } | null)?.items?.length ?? 0);
	}
	// The page as it was, so later parts see the site unchanged.
	await session.edit(uri, 0, session.text(uri).length, original);
	return { writingCompletionP95Ms: p95, writingCompletionItems: items };
}
