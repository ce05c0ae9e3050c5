import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { readOpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { cliPageWorkers, createPagePool, pageWorkerIdleMs, smallSitePages } from '../../../server/src/node/workers/pagePool';
import { createWorkerSpecReader, inlineLimit } from '../../../server/src/node/workers/specWorkerReader';

const dist = path.resolve(__dirname, '../../../dist');

/** Polls a condition (worker threads stopping has no event to wait on), up to a generous limit. */
async function eventually(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
	const started = Date.now();
	while (!condition()) {
		if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
		await new Promise(resolve => setTimeout(resolve, 25));
	}
}

describe('worker threads: page pool and spec reader', function () {
	this.timeout(60_000);

	it('the page pool summarizes like the inline path, stops its workers when idle and starts them again', async () => {
		const pool = createPagePool(2, path.join(dist, 'pageWorker.js'), 300);
		try {
			const pages = Array.from({ length: 70 }, (_, i) =>
				TextDocument.create(
					`file:///site/p${i}.mdx`,
					'mdx',
					1,
					`---\ntitle: P${i}\n---\n\n## Part ${i}\n\nSee [next](/p${i + 1}#part-${i + 1}).\n\n<Note>\n  ${i % 7 === 0 ? '<Broken' : 'fine'}\n</Note>\n`,
				),
			);
			const summaries = await pool(pages, noCancellation);
			assert.equal(pool.workers, 2);
			assert.deepEqual(JSON.parse(JSON.stringify(summaries)), JSON.parse(JSON.stringify(pages.map(summarizePage))));
			await eventually(() => pool.workers === 0, 'the idle workers to stop');
			const again = await pool(pages.slice(0, 3), noCancellation);
			assert.deepEqual(JSON.parse(JSON.stringify(again)), JSON.parse(JSON.stringify(summaries.slice(0, 3))));
		} finally {
			pool.dispose();
		}
	});

	it("the CLI's page pool sizes its workers' young generation by the site: V8's own on a small one, 12 MB on a large one", async () => {
		// A stand-in worker answering each page with the resource limits it runs under.
		const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-limits-'));
		const worker = path.join(dir, 'worker.js');
		writeFileSync(
			worker,
			`const { parentPort, resourceLimits } = require('node:worker_threads');
parentPort.on('message', ({ id, pages }) => parentPort.postMessage({ id, summaries: pages.map(() => ({ diagnostics: [{ message: String(resourceLimits.maxYoungGenerationSizeMb) }], links: [], headings: [], imports: [], folds: [], elements: [] })) }));`,
		);
		const youngGeneration = async (pages: number) => {
			const pool = createPagePool(1, worker, cliPageWorkers.idleMs, cliPageWorkers.resourceLimits);
			try {
				const [summary] = await pool([TextDocument.create('file:///site/a.mdx', 'mdx', 1, '# A\n')], noCancellation, { pages });
				return Number(summary.diagnostics[0].message);
			} finally {
				pool.dispose();
			}
		};
		try {
			assert.equal(await youngGeneration(24_803), 12);
			assert.ok((await youngGeneration(smallSitePages)) > 12);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it("the CLI's page pool: the same summaries with its smaller young generation, and its workers stop soon after the last page", async () => {
		// The server keeps its workers 10 s for the next bulk check; the CLI's held ~200 MB meanwhile, while its report was made.
		assert.ok(cliPageWorkers.idleMs * 4 <= pageWorkerIdleMs);
		const pool = createPagePool(2, path.join(dist, 'pageWorker.js'), cliPageWorkers.idleMs, cliPageWorkers.resourceLimits);
		try {
			const pages = Array.from({ length: 40 }, (_, i) =>
				TextDocument.create(`file:///site/c${i}.mdx`, 'mdx', 1, `# C${i}\n\n${'Text with a [link](/c1). '.repeat(20 * i)}\n`),
			);
			const summaries = await pool(pages, noCancellation);
			assert.equal(pool.workers, 2);
			assert.deepEqual(JSON.parse(JSON.stringify(summaries)), JSON.parse(JSON.stringify(pages.map(summarizePage))));
			const stopped = Date.now();
			await eventually(() => pool.workers === 0, 'the idle workers to stop');
			// Generous for a busy machine, and well below the server's 10 s.
			assert.ok(Date.now() - stopped < pageWorkerIdleMs / 2, `stopped after ${Date.now() - stopped} ms`);
		} finally {
			pool.dispose();
		}
	});

	it('the spec reader parses a large document in its worker and stops the worker when idle', async () => {
		const reader = createWorkerSpecReader(path.join(dist, 'specWorker.js'), 300);
		try {
			const paths: Record<string, unknown> = {};
			for (let i = 0; paths && JSON.stringify(paths).length < inlineLimit + 10_000; i++)
				paths[`/things${i}`] = { get: { summary: `Thing ${i}`, description: 'x'.repeat(200), responses: { 200: { description: 'OK' } } } };
			const text = JSON.stringify({ openapi: '3.1.0', info: { title: 'Big', version: '1' }, paths });
			const read = reader('file:///site/big.json', text);
			assert.ok(read instanceof Promise, 'a large document is read in the worker');
			const spec = await read;
			assert.equal(reader.running, true);
			assert.deepEqual(
				spec.operations.map(o => `${o.method} ${o.path}`),
				readOpenApiSpec('file:///site/big.json', text).operations.map(o => `${o.method} ${o.path}`),
			);
			await eventually(() => !reader.running, 'the idle spec worker to stop');
			const validated = await reader.validate('file:///site/big.json', text, spec);
			assert.equal(validated.operations.length, spec.operations.length);
		} finally {
			reader.dispose();
		}
	});
	it('the spec reader reads a small document at once, or in its worker when the caller does not wait', async () => {
		const reader = createWorkerSpecReader(path.join(dist, 'specWorker.js'), 300);
		try {
			const text = JSON.stringify({
				openapi: '3.1.0',
				info: { title: 'Small', version: '1' },
				paths: { '/x': { get: { responses: { 200: { description: 'OK' } } } } },
			});
			const inline = reader('file:///site/small.json', text);
			assert.ok(!(inline instanceof Promise), 'read at once');
			assert.equal(reader.running, false);
			const background = reader('file:///site/small.json', text, { background: true });
			assert.ok(background instanceof Promise, 'read in the worker');
			assert.equal(reader.running, true);
			assert.deepEqual(
				(await background).operations.map(o => `${o.method} ${o.path}`),
				['GET /x'],
			);
		} finally {
			reader.dispose();
		}
	});
});
