import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createPagePool } from '../../../server/src/node/workers/pagePool';

/**
 * A stand-in worker: summarizes every page to nothing, except a page holding HANG (never answers),
 * CRASH (throws outside the message handler: the worker's `error`) or EXIT (the thread exits).
 */
const standIn = `
const { parentPort } = require('node:worker_threads');
const empty = { diagnostics: [], links: [], headings: [], imports: [], folds: [], elements: [] };
parentPort.on('message', ({ id, pages }) => {
	if (pages.some(p => p.text.includes('HANG'))) return;
	if (pages.some(p => p.text.includes('CRASH'))) setImmediate(() => { throw new Error('boom'); });
	else if (pages.some(p => p.text.includes('EXIT'))) process.exit(3);
	else parentPort.postMessage({ id, summaries: pages.map(() => empty) });
});`;

/** Issue 51: a worker's crash, exit or hang fails its page (one finding), never the run, never a wait. */
describe('page workers that fail', function () {
	this.timeout(60_000);
	let dir: string;
	before(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-workers-'));
		writeFileSync(path.join(dir, 'worker.js'), standIn);
	});
	after(() => rmSync(dir, { recursive: true, force: true }));

	it('gives the failing page alone one page-too-complex finding and checks the others on fresh workers', async () => {
		const pool = createPagePool(2, path.join(dir, 'worker.js'), 300);
		try {
			const texts = Array.from({ length: 40 }, (_, i) => (i === 5 ? 'CRASH' : i === 37 ? 'EXIT' : `# P${i}`));
			const summaries = await pool(
				texts.map((text, i) => TextDocument.create(`file:///site/p${i}.mdx`, 'mdx', 1, text)),
				noCancellation,
			);
			const found = summaries.flatMap((s, i) => s.diagnostics.map(d => [i, d.code, /could not check this page/.test(d.message)]));
			assert.deepEqual(found, [
				[5, 'page-too-complex', true],
				[37, 'page-too-complex', true],
			]);
		} finally {
			pool.dispose();
		}
	});

	it('stops a worker past its time budget: the hanging page gets the finding, the run goes on', async function () {
		// The budget covers a fresh worker's start too: 0.5 s let pages that do answer fail on a machine
		// running twenty processes on two cores. 8 s: the hang is met twice (its batch, then alone).
		this.timeout(120_000);
		process.env.MINTDOC_TEST_PAGE_BUDGET_MS = '8000';
		const pool = createPagePool(2, path.join(dir, 'worker.js'), 300);
		try {
			const texts = Array.from({ length: 40 }, (_, i) => (i === 12 ? 'HANG' : `# P${i}`));
			const summaries = await pool(
				texts.map((text, i) => TextDocument.create(`file:///site/p${i}.mdx`, 'mdx', 1, text)),
				noCancellation,
			);
			assert.deepEqual(
				summaries.flatMap((s, i) => s.diagnostics.map(d => [i, d.code, d.message.includes('took over 8 s')])),
				[[12, 'page-too-complex', true]],
			);
		} finally {
			delete process.env.MINTDOC_TEST_PAGE_BUDGET_MS;
			pool.dispose();
		}
	});
});
