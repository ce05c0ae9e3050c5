import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/**
 * limitHeapGrowth changes V8's flags for the whole process, once: it runs in a child process of
 * its own. There, garbage made as a load makes it (a million small objects, dropped) is still on
 * the heap until a collection; the limit is applied with one, so the heap afterwards holds what is
 * live, not the load's garbage.
 */
describe('heap growth once a site is loaded', () => {
	it("applies the growth limit at once: the load's garbage is collected when the limit is set", function () {
		this.timeout(60_000);
		const script = `
			const { limitHeapGrowth } = require(${JSON.stringify(path.resolve(__dirname, '../../../server/src/node/runtime/heapGrowth'))});
			let load = [];
			for (let i = 0; i < 1_000_000; i++) load.push({ i, name: 'page-' + i });
			load = undefined;
			const before = process.memoryUsage().heapUsed;
			limitHeapGrowth();
			const after = process.memoryUsage().heapUsed;
			process.stdout.write(JSON.stringify({ before, after }));
		`;
		const { before, after } = JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { encoding: 'utf8' })) as {
			before: number;
			after: number;
		};
		assert.ok(before > 40 * 2 ** 20, `the load left ${(before / 2 ** 20).toFixed(0)} MB on the heap`);
		assert.ok(after < before / 4, `after the limit was set the heap held ${(after / 2 ** 20).toFixed(0)} of ${(before / 2 ** 20).toFixed(0)} MB`);
	});

	it('collects the young generation when the server is idle, once the site is loaded (before: V8 decides)', function () {
		this.timeout(60_000);
		const script = `
			const { getHeapSpaceStatistics } = require('node:v8');
			const { collectYoungGeneration, limitHeapGrowth } = require(${JSON.stringify(path.resolve(__dirname, '../../../server/src/node/runtime/heapGrowth'))});
			const young = () => getHeapSpaceStatistics().find(space => space.space_name === 'new_space').space_used_size;
			// Garbage in the young generation, short of what would make V8 collect it.
			const fill = () => { let junk = []; for (let i = 0; i < 20_000; i++) junk.push({ i }); junk = undefined; };
			fill();
			const before = young();
			collectYoungGeneration();
			const notLoaded = young();
			limitHeapGrowth();
			fill();
			const filled = young();
			collectYoungGeneration();
			const idle = young();
			setImmediate(() => process.stdout.write(JSON.stringify({ before, notLoaded, filled, idle})));
		`;
		const r = JSON.parse(execFileSync(process.execPath, ['--require', 'tsx/cjs', '-e', script], { encoding: 'utf8' })) as Record<string, number>;
		assert.ok(r.before > 2 ** 19, JSON.stringify(r));
		assert.ok(r.notLoaded >= r.before, `nothing collected before the site is loaded: ${JSON.stringify(r)}`);
		assert.ok(r.filled > 2 ** 19, JSON.stringify(r));
		assert.ok(r.idle < r.filled / 4, `the young generation held ${r.idle} of ${r.filled} bytes after the idle collection`);
	});
});
