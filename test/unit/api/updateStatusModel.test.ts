import * as assert from 'node:assert/strict';
import type { UpdateStatus } from '../../../client/src/platform/api/types';
import { flattenRows, rowsToText } from '../../../client/src/views/viewRow';
import {
	logsText,
	maxPolls,
	maxTracked,
	nextPollDelay,
	reduceUpdates,
	shouldPoll,
	statusBarText,
	statusIdProblem,
	UpdateCommands,
	updateRows,
	type UpdatesState,
} from '../../../client/src/platform/views/updateStatusModel';

const now = Date.parse('2026-01-15T12:00:00Z');
const success: UpdateStatus = {
	_id: 'demo-success',
	projectId: 'demo',
	subdomain: 'acme',
	status: 'success',
	createdAt: '2026-01-15T10:25:00Z',
	endedAt: '2026-01-15T10:27:00Z',
	summary: 'Deployed 4 changed files',
	author: { name: 'Dana' },
	source: 'github',
	logs: ['start', 'done'],
	screenshot: 'https://s.example.com/a.png',
	screenshotDark: 'javascript:alert(1)',
	commit: {
		sha: '9f2c4e1b7a3d',
		ref: 'main',
		message: 'Document keys\n\nbody',
		filesChanged: { added: ['guides/testing.mdx'], modified: ['docs.json'], removed: ['old.mdx'] },
	},
};
const tracked = (...ids: string[]): UpdatesState => ids.reduceRight<UpdatesState>((s, id) => reduceUpdates(s, { type: 'track', id }), { tracked: [] });

describe('Update Status view model', () => {
	it('tracks ids newest first, without duplicates, up to a limit', () => {
		let state = tracked('a', 'b');
		state = reduceUpdates(state, { type: 'track', id: 'b' });
		assert.deepEqual(
			state.tracked.map(t => t.id),
			['b', 'a'],
		);
		for (let i = 0; i < 30; i++) state = reduceUpdates(state, { type: 'track', id: `x${i}` });
		assert.equal(state.tracked.length, maxTracked);
		assert.deepEqual(
			reduceUpdates(tracked('a', 'b'), { type: 'untrack', id: 'a' }).tracked.map(t => t.id),
			['b'],
		);
	});

	it('shows state, summary, author, times, commit, files by change and logs', () => {
		const state = reduceUpdates(tracked('demo-success'), { type: 'fetched', id: 'demo-success', status: success, at: now });
		assert.deepEqual(rowsToText(updateRows(state, now)), [
			'demo-success — success · 2 h ago',
			'  Deployed 4 changed files',
			'  Status: success',
			'  Dana — via github',
			'  Started 2 h ago — took 2 min',
			'  Commit 9f2c4e1 on main — Document keys',
			'  Files changed — 3',
			'    Added — 1',
			'      guides/testing.mdx',
			'    Modified — 1',
			'      docs.json',
			'    Removed — 1',
			'      old.mdx',
			'  Logs — 2 lines · done',
			'  Screenshots — 1',
			'    Screenshot — https://s.example.com/a.png',
			'  acme — project demo',
		]);
		const rows = flattenRows(updateRows(state, now));
		assert.deepEqual(rows.find(r => r.label === 'docs.json')?.action, { type: 'command', command: UpdateCommands.openFile, args: ['docs.json'] });
		assert.deepEqual(rows.find(r => r.label === 'Logs')?.action, { type: 'command', command: UpdateCommands.openLogs, args: ['demo-success'] });
		assert.deepEqual(updateRows(state, now)[0].icon, { id: 'pass', color: 'testing.iconPassed' });
		assert.equal(
			rows.some(r => r.description?.startsWith('javascript:')),
			false,
			'only http(s) screenshot links',
		);
	});

	it('keeps the last status visible under an error, and offers a refresh while running', () => {
		const running = { ...success, status: 'in_progress', endedAt: undefined };
		let state = reduceUpdates(tracked('u'), { type: 'fetched', id: 'u', status: running, at: now });
		state = reduceUpdates(state, {
			type: 'failed',
			id: 'u',
			error: { message: 'The platform failed with HTTP 500. Try again later (Refresh).', kind: 'server', at: now },
		});
		const text = rowsToText(updateRows(state, now));
		assert.equal(text[0], 'u — in progress · 2 h ago');
		assert.equal(text[1], '  The platform failed with HTTP 500. Try again later (Refresh). — click to retry');
		assert.ok(text.includes('  Refreshing while the update runs; click to refresh now'));
		assert.ok(text.includes('  Deployed 4 changed files'));
	});

	it('a preview deployment shows its https address as a row that opens it; other schemes are not shown', () => {
		const rowsOf = (previewUrl: string) =>
			flattenRows(updateRows(reduceUpdates(tracked('p1'), { type: 'fetched', id: 'p1', status: { ...success, _id: 'p1', previewUrl }, at: now }), now));
		const preview = rowsOf('https://feat--demo.preview.example').find(r => r.id === 'p1/preview');
		assert.deepEqual(preview?.action, { type: 'openUrl', url: 'https://feat--demo.preview.example' });
		assert.equal(preview?.description, 'https://feat--demo.preview.example');
		assert.equal(
			rowsOf('javascript:alert(1)').find(r => r.id === 'p1/preview'),
			undefined,
		);
	});

	it('shows unknown states with a neutral icon and no error', () => {
		const state = reduceUpdates(tracked('u'), { type: 'fetched', id: 'u', status: { _id: 'u', status: 'rolling_back', logs: [] }, at: now });
		const [row] = updateRows(state, now);
		assert.deepEqual([row.description, row.icon], ['rolling back', { id: 'question' }]);
	});

	it('polls with backoff while queued or in progress, never after the end or a key error', () => {
		const base = { id: 'u', polls: 0 };
		assert.equal(shouldPoll({ ...base, status: { ...success, status: 'queued' } }), true);
		assert.equal(shouldPoll({ ...base, status: success }), false);
		assert.equal(shouldPoll({ ...base, status: { ...success, status: 'failure' } }), false);
		assert.equal(shouldPoll({ ...base, status: { ...success, status: 'in_progress' }, error: { message: '', kind: 'auth', at: now } }), false);
		assert.equal(shouldPoll({ ...base, status: { ...success, status: 'in_progress' }, error: { message: '', kind: 'network', at: now } }), true);
		assert.equal(shouldPoll({ id: 'u', polls: maxPolls, status: { ...success, status: 'in_progress' } }), false);
		assert.deepEqual(
			[0, 1, 2, 6, 7, 50].map(polls => nextPollDelay({ id: 'u', polls })),
			[2000, 3000, 5000, 34_000, 60_000, 60_000],
		);
		assert.equal(nextPollDelay({ id: 'u', polls: 0, error: { message: '', kind: 'rateLimited', retryAfter: 90, at: now } }), 90_000);
		let state = reduceUpdates(tracked('u'), { type: 'fetchStarted', id: 'u', automatic: true });
		state = reduceUpdates(state, { type: 'fetchStarted', id: 'u', automatic: true });
		assert.equal(state.tracked[0].polls, 2);
		assert.equal(reduceUpdates(state, { type: 'fetchStarted', id: 'u', automatic: false }).tracked[0].polls, 0, 'a manual refresh resets the backoff');
	});

	it('checks typed status ids', () => {
		assert.equal(statusIdProblem('65f0c2a9b7d4e3f8a6c1b2d0'), undefined);
		assert.match(statusIdProblem('')!, /Enter the status id/);
		assert.match(statusIdProblem('a/b')!, /no slashes or spaces/);
		assert.match(statusIdProblem('x'.repeat(10_240))!, /10240 characters/);
	});

	it('follows the newest tracked update in the status bar, and writes the logs document', () => {
		assert.equal(statusBarText(undefined), undefined);
		const state = reduceUpdates(tracked('demo-success', 'older'), { type: 'fetched', id: 'demo-success', status: success, at: now });
		assert.deepEqual(statusBarText(state.tracked[0]), { text: '$(pass) Docs update: success', tooltip: 'demo-success: Deployed 4 changed files' });
		assert.equal(statusBarText({ id: 'x', polls: 0, loading: true })?.text, '$(loading~spin) Docs update');
		assert.equal(
			logsText('demo-success', success),
			'Update demo-success: success\nDeployed 4 changed files\nStarted 2026-01-15 10:25:00 UTC\nEnded 2026-01-15 10:27:00 UTC\n\nstart\ndone\n',
		);
	});
});
