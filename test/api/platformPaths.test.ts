import * as assert from 'node:assert/strict';
import { createDocsApiClient } from '../../client/src/platform/api/docsApiClient';
import { ApiError } from '../../client/src/platform/api/errors';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

/**
 * The admin client on the platform's current paths (feedback at `/v1/analytics/...`, the by-page
 * aggregate, update trigger, preview deployment), and its fallback to the spec's feedback path
 * against a stand-in started with `--spec-paths-only`.
 */

const adminKey = 'mint_demo_admin_key';

async function paths(server: ApiServerProcess): Promise<string[]> {
	const { requests } = (await (await fetch(`${server.url}/__requests`)).json()) as { requests: { path: string; status: number }[] };
	return requests.map(r => `${r.status} ${r.path}`);
}

describe('admin client on the current platform paths, spec paths kept (built stand-in)', function () {
	this.timeout(60_000);
	let current: ApiServerProcess;
	let specOnly: ApiServerProcess;
	before(async () => {
		[current, specOnly] = await Promise.all([
			startApiServer(['--port', '0', '--docs', 'examples/acme', '--quiet', '--live-seconds', '2']),
			startApiServer(['--port', '0', '--docs', 'examples/acme', '--quiet', '--spec-paths-only']),
		]);
	});
	after(async () => {
		assert.equal(await current.stop(), 0);
		assert.equal(await specOnly.stop(), 0);
	});
	beforeEach(() => Promise.all([current, specOnly].map(s => fetch(`${s.url}/__reset`, { method: 'POST' }))));

	const client = (server: ApiServerProcess, extra: Partial<Parameters<typeof createDocsApiClient>[0]> = {}) =>
		createDocsApiClient({ baseUrl: server.url, getApiKey: () => adminKey, ...extra });

	it('lists feedback on /v1/analytics/{projectId}/feedback, the new sources and fields included', async () => {
		const page = await client(current).listFeedback('demo', { source: 'thumbs_only', limit: 10 });
		assert.deepEqual(await paths(current), ['200 /v1/analytics/demo/feedback']);
		assert.ok(page.feedback.length > 0);
		assert.ok(page.feedback.every(e => e.source === 'thumbs_only' && typeof e.helpful === 'boolean' && e.comment === ''));
		const contextual = await client(current).listFeedback('demo', { source: 'contextual', limit: 100 });
		assert.ok(contextual.feedback.some(e => typeof e.contact === 'string' && e.contact.includes('@')));
	});

	it("falls back to the spec's /api/external/... once on a 404, remembers it and says so once", async () => {
		const memory = new Map<string, 'current' | 'spec'>();
		const notes: string[] = [];
		const c = client(specOnly, { pathMemory: memory, onFallback: note => notes.push(note) });
		const first = await c.listFeedback('demo', { limit: 5 });
		assert.equal(first.feedback.length, 5);
		assert.deepEqual(await paths(specOnly), ['404 /v1/analytics/demo/feedback', '200 /api/external/v1/analytics/demo/feedback']);
		assert.equal(memory.get(`${specOnly.url} demo`), 'spec');
		await c.listFeedback('demo', { limit: 5 }, first.nextCursor!);
		assert.deepEqual((await paths(specOnly)).slice(2), ['200 /api/external/v1/analytics/demo/feedback'], 'straight to the spec path');
		assert.equal(notes.length, 1);
		assert.match(notes[0], /answered 404; the spec's \/api\/external\/v1\/analytics\/demo\/feedback answered/);
		// An unknown project is 404 on both: the error names the setting, nothing is remembered.
		const fresh = new Map<string, 'current' | 'spec'>();
		await assert.rejects(
			client(specOnly, { pathMemory: fresh }).listFeedback('nope'),
			(e: unknown) => e instanceof ApiError && e.kind === 'notFound' && /mintdoc\.projectId/.test(e.message),
		);
		assert.equal(fresh.size, 0);
	});

	it('reads the by-page aggregate; a stand-in without it answers 404 (no spec path to fall back to)', async () => {
		const byPage = await client(current).feedbackByPage('demo', {}, 3);
		assert.equal(byPage.feedback.length, 3);
		assert.ok(byPage.feedback.every(r => r.path.startsWith('/') && r.total >= r.thumbsUp + r.thumbsDown - r.code && r.total > 0));
		assert.equal(byPage.hasMore, true);
		await assert.rejects(client(specOnly).feedbackByPage('demo'), (e: unknown) => e instanceof ApiError && e.kind === 'notFound');
	});

	it('triggers an update and a preview of a branch, followed through update-status to success', async () => {
		const c = client(current);
		const { statusId } = await c.triggerUpdate('demo');
		assert.match(statusId, /^upd_/);
		const preview = await c.createPreview('demo', 'docs/new-guide');
		assert.equal(preview.previewUrl, 'https://docs-new-guide--demo.preview.mintdoc.example');
		const first = await c.getUpdateStatus(preview.statusId);
		assert.equal(first.status, 'queued');
		for (const deadline = Date.now() + 30_000; ;) {
			const status = await c.getUpdateStatus(preview.statusId);
			if (status.status === 'success') break;
			assert.ok(Date.now() < deadline, `still ${status.status}`);
			await new Promise(resolve => setTimeout(resolve, 100));
		}
		await assert.rejects(c.createPreview('demo', '  '), (e: unknown) => e instanceof ApiError && e.kind === 'badRequest');
		await assert.rejects(c.createPreview('demo', 'two words'), (e: unknown) => e instanceof ApiError && e.kind === 'badRequest' && /HTTP 400/.test(e.message));
		await assert.rejects(
			client(current, { getApiKey: () => 'mint_dsc_demo_key' }).triggerUpdate('demo'),
			(e: unknown) => e instanceof ApiError && e.kind === 'forbidden',
		);
		await assert.rejects(client(specOnly).triggerUpdate('demo'), (e: unknown) => e instanceof ApiError && e.kind === 'notFound');
	});
});
