import * as assert from 'node:assert/strict';
import { conversationToMarkdown } from '../../../client/src/platform/assistant/exportMarkdown';
import type { Conversation } from '../../../client/src/platform/assistant/protocol';

describe('assistant export to Markdown', () => {
	it('writes questions, answers, states and sources', () => {
		const conversation: Conversation = {
			id: 'c1',
			title: 'How do I add a page?',
			createdAt: 0,
			updatedAt: 0,
			thread: { threadId: 'th', threadKey: 'secret-thread-key' },
			turns: [
				{
					id: 't1',
					question: 'How do I add a page?\nIn MDX.',
					answer: 'Create `page.mdx`.\n\n```bash\nnpx mint dev\n```',
					state: 'done',
					citations: [
						{ path: 'quickstart', title: 'Quick [start]' },
						{ url: 'https://acme.dev/x', title: 'X' },
					],
				},
				{ id: 't2', question: 'And this?', context: [{ type: 'code', value: 'a ``` b' }], answer: 'Partly', state: 'incomplete', citations: [] },
				{ id: 't3', question: 'Again?', answer: '', state: 'failed', error: { kind: 'auth', message: 'HTTP 401' }, citations: [] },
			],
		};
		assert.equal(
			conversationToMarkdown(conversation, new Date('2026-01-15T12:00:00Z')),
			[
				'# How do I add a page?',
				'',
				'_MintDoc Assistant conversation, exported 2026-01-15T12:00:00.000Z_',
				'',
				'## Question',
				'',
				'> How do I add a page?',
				'> In MDX.',
				'',
				'## Answer',
				'',
				'Create `page.mdx`.\n\n```bash\nnpx mint dev\n```',
				'',
				'**Sources**',
				'',
				'1. [Quick \\[start\\]](</quickstart>)',
				'2. [X](<https://acme.dev/x>)',
				'',
				'---',
				'',
				'## Question',
				'',
				'> And this?',
				'',
				'With the selected code:',
				'',
				'````',
				'a ``` b',
				'````',
				'',
				'## Answer',
				'',
				'Partly',
				'',
				'_Incomplete: the answer was cut off._',
				'',
				'---',
				'',
				'## Question',
				'',
				'> Again?',
				'',
				'## Answer',
				'',
				'_No answer: HTTP 401_',
				'',
			].join('\n'),
		);
		assert.ok(!conversationToMarkdown(conversation, new Date(0)).includes('secret-thread-key'));
	});
});
