import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { SchemaValidator } from '../../../server/src/core/docsConfig/schemaValidation';
import { createPersistentSchemaMemo } from '../../../server/src/node/caches/schemaCache';

const text = '{\n  "name": "Site",\n  "theme": "nonsense",\n  "navigation": { "pages": ["index"] }\n}\n';

/** The real validator on `source`, counting its calls. */
function counting(source: string) {
	const calls: string[] = [];
	const validate = async (): Promise<Diagnostic[]> => {
		calls.push(source);
		return new SchemaValidator().validate(TextDocument.create('file:///site/docs.json', 'json', 1, source));
	};
	return { validate, calls };
}

describe("persistent cache of the docs.json schema's findings", () => {
	let dir: string;
	let file: string;
	beforeEach(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-schema-cache-'));
		file = path.join(dir, 'pages.bin.schema');
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('validates an unchanged text once across runs, hands out copies, and validates another text again', async () => {
		const cold = createPersistentSchemaMemo(file, 'fp');
		const first = counting(text);
		const fresh = await cold(text, first.validate);
		assert.ok(fresh.some(d => d.message.startsWith('Value is not accepted')));
		await cold.flush();

		const warm = createPersistentSchemaMemo(file, 'fp');
		const second = counting(text);
		const known = await warm(text, second.validate);
		assert.deepEqual(second.calls, []);
		assert.deepEqual(known, fresh);
		// The caller adjusts what it is given: the next answer is as stored.
		known[0].severity = 4;
		assert.deepEqual(await warm(text, second.validate), fresh);
		assert.deepEqual(warm.stats, { hits: 2, misses: 0, loaded: 'used' });

		const edited = text.replace('nonsense', 'mint');
		const third = counting(edited);
		const again = await warm(edited, third.validate);
		assert.deepEqual(third.calls, [edited]);
		assert.ok(!again.some(d => d.message.startsWith('Value is not accepted')));
	});

	it('never trusts entries that are not findings, nor a file of another build', async () => {
		mkdirSync(dir, { recursive: true });
		const write = (entries: Map<string, unknown>, fingerprint = 'fp') =>
			writeFileSync(file, serialize({ magic: 'mintdoc-schema-cache', format: 1, fingerprint, entries }), { mode: 0o600 });
		const planted = [{ message: 'planted', range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }];
		const keyOf = async () => {
			// The key is the text's fingerprint: learn it from a file the memo writes.
			const memo = createPersistentSchemaMemo(file, 'fp');
			await memo(text, async () => []);
			await memo.flush();
			return [...(deserialize(readFileSync(file)) as { entries: Map<string, unknown> }).entries.keys()][0];
		};
		const key = await keyOf();
		for (const [name, entries, fingerprint] of [
			['a message missing', new Map([[key, [{ range: planted[0].range }]]]), 'fp'],
			['not a list', new Map([[key, { message: 'planted' }]]), 'fp'],
			['another build', new Map([[key, planted]]), 'other'],
		] as const) {
			write(entries, fingerprint);
			const run = counting(text);
			const found = await createPersistentSchemaMemo(file, 'fp')(text, run.validate);
			assert.deepEqual(run.calls, [text], name);
			assert.ok(!found.some(d => d.message === 'planted'), name);
		}
		// The same entry, well formed and of this build, is used as it is.
		write(new Map([[key, planted]]));
		const run = counting(text);
		assert.deepEqual(await createPersistentSchemaMemo(file, 'fp')(text, run.validate), planted);
		assert.deepEqual(run.calls, []);
	});
});
