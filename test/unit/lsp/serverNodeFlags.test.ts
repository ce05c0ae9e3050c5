import * as assert from 'node:assert/strict';
import { languageServerNodeFlags } from '../../../server/src/protocol';

describe('the Node flags the language server runs with', () => {
	const poolSize = (cores: number) => languageServerNodeFlags(cores).find(flag => flag.startsWith('--v8-pool-size='));

	it("leaves the keystroke's thread a core: one V8 helper fewer than the cores, at least one, at most Node's four", () => {
		assert.deepEqual([1, 2, 3, 4, 5, 16].map(poolSize), [
			'--v8-pool-size=1',
			'--v8-pool-size=1',
			'--v8-pool-size=2',
			'--v8-pool-size=3',
			'--v8-pool-size=4',
			'--v8-pool-size=4',
		]);
	});

	it('keeps the young generation and pretenuring flags on every machine', () => {
		for (const cores of [1, 2, 8]) {
			assert.ok(languageServerNodeFlags(cores).includes('--max-semi-space-size=20'));
			assert.ok(languageServerNodeFlags(cores).includes('--no-allocation-site-pretenuring'));
		}
	});
});
