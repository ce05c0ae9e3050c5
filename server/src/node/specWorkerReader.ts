import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { readOpenApiSpec, type OpenApiSpec } from '../core/openapi/openApiSpec';
import type { SpecReader } from '../core/languageService';

/** Specs smaller than this are read inline: starting a round trip costs more than parsing them. */
export const inlineLimit = 256 * 1024;

/**
 * A worker that validated a 15 MB document holds hundreds of MB it will not need again until the
 * next change: it is stopped after this long without work and started again on demand.
 */
export const specWorkerIdleMs = 5_000;

/**
 * A {@link SpecReader} that parses large OpenAPI documents in a worker thread (dist/specWorker.js),
 * one at a time, so the server's event loop stays free. Small documents are read inline.
 */
export function createWorkerSpecReader(workerPath = path.join(__dirname, 'specWorker.js'), idleMs = specWorkerIdleMs): SpecReader & { validate(uri: string, text: string, spec: OpenApiSpec): Promise<OpenApiSpec>; dispose(): void; readonly running: boolean } {
	let worker: Worker | undefined;
	let nextId = 0;
	const pending = new Map<number, { resolve: (spec: OpenApiSpec) => void; uri: string; text: string }>();
	let idle: NodeJS.Timeout | undefined;
	const stopWhenIdle = () => {
		clearTimeout(idle);
		if (pending.size) return;
		idle = setTimeout(() => {
			if (pending.size || !worker) return;
			void worker.terminate();
			worker = undefined;
		}, idleMs);
		idle.unref();
	};
	const start = () => {
		const w = new Worker(workerPath);
		w.unref();
		w.on('message', (reply: { id: number; spec?: OpenApiSpec; error?: string }) => {
			const request = pending.get(reply.id);
			if (!request) return;
			pending.delete(reply.id);
			request.resolve(reply.spec ?? readOpenApiSpec(request.uri, ''));
			stopWhenIdle();
		});
		// A crashed worker must not leave requests hanging: read them inline and start a fresh worker next time.
		w.on('error', () => {
			worker = undefined;
			for (const [id, request] of pending) {
				pending.delete(id);
				request.resolve(readOpenApiSpec(request.uri, request.text));
			}
		});
		return w;
	};
	const ask = (op: 'read' | 'validate', uri: string, text: string, spec?: OpenApiSpec): Promise<OpenApiSpec> => {
		clearTimeout(idle);
		worker ??= start();
		const id = nextId++;
		return new Promise(resolve => {
			pending.set(id, { resolve, uri, text });
			worker!.postMessage({ id, op, uri, text, spec });
		});
	};
	// Small documents are read here at once; large ones in the worker. Validation always runs there.
	const reader = (uri: string, text: string): OpenApiSpec | Promise<OpenApiSpec> => (text.length < inlineLimit ? readOpenApiSpec(uri, text) : ask('read', uri, text));
	const api = Object.assign(reader, {
		validate: (uri: string, text: string, spec: OpenApiSpec) => ask('validate', uri, text, spec),
		dispose: () => {
			clearTimeout(idle);
			void worker?.terminate();
		},
	});
	// Whether a worker thread is running (tests): a getter, so it is read live.
	return Object.defineProperty(api, 'running', { get: () => worker !== undefined }) as typeof api & { readonly running: boolean };
}
