// Worker thread that reads OpenAPI documents off the language server's main thread: a 10 MB YAML
// spec takes seconds to parse, and the server must keep answering completions meanwhile.
import { parentPort } from 'node:worker_threads';
import { readOpenApiSpec, type OpenApiSpec } from '../core/openapi/openApiSpec';
import { validateSpec } from './specValidation';

parentPort?.on('message', async (request: { id: number; op: 'read' | 'validate'; uri: string; text: string; spec?: OpenApiSpec }) => {
	try {
		const spec = request.spec ?? readOpenApiSpec(request.uri, request.text);
		parentPort!.postMessage({ id: request.id, spec: request.op === 'validate' ? await validateSpec(request.uri, request.text, spec) : spec });
	} catch (e) {
		parentPort!.postMessage({ id: request.id, error: e instanceof Error ? e.message : String(e) });
	}
});
