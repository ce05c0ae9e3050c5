// Worker thread that reads OpenAPI documents off the language server's main thread: a 10 MB YAML
// spec takes seconds to parse, and the server must keep answering completions meanwhile.
import { parentPort } from 'node:worker_threads';
import { readOpenApiSpec, type OpenApiSpec } from '../../core/openapi/openApiSpec';
import { parseSpecText } from '../../core/openapi/specTree';
import { prepareOpenApiSchema } from '../../core/openapi/openApiSchemas';
import { validateSpec } from '../../core/openapi/specValidation';

type SpecRequest = { id: number; op: 'read' | 'validate'; uri: string; text: string; spec?: OpenApiSpec };

// answer() replies to every request, failures included, so its promise is safely not awaited.
parentPort?.on('message', (request: SpecRequest) => void answer(request));

async function answer(request: SpecRequest): Promise<void> {
	try {
		// Read and validated here (the CLI): one parse serves both.
		const parsed = request.spec ? undefined : parseSpecText(request.text, request.uri);
		const spec = request.spec ?? readOpenApiSpec(request.uri, request.text, parsed);
		if (request.op === 'validate') {
			// The reader's time budget starts now: not while this thread loaded or compiled the OpenAPI schema
			// (half a second, once), nor while the request waited behind others.
			if (!spec.isSwagger2) prepareOpenApiSchema({ openapi: spec.version });
			parentPort!.postMessage({ id: request.id, started: true });
		}
		parentPort!.postMessage({ id: request.id, spec: request.op === 'validate' ? await validateSpec(request.uri, request.text, spec, parsed) : spec });
	} catch (e) {
		parentPort!.postMessage({ id: request.id, error: e instanceof Error ? e.message : String(e) });
	}
}
