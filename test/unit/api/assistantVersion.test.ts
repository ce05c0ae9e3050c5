import * as assert from 'node:assert/strict';
import { buildAssistantRequest, createMessage } from '../../../client/src/platform/api/assistantClient';
import { assistantApiSetting, assistantPath, createVersionMemory, toV2Request } from '../../../client/src/platform/api/assistantVersion';
import { parseFeedbackByPage, ShapeError } from '../../../client/src/platform/api/parse';

describe('assistant request versions', () => {
	const v1 = buildAssistantRequest({
		fp: 'anonymous',
		messages: [createMessage('user', 'How?', 'u1')],
		thread: { threadId: 'thr', threadKey: 'k' },
		retrievalPageSize: 3,
		filter: { version: 'v2' },
		context: [
			{ type: 'code', value: 'x()', path: 'guides/a.mdx', elementId: 'e' },
			{ type: 'textSelection', value: '' },
		],
	});

	it("v1 keeps the spec's shape: content in messages, no path in context", () => {
		assert.deepEqual(v1.context, [{ type: 'code', value: 'x()', elementId: 'e' }]);
		assert.equal(v1.messages[0].content, 'How?');
	});

	it('v2: parts-only messages, context with the path, currentPath with a leading slash and at most 200 characters', () => {
		const context = [
			{ type: 'code' as const, value: 'x()', path: 'guides/a.mdx' },
			{ type: 'textSelection' as const, value: '' },
		];
		assert.deepEqual(toV2Request(v1, 'guides/a', context), {
			fp: 'anonymous',
			messages: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'How?' }] }],
			threadId: 'thr',
			threadKey: 'k',
			retrievalPageSize: 3,
			filter: { version: 'v2' },
			context: [{ type: 'code', value: 'x()', path: 'guides/a.mdx' }],
			currentPath: '/guides/a',
		});
		assert.equal('currentPath' in toV2Request(v1, `/${'x'.repeat(200)}`), false, 'too long: left out, the question still goes');
		assert.equal('currentPath' in toV2Request(v1, '  '), false);
	});

	it('reads the setting openly and remembers per domain', () => {
		assert.deepEqual(['v1', 'v2', 'auto', 'V2', undefined, 3].map(assistantApiSetting), ['v1', 'v2', 'auto', 'auto', 'auto', 'auto']);
		assert.equal(assistantPath('v2', 'my docs'), '/discovery/v2/assistant/my%20docs/message');
		const memory = createVersionMemory();
		memory.set('a', 'v1');
		assert.deepEqual([memory.get('a'), memory.get('b')], ['v1', undefined]);
	});
});

describe('feedback by page (parse)', () => {
	it('keeps rows with a path, counts as whole numbers (else 0), hasMore only when true', () => {
		assert.deepEqual(
			parseFeedbackByPage({
				feedback: [{ path: '/a', thumbsUp: 2, thumbsDown: -1, code: 1.5, total: '9' }, { thumbsUp: 1 }, null, { path: '/b', total: 3 }],
				hasMore: 'yes',
			}),
			{
				feedback: [
					{ path: '/a', thumbsUp: 2, thumbsDown: 0, code: 0, total: 0 },
					{ path: '/b', thumbsUp: 0, thumbsDown: 0, code: 0, total: 3 },
				],
				hasMore: false,
			},
		);
		assert.throws(() => parseFeedbackByPage({ pages: [] }), ShapeError);
		assert.throws(() => parseFeedbackByPage(null), ShapeError);
	});
});
