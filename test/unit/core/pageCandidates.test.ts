import * as assert from 'node:assert/strict';
import { candidateStats, rankLinearly, rankPageCandidates, sortPaths, type CandidateQuery } from '../../../server/src/core/features/pageCandidates';
import { createRandom } from '../../../bench/random';

/** The bench's seeded generator: the same cases on every run. */
const random = (seed: number) => createRandom(seed).next;

const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)];

/** Versioned, localized page paths in mixed case, as on crewAI (`v1.15.4/pt-BR/guides/…`). */
function site(next: () => number, count: number): string[] {
	const paths = new Set<string>();
	while (paths.size < count)
		paths.add(
			[
				pick(next, ['v1.0', 'v1.1', 'v2.0', 'edge', 'V3']),
				pick(next, ['en', 'pt-BR', 'ko', 'Fr']),
				pick(next, ['guides', 'api', 'Concepts', 'tools/a', 'tools/b']),
			]
				.slice(0, 1 + Math.floor(next() * 3))
				.join('/') + `/${pick(next, ['page', 'Page', 'intro', 'setup'])}-${Math.floor(next() * 500)}`,
		);
	return [...paths];
}

function sample(next: () => number, list: readonly string[], share: number): Set<string> {
	return new Set(list.filter(() => next() < share));
}

describe('page completion candidates (a keystroke reads a few hundred pages, not the site)', () => {
	it('equals the ranking read from every page, on random sites and queries', () => {
		const next = random(32);
		for (let round = 0; round < 300; round++) {
			const paths = site(next, 50 + Math.floor(next() * 600));
			const all = sortPaths(paths);
			const listedAnywhere = sample(next, paths, next());
			const unlisted = sortPaths(paths.filter(p => !listedAnywhere.has(p)));
			const around = pick(next, paths);
			const query: CandidateQuery = {
				listedHere: sample(next, paths, next() * 0.2),
				listedAnywhere,
				needle: pick(next, ['', '', around.slice(0, Math.floor(next() * around.length)).toLowerCase(), 'page', 'v', 'zzz', 'pt-br/']),
				folder: pick(next, ['', around.replace(/[^/]*$/, ''), 'v2.0/', 'V3/ko/api/', 'nowhere/']),
				limit: pick(next, [1, 5, 20, 200]),
			};
			assert.deepEqual(rankPageCandidates(all, unlisted, query), rankLinearly(all, query), JSON.stringify({ round, ...query, listedHere: undefined }));
		}
	});

	it('reads only about as many pages as it answers when the typed start and the folder narrow them', () => {
		const paths: string[] = [];
		for (let v = 0; v < 30; v++) for (const language of ['en', 'pt-BR', 'ko']) for (let i = 0; i < 300; i++) paths.push(`v1.${v}/${language}/guides/page-${i}`);
		const all = sortPaths(paths);
		const query: CandidateQuery = {
			listedHere: new Set(paths.slice(0, 40)),
			listedAnywhere: new Set(paths),
			needle: 'v1.',
			folder: 'v1.14/ko/guides/',
			limit: 200,
		};
		const answer = rankPageCandidates(all, sortPaths([]), query);
		assert.deepEqual(answer, rankLinearly(all, query));
		assert.ok(answer.every(p => p.startsWith('v1.14/ko/guides/')));
		rankPageCandidates(all, sortPaths([]), query);
		assert.ok(candidateStats.visited <= 400, `read ${candidateStats.visited} of ${paths.length} pages`);
	});

	it('reads every page once, not three times, when fewer pages start with what is typed than are asked for', () => {
		// Every version's index page holds "ind"; only the top-level one starts with it (the first entry of crewAI's docs.json).
		const paths = ['index', 'indexing'];
		for (let v = 0; v < 30; v++) for (const language of ['en', 'pt-BR', 'ko']) for (let i = 0; i < 100; i++) paths.push(`v1.${v}/${language}/guide-${i}/index`);
		const all = sortPaths(paths);
		const query: CandidateQuery = { listedHere: new Set(['index']), listedAnywhere: new Set(paths.slice(0, 500)), needle: 'ind', folder: '', limit: 200 };
		const answer = rankPageCandidates(all, sortPaths(paths.slice(500)), query);
		assert.equal(candidateStats.visited, paths.length);
		assert.deepEqual(answer, rankLinearly(all, query));
		assert.equal(answer[0], 'indexing');
	});
});
