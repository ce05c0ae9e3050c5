// Worker thread that reads OpenAPI documents off the language server's main thread: a 10 MB YAML
// spec takes seconds to parse, and the server must keep answering completions meanwhile.
import { parentPort } from 'node:worker_threads';
import { readOpenApiSpec } from '../core/openapi/openApiSpec';
import { validateSpec } from './specValidation';

parentPort?.on('message', async (request: { id: number; uri: string; text: string }) => {
	try {
		const spec = readOpenApiSpec(request.uri, request.text);
		parentPort!.postMessage({ id: request.id, spec: await validateSpec(request.uri, request.text, spec) });
	} catch (e) {
		parentPort!.postMessage({ id: request.id, error: e instanceof Error ? e.message : String(e) });
	}
});
