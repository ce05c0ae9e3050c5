import * as assert from 'node:assert/strict';
import { contextFromSelection, fingerprintFor, isInsideCodeFence, maxContextLength } from '../../../client/src/platform/api/assistantContext';

describe('assistant request context', () => {
	it('fp is anonymous unless the setting says machine and a usable id is given', () => {
		assert.equal(fingerprintFor('anonymous', 'abc123'), 'anonymous');
		assert.equal(fingerprintFor(undefined, 'abc123'), 'anonymous');
		assert.equal(fingerprintFor('machine', ' abc123 '), 'abc123');
		assert.equal(fingerprintFor('machine', ''), 'anonymous');
		assert.equal(fingerprintFor('machine'), 'anonymous');
		assert.equal(fingerprintFor('machine', 'someValue.machineId'), 'anonymous');
		assert.equal(fingerprintFor('machine', 'a b'), 'anonymous');
	});

	it('a selection is code in a code file or inside a fence, else a text selection; blank gives nothing', () => {
		assert.deepEqual(contextFromSelection({ text: 'const a = 1;', languageId: 'typescript' }), [{ type: 'code', value: 'const a = 1;' }]);
		assert.deepEqual(contextFromSelection({ text: 'npm install', languageId: 'mdx', insideCodeFence: true, elementId: 'code-1' }), [
			{ type: 'code', value: 'npm install', elementId: 'code-1' },
		]);
		assert.deepEqual(contextFromSelection({ text: 'Webhooks let Acme push events.', languageId: 'mdx' }), [
			{ type: 'textSelection', value: 'Webhooks let Acme push events.' },
		]);
		assert.deepEqual(contextFromSelection({ text: 'Plain words', languageId: 'Markdown', elementId: ' ' }), [{ type: 'textSelection', value: 'Plain words' }]);
		assert.deepEqual(contextFromSelection({ text: ' \n ', languageId: 'typescript' }), []);
		const long = contextFromSelection({ text: 'x'.repeat(maxContextLength + 10), languageId: 'plaintext' });
		assert.ok(long[0].value.startsWith('x'.repeat(maxContextLength)) && long[0].value.endsWith(`cut at ${maxContextLength} characters]`));
	});

	it('finds fenced code blocks, indented ones inside components too, and unclosed ones', () => {
		const text = [
			'Intro', // 0
			'```bash', // 1
			'npm install', // 2
			'```', // 3
			'Between', // 4
			'<Step>', // 5
			'    ~~~~js title', // 6
			'    ~~~', // 7 (shorter: does not close)
			'    code()', // 8
			'    ~~~~', // 9
			'</Step>', // 10
			'````md', // 11
			'```', // 12 (shorter: inside)
			'tail', // 13
		].join('\n');
		const lineStarts = text
			.split('\n')
			.reduce<number[]>((starts, line, i) => [...starts, i === 0 ? 0 : starts[i - 1] + text.split('\n')[i - 1].length + 1], []);
		const inside = (line: number) => isInsideCodeFence(text, lineStarts[line] + 1);
		assert.deepEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(inside), [
			false,
			true,
			true,
			true,
			false,
			false,
			true,
			true,
			true,
			true,
			false,
			true,
			true,
			true,
		]);
		assert.equal(isInsideCodeFence('```a`b\ncode', 9), false, 'a backtick in the info string is no fence');
	});
});
