import * as assert from 'node:assert/strict';
import { redactCredentials } from '../../../client/src/redaction';
import { exportedApi } from '../../../client/src/exportedApi';

/** What the extension hands out and logs (issue 31). */
describe('extension: exported API and logs', () => {
	it('exports the test hooks (conversations, output, host state) only in test mode', () => {
		const full = { status: () => 'ok', onDidChangeStatus: () => ({ dispose() {} }), security: { outputText: () => 'log' }, assistant: { state: 'chat' } };
		assert.deepEqual(Object.keys(exportedApi(full, false)).sort(), ['onDidChangeStatus', 'status']);
		assert.equal(exportedApi(full, true), full);
	});

	it('redacts the playground credentials a verbose trace prints (headers as pairs, JSON, query strings)', () => {
		const trace = [
			"[Trace - 10:00:00] Sending request 'mintdoc/playgroundSend - (7)'.",
			'Params: {',
			'    "request": {',
			'        "url": "https://api.example.com/pets?api_key=sk_live_123&limit=2",',
			'        "headers": [',
			'            [',
			'                "Authorization",',
			'                "Basic dXNlcjpwYXNz"',
			'            ],',
			'            [ "X-API-Key", "key-456" ],',
			'            [ "Cookie", "session=abc" ],',
			'            [ "Accept", "application/json" ]',
			'        ],',
			'        "body": "{\\"password\\": \\"hunter2\\"}"',
			'    }',
			'}',
		].join('\n');
		const out = redactCredentials(trace);
		for (const secret of ['sk_live_123', 'dXNlcjpwYXNz', 'key-456', 'session=abc']) assert.ok(!out.includes(secret), `${secret} in\n${out}`);
		assert.match(out, /"Accept", "application\/json"/);
		assert.match(out, /limit=2/);
		assert.equal(redactCredentials('Authorization: Bearer abc.def'), 'Authorization: Bearer ***');
	});
});
