import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readOpenApiSpec, type OpenApiSpec } from '../../../server/src/core/openapi/openApiSpec';
import { createPersistentSpecValidator } from '../../../server/src/node/caches/specCache';

const text = 'openapi: 3.1.0\ninfo: { title: T, version: "1" }\npaths:\n  /pets:\n    get:\n      responses: { "200": { description: ok } }\n';

/** A validator that reads the document and reports one problem, counting its calls. */
function counting() {
	const calls: string[] = [];
	const validate = async (uri: string, source: string): Promise<OpenApiSpec> => {
		calls.push(uri);
		return { ...readOpenApiSpec(uri, source), problems: [{ message: 'a finding', span: { offset: 0, length: 1 } }] };
	};
	return Object.assign(validate, { calls });
}

describe('persistent OpenAPI validation cache', () => {
	let dir: string;
	let file: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-spec-cache-'));
		file = path.join(dir, 'pages.bin.openapi');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('validates an unchanged document once across runs, and again when its text or address changes', async () => {
		const first = counting();
		const cold = createPersistentSpecValidator(first, file, 'fp');
		const fresh = await cold('file:///site/openapi.yaml', text);
		await cold.flush();
		const second = counting();
		const warm = createPersistentSpecValidator(second, file, 'fp');
		assert.deepEqual(await warm('file:///site/openapi.yaml', text), fresh);
		assert.deepEqual(second.calls, []);
		await warm('file:///site/openapi.yaml', text + '\n# edited\n');
		await warm('file:///site/other.yaml', text);
		assert.deepEqual(second.calls, ['file:///site/openapi.yaml', 'file:///site/other.yaml']);
		assert.deepEqual(
			fresh.operations.map(o => `${o.method} ${o.path}`),
			['GET /pets'],
		);
	});

	it('ignores a damaged file or one of another build', async () => {
		const cold = createPersistentSpecValidator(counting(), file, 'fp');
		await cold('file:///site/openapi.yaml', text);
		await cold.flush();
		const other = counting();
		await createPersistentSpecValidator(other, file, 'another build')('file:///site/openapi.yaml', text);
		assert.equal(other.calls.length, 1);
		writeFileSync(file, 'not a cache');
		const damaged = counting();
		const validator = createPersistentSpecValidator(damaged, file, 'fp');
		await validator('file:///site/openapi.yaml', text);
		assert.equal(damaged.calls.length, 1);
		assert.equal(validator.stats.loaded, 'ignored');
	});
});
