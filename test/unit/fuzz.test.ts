import * as assert from 'node:assert/strict';
import { fuzzProperties } from '../fuzz/properties';
import { runFuzz } from '../fuzz/runner';

/**
 * The fuzzed properties of test/fuzz/*.fuzz.ts on a small, fixed budget: the same seed every run,
 * so CI sees the same cases. Long runs: `npm run fuzz -- --runs N [--seed S]`.
 */
describe('fuzzing the core (quick budget, fixed seed)', function () {
	this.timeout(120_000);
	const runs: Record<string, number> = { 'docs-json': 25, mdx: 12, openapi: 30, site: 8 };

	for (const property of fuzzProperties) {
		it(`${property.name}: ${property.description} — never throws, ranges inside their documents, no hang`, async () => {
			const lines: string[] = [];
			const [result] = await runFuzz({
				runs: runs[property.name] ?? 10,
				seed: 20_240_611,
				only: [property.name],
				slowMs: 2000,
				hardLimitMs: 60_000,
				log: line => lines.push(line),
			});
			assert.equal(result.failure, undefined, lines.join('\n'));
			assert.equal(result.runs, runs[property.name] ?? 10);
		});
	}
});
