import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { limits } from '../../../server/src/core/textGuards';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace } from '../../helpers/inMemoryWorkspace';

async function validate(text: string) {
	const workspace = new InMemoryWorkspace({ 'docs.json': text, 'index.mdx': '# Home' });
	const service = createLanguageService({ workspace });
	return service.validate(workspace.document('docs.json'), noCancellation);
}

describe('docs.json syntax', () => {
	it('accepts a valid configuration', async () => {
		assertDiagnostics(await validate('{\n  "name": "Acme",\n  "navigation": { "pages": ["index"] }\n}\n'), []);
	});

	it('reports a missing comma at the next property', async () => {
		assertDiagnostics(await validate('{\n  "name": "Acme"\n  "theme": "mint"\n}'), [{ range: [2, 2, 2, 9], code: 'json-syntax', message: /Expected ','/ }]);
	});

	it('points a trailing comma at the comma itself, once', async () => {
		assertDiagnostics(await validate('{\n  "name": "Acme",\n}'), [{ range: [1, 16, 1, 17], code: 'json-syntax', message: /Trailing comma/ }]);
		assertDiagnostics(await validate('{ "name": ["a", "b" , ] }'), [{ range: [0, 20, 0, 21], code: 'json-syntax', message: /Trailing comma.*']'/ }]);
	});

	it('rejects comments, as the platform parses strict JSON', async () => {
		assertDiagnostics(await validate('{\n  // the site name\n  "name": "Acme"\n}'), [
			{ range: [1, 2, 1, 18], code: 'json-syntax', message: /Comments are not allowed/ },
		]);
	});

	it('reports an unterminated object at the end of the file', async () => {
		assertDiagnostics(await validate('{\n  "name": "Acme"'), [{ range: [1, 16, 1, 16], code: 'json-syntax', message: /Expected '}'/ }]);
	});

	it('reports an unterminated string', async () => {
		const diagnostics = await validate('{ "name": "Acme }');
		assert.equal(diagnostics[0].code, 'json-syntax');
		assert.match(diagnostics[0].message, /Unterminated string/);
		assert.deepEqual(diagnostics[0].range.start, { line: 0, character: 10 });
	});

	it('reports a top-level value that is not an object, over the whole value', async () => {
		assertDiagnostics(await validate('[\n  "index"\n]\n'), [{ range: [0, 0, 2, 1], code: 'json-not-object', message: /must be an object.*not an array/ }]);
		assertDiagnostics(await validate('  "docs"'), [{ range: [0, 2, 0, 8], code: 'json-not-object', message: /not a string/ }]);
	});

	it('reports an empty or blank file', async () => {
		assertDiagnostics(await validate(''), [{ range: [0, 0, 0, 0], code: 'json-empty' }]);
		assertDiagnostics(await validate('\n  \n'), [{ range: [0, 0, 2, 0], code: 'json-empty', message: /is empty/ }]);
	});

	it('reports binary content once instead of a flood of syntax errors', async () => {
		assertDiagnostics(await validate('\u0000\u0001\u0002PNG\u0000garbage\n{}'), [{ range: [0, 0, 0, 14], code: 'file-binary' }]);
	});

	it('refuses nesting deeper than the limit at the first bracket past it, without overflowing the stack', async () => {
		const depth = 100_000;
		const text = '{"name":' + '['.repeat(depth) + ']'.repeat(depth) + '}';
		const diagnostics = await validate(text);
		// The object is level 1, so the bracket that opens level limit+1 is array number `limit`.
		const offset = '{"name":'.length + limits.maxJsonDepth - 1;
		assertDiagnostics(diagnostics, [{ range: [0, offset, 0, offset + 1], code: 'json-too-deep' }]);
	});

	it('accepts nesting right at the limit', async () => {
		const arrays = limits.maxJsonDepth - 1;
		assertDiagnostics(await validate('{"name":' + '['.repeat(arrays) + ']'.repeat(arrays) + '}'), []);
	});

	it('skips a file over the size limit with one warning', async () => {
		const text = '{"name": "' + 'x'.repeat(limits.maxFileChars) + '"}';
		const diagnostics = await validate(text);
		assertDiagnostics(diagnostics, [{ range: [0, 0, 0, 200], code: 'file-too-large', message: /MB; MintDoc checks files up to 16 MB/ }]);
		assert.equal(diagnostics[0].severity, 2);
	});

	it('caps the number of syntax errors of a hopeless file', async () => {
		const diagnostics = await validate('{' + ' @'.repeat(5000) + '}');
		assert.ok(diagnostics.length <= 50, `${diagnostics.length} diagnostics`);
		assert.ok(diagnostics.every(d => d.code === 'json-syntax'));
	});
});
