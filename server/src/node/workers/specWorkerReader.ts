import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readOpenApiSpec, type OpenApiSpec } from '../../core/openapi/openApiSpec';
import type { SpecReader } from '../../core/languageService';
import { idleStop } from '../runtime/idleStop';
import { specBudget, withTooComplex } from '../../core/openapi/specBudget';

/** Specs smaller than this are read inline: starting a round trip costs more than parsing them. */
export const inlineLimit = 256 * 1024;

/**
 * A worker that validated a 15 MB document holds hundreds of MB it will not need again until the
 * next change: it is stopped after this long without work and started again on demand.
 */
export const specWorkerIdleMs = 5_000;

/**
 * A {@link SpecReader} that parses large OpenAPI documents in worker threads (dist/specWorker.js),
 * so the server's event loop stays free. Small documents are read inline. The server uses one
 * worker (documents one at a time); the CLI one per core, so several documents are read and
 * validated at once while the main thread reads pages.
 */
export function createWorkerSpecReader(
	workerPath = path.join(__dirname, 'specWorker.js'),
	idleMs = specWorkerIdleMs,
	size = 1,
	/** Wall time one validation may take before its worker is terminated and the document reported too complex. */
	budgetMs = specBudget.maxMs,
): SpecReader & { validate(uri: string, text: string, spec?: OpenApiSpec): Promise<OpenApiSpec>; dispose(): void; readonly running: boolean } {
	type Request = { resolve: (spec: OpenApiSpec) => void; uri: string; text: string; op: 'read' | 'validate'; spec?: OpenApiSpec; timer?: NodeJS.Timeout };
	const workers: { worker: Worker; pending: Map<number, Request> }[] = [];
	let nextId = 0;
	const idle = idleStop(
		idleMs,
		() => workers.some(w => w.pending.size),
		() => workers.splice(0).forEach(slot => void slot.worker.terminate()),
	);
	const start = () => {
		const slot = { worker: new Worker(workerPath), pending: new Map<number, Request>() };
		slot.worker.unref();
		slot.worker.on('message', (reply: { id: number; started?: true; spec?: OpenApiSpec; error?: string }) => {
			const request = slot.pending.get(reply.id);
			if (!request) return;
			if (reply.started) {
				// A document made to explode ($refs that multiply) must not hold the check forever: past the budget the worker is
				// terminated (JavaScript cannot be interrupted otherwise), the document gets one finding, and its neighbours start over.
				// Counted from when the worker took it up, so a worker still loading or a queue on a busy machine is never blamed on it.
				request.timer = setTimeout(() => overBudget(slot, reply.id), budgetMs);
				request.timer.unref();
				return;
			}
			slot.pending.delete(reply.id);
			clearTimeout(request.timer);
			request.resolve(reply.spec ?? readOpenApiSpec(request.uri, ''));
			idle.settle();
		});
		// A crashed worker must not leave requests hanging: read them inline and start a fresh worker next time.
		slot.worker.on('error', () => {
			const at = workers.indexOf(slot);
			if (at !== -1) workers.splice(at, 1);
			for (const request of slot.pending.values()) {
				clearTimeout(request.timer);
				request.resolve(readOpenApiSpec(request.uri, request.text));
			}
			slot.pending.clear();
		});
		workers.push(slot);
		return slot;
	};
	const ask = (op: 'read' | 'validate', uri: string, text: string, spec?: OpenApiSpec): Promise<OpenApiSpec> => {
		idle.cancel();
		const free = workers.find(w => w.pending.size === 0);
		const slot = free ?? (workers.length < Math.max(1, size) ? start() : workers.reduce((a, b) => (b.pending.size < a.pending.size ? b : a)));
		const id = nextId++;
		return new Promise(resolve => {
			const request: Request = { resolve, uri, text, op, spec };
			slot.pending.set(id, request);
			slot.worker.postMessage({ id, op, uri, text, spec });
		});
	};
	const overBudget = (slot: (typeof workers)[number], id: number) => {
		const late = slot.pending.get(id);
		if (!late) return;
		const at = workers.indexOf(slot);
		if (at !== -1) workers.splice(at, 1);
		void slot.worker.terminate();
		const others = [...slot.pending.entries()].filter(([other]) => other !== id).map(([, r]) => r);
		slot.pending.clear();
		for (const request of others) clearTimeout(request.timer);
		late.resolve(
			withTooComplex(
				late.spec ?? readOpenApiSpec(late.uri, late.text),
				`validating it took over ${budgetMs >= 1000 ? `${Math.round(budgetMs / 1000)} s` : `${budgetMs} ms`}`,
			),
		);
		for (const request of others) void ask(request.op, request.uri, request.text, request.spec).then(request.resolve);
		idle.settle();
	};
	// Small documents are read here at once, unless the caller does not wait; large ones in the worker. Validation always runs there.
	const reader = (uri: string, text: string, options?: { readonly background?: boolean }): OpenApiSpec | Promise<OpenApiSpec> =>
		text.length < inlineLimit && !options?.background ? readOpenApiSpec(uri, text) : ask('read', uri, text);
	const api = Object.assign(reader, {
		// Without `spec`, the worker reads the document too (the CLI: nothing of it on the main thread).
		validate: (uri: string, text: string, spec?: OpenApiSpec) => ask('validate', uri, text, spec),
		dispose: () => {
			idle.cancel();
			for (const slot of workers.splice(0)) void slot.worker.terminate();
		},
	});
	// Whether a worker thread is running (tests): a getter, so it is read live.
	return Object.defineProperty(api, 'running', { get: () => workers.length > 0 }) as typeof api & { readonly running: boolean };
}
