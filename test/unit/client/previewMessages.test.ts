import * as assert from 'node:assert/strict';
import { externalLinkTarget, parsePreviewMessage, playgroundOrigin } from '../../../client/src/preview/messages';

describe('preview webview messages', () => {
	it('accepts the messages the page script sends', () => {
		assert.deepEqual(parsePreviewMessage({ type: 'ready' }), { type: 'ready' });
		assert.deepEqual(parsePreviewMessage({ type: 'navigate', route: '/guides/errors', openSource: true }), {
			type: 'navigate',
			route: '/guides/errors',
			openSource: true,
		});
		assert.deepEqual(parsePreviewMessage({ type: 'navigate', route: '/a' }), { type: 'navigate', route: '/a', openSource: false });
		assert.deepEqual(parsePreviewMessage({ type: 'openLocation', uri: 'file:///s/a.mdx', line: 4, character: 0 }), {
			type: 'openLocation',
			uri: 'file:///s/a.mdx',
			line: 4,
			character: 0,
		});
		assert.deepEqual(parsePreviewMessage({ type: 'rendered', route: '/' }), { type: 'rendered', route: '/' });
		assert.deepEqual(parsePreviewMessage({ type: 'revealed', route: '/a', heading: 'install' }), { type: 'revealed', route: '/a', heading: 'install' });
		assert.deepEqual(parsePreviewMessage({ type: 'revealed', route: '/a', heading: '' }), { type: 'revealed', route: '/a', heading: '' });
		assert.deepEqual(parsePreviewMessage({ type: 'diagrams', route: '/a', drawn: 2, failed: 1 }), { type: 'diagrams', route: '/a', drawn: 2, failed: 1 });
		assert.deepEqual(parsePreviewMessage({ type: 'cspViolation', directive: 'style-src-attr', blocked: 'inline' }), {
			type: 'cspViolation',
			directive: 'style-src-attr',
			blocked: 'inline',
		});
		assert.deepEqual(
			parsePreviewMessage({
				type: 'playgroundSend',
				id: '7',
				request: { method: 'post', url: 'http://127.0.0.1:9/v1/payments', headers: [['Authorization', 'Bearer x']], body: '{}' },
			}),
			{
				type: 'playgroundSend',
				id: '7',
				request: { method: 'POST', url: 'http://127.0.0.1:9/v1/payments', headers: [['Authorization', 'Bearer x']], body: '{}' },
			},
		);
	});

	it('ignores anything malformed', () => {
		const bad: unknown[] = [
			null,
			'ready',
			42,
			{},
			{ type: 'nope' },
			{ type: 'navigate' },
			{ type: 'navigate', route: 3 },
			{ type: 'navigate', route: 'x'.repeat(5000) },
			{ type: 'openLocation', uri: 'file:///a', line: -1 },
			{ type: 'openLocation', uri: 'file:///a', line: 1.5 },
			{ type: 'playgroundSend', id: '1', request: { method: 'GET', url: 'https://a', headers: 'x' } },
			{ type: 'playgroundSend', id: '1', request: { method: 'GET /x', url: 'https://a', headers: [] } },
			{ type: 'playgroundSend', id: '1', request: { method: 'GET', url: 'https://a', headers: [['a']] } },
			{ type: 'playgroundSend', request: { method: 'GET', url: 'https://a', headers: [] } },
			{ type: 'revealed', route: '/a' },
			{ type: 'revealed', route: '/a', heading: 7 },
			{ type: 'diagrams', route: '/a', drawn: -1, failed: 0 },
			{ type: 'diagrams', route: '/a', drawn: 1.5, failed: 0 },
			{ type: 'cspViolation', directive: 'x'.repeat(5000), blocked: 'inline' },
		];
		for (const message of bad) assert.equal(parsePreviewMessage(message), undefined, JSON.stringify(message));
	});

	it('opens only https links outside VS Code', () => {
		assert.deepEqual(
			['https://mintlify.com/docs', 'http://example.com', 'javascript:alert(1)', 'command:workbench.action.quit', 'file:///etc/passwd', 'not a url'].map(
				externalLinkTarget,
			),
			['https://mintlify.com/docs', undefined, undefined, undefined, undefined, undefined],
		);
	});

	it('names the origin a playground request goes to, for http(s) only', () => {
		assert.deepEqual(['https://api.acme.dev/v1/payments?x=1', 'http://127.0.0.1:4010/a', 'ftp://x/y', 'garbage'].map(playgroundOrigin), [
			'https://api.acme.dev',
			'http://127.0.0.1:4010',
			undefined,
			undefined,
		]);
	});
});
