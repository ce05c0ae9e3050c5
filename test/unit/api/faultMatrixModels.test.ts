import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { streamEndedEarly } from '../../../client/src/platform/api/assistantClient';
import { ApiError } from '../../../client/src/platform/api/errors';
import type { FeedbackEntry, UpdateStatus } from '../../../client/src/platform/api/types';
import { toChatError } from '../../../client/src/platform/assistant/chatError';
import { emptyConversation, initialChatState, reduceChat } from '../../../client/src/platform/assistant/chatState';
import type { ChatState, HostMessage } from '../../../client/src/platform/assistant/protocol';
import {
	feedbackKey,
	feedbackRows,
	FeedbackCommands,
	initialFeedbackState,
	reduceFeedback,
	type FeedbackState,
	type ViewError,
} from '../../../client/src/platform/views/feedbackModel';
import { nextPollDelay, reduceUpdates, shouldPoll, statusBarText, updateRows, type UpdatesState } from '../../../client/src/platform/views/updateStatusModel';
import { generateFeedback, scanDocs } from '../../../platformApiStandIn/feedbackData';
import { createApiStandIn, type ApiStandIn } from '../../../platformApiStandIn/standIn';
import { UpdateStatusStore } from '../../../platformApiStandIn/updateStatusData';
import { matrixRows, type Row } from '../../api/faultMatrix';
import { checkOutcome, matrixKeys, runRow, type RowOutcome } from '../../api/faultMatrixRunner';
import { rawPartialText, startRawFaultServer, type RawFaultServer } from '../../api/rawFaultServer';

/**
 * "Loaded data and typed text remain": every row of the fault matrix is run through the real
 * client (stand-in and raw socket server in this process), and its error or events are fed to the
 * pure view models. The Feedback and Update Status views keep what they showed, with an error row
 * naming the next step; the chat keeps earlier turns, the partial answer, and the question (back in
 * the input box, unless the user is typing something else).
 */

const acme = path.resolve(__dirname, '../../../examples/acme');
const anchor = new Date('2026-01-15T12:00:00Z');
const now = anchor.getTime();

const entry = (id: string, minute: number): FeedbackEntry => ({
	id,
	path: '/quickstart',
	comment: `comment ${id}`,
	createdAt: new Date(now - minute * 60_000).toISOString(),
	source: 'contextual',
	status: 'pending',
});
const loadedStatus: UpdateStatus = {
	_id: 'u1',
	projectId: 'demo',
	status: 'in_progress',
	logs: ['cloning', 'building'],
	summary: 'Deploying docs',
	createdAt: new Date(now - 60_000).toISOString(),
};

function viewError(e: unknown): ViewError {
	assert.ok(e instanceof ApiError, `an ApiError, got ${String(e)}`);
	return { message: e.message, kind: e.kind, retryAfter: e.retryAfter, at: now };
}

/** What the error row's click does for each kind (auth → set the key, notFound → fix the id, else retry). */
function expectedAction(kind: string, notFoundCommand: string | undefined, retryCommand: string): string {
	if (kind === 'auth' || kind === 'forbidden') return FeedbackCommands.setAdminKey;
	if (kind === 'config') return 'workbench.action.openSettings';
	if (kind === 'notFound' && notFoundCommand) return notFoundCommand;
	return retryCommand;
}

function checkFeedback(outcome: RowOutcome): void {
	const key = feedbackKey('demo', {});
	let state: FeedbackState = reduceFeedback(initialFeedbackState(), {
		type: 'pageLoaded',
		mode: 'refresh',
		key,
		page: { feedback: [entry('a', 1), entry('b', 2)], nextCursor: 'c2', hasMore: true },
		at: now,
	});
	const loaded = state.entries;
	for (const mode of ['refresh', 'more'] as const) {
		state = reduceFeedback(reduceFeedback(state, { type: 'loadStarted', mode }), { type: 'loadFailed', error: viewError(outcome.error) });
		assert.equal(state.entries, loaded, `${mode}: the loaded entries stay`);
		assert.deepEqual([state.nextCursor, state.hasMore, state.loading], ['c2', true, undefined], `${mode}: can load more again`);
	}
	const rows = feedbackRows(state, now);
	assert.equal(rows[0].id, 'error');
	assert.equal(rows[0].label, (outcome.error as ApiError).message);
	assert.equal(
		rows[0].action?.type === 'command' && rows[0].action.command,
		expectedAction(state.error!.kind, FeedbackCommands.setProjectId, FeedbackCommands.refresh),
	);
	const entryRows = rows
		.flatMap(r => r.children ?? [])
		.filter(r => r.id.startsWith('entry:'))
		.map(r => r.id);
	assert.deepEqual(entryRows, ['entry:a', 'entry:b'], 'the entries are still shown under the error');
	assert.equal(rows.at(-1)!.label, 'Load more…');
}

function checkUpdateStatus(row: Row, outcome: RowOutcome): void {
	let state: UpdatesState = { tracked: [] };
	for (const action of [
		{ type: 'track', id: 'u1' },
		{ type: 'fetched', id: 'u1', status: loadedStatus, at: now },
		{ type: 'fetchStarted', id: 'u1', automatic: true },
		{ type: 'failed', id: 'u1', error: viewError(outcome.error) },
	] as const)
		state = reduceUpdates(state, action);
	const tracked = state.tracked[0];
	assert.equal(tracked.status, loadedStatus, 'the loaded status stays');
	assert.equal(tracked.loading, false);
	const [top] = updateRows(state, now);
	const children = top.children ?? [];
	assert.equal(children[0].id, 'u1/error');
	assert.equal(children[0].label, (outcome.error as ApiError).message);
	assert.ok(
		children.some(c => c.id === 'u1/state' && c.label === 'Status: in progress'),
		'the loaded details stay',
	);
	assert.ok(
		children.some(c => c.id === 'u1/logs' && c.description?.startsWith('2 lines')),
		'the loaded logs stay',
	);
	assert.equal(statusBarText(tracked)?.text, '$(sync~spin) Docs update: in progress');
	const kind = tracked.error!.kind;
	// Polling stops on errors only the user can fix, and keeps going (bounded) on transient ones.
	assert.equal(shouldPoll(tracked), !['auth', 'forbidden', 'notFound', 'badRequest'].includes(kind), `${row.id}: shouldPoll for ${kind}`);
	if (tracked.error!.retryAfter !== undefined) assert.equal(nextPollDelay(tracked), tracked.error!.retryAfter * 1000, 'Retry-After decides the next poll');
}

/** The host's handling of the events (chatSession.ts), as reducer messages. */
function chatMessages(turnId: string, outcome: RowOutcome): HostMessage[] {
	const messages: HostMessage[] = [];
	let ended: HostMessage | undefined;
	for (const event of outcome.events) {
		if (event.type === 'text') messages.push({ type: 'text', turnId, text: event.text });
		else if (event.type === 'error') ended = { type: 'turnFailed', turnId, error: { kind: 'stream', message: event.message }, now };
		else if (event.type === 'finish') ended ??= { type: 'turnEnded', turnId, state: 'done', now };
		else if (event.type === 'incomplete') {
			if (event.reason !== 'stopped' && event.message !== streamEndedEarly) messages.push({ type: 'note', turnId, note: event.message });
			ended ??= { type: 'turnEnded', turnId, state: event.reason === 'stopped' ? 'stopped' : 'incomplete', now };
		}
	}
	if (outcome.error !== undefined) ended = { type: 'turnFailed', turnId, error: toChatError(outcome.error), now };
	return [...messages, ended!];
}

function checkChat(row: Row, outcome: RowOutcome, typedMeanwhile: string): void {
	const question = 'How do I verify webhook signatures?';
	let state: ChatState = initialChatState(emptyConversation('c1', now));
	for (const message of [
		{ type: 'turnStarted', id: 't0', question: 'Earlier question', now },
		{ type: 'text', turnId: 't0', text: 'Earlier answer.' },
		{ type: 'turnEnded', turnId: 't0', state: 'done', now },
		{ type: 'draft', text: question },
		{ type: 'turnStarted', id: 't1', question, now },
		...(typedMeanwhile ? [{ type: 'draft', text: typedMeanwhile } as const] : []),
		...chatMessages('t1', outcome),
	] as HostMessage[])
		state = reduceChat(state, message);
	const [earlier, turn] = state.conversation.turns;
	assert.deepEqual([earlier.question, earlier.answer, earlier.state], ['Earlier question', 'Earlier answer.', 'done'], 'the earlier turn stays');
	assert.equal(turn.question, question, 'the question stays in its turn');
	const streamed = outcome.events.flatMap(e => (e.type === 'text' ? [e.text] : [])).join('');
	assert.equal(turn.answer, streamed, 'all text that arrived is kept');
	if (row.keepsPartial) assert.ok(turn.answer.length > 0, 'a partial answer arrived and stays');
	if ('raw' in row.via && row.keepsPartial) assert.ok(turn.answer.startsWith(rawPartialText));
	if (turn.state === 'failed') {
		assert.equal(turn.error?.message, outcome.error instanceof Error ? outcome.error.message : turn.error?.message);
		// The question goes back into the input box, unless the user is already typing another.
		assert.equal(state.draft, typedMeanwhile || question);
	} else {
		const expect = row.expect;
		assert.ok('incomplete' in expect, `${row.id}: ended ${turn.state}`);
		assert.equal(turn.state, expect.incomplete === 'stopped' ? 'stopped' : 'incomplete');
		assert.equal(state.draft, typedMeanwhile, 'what the user typed meanwhile stays');
		const last = outcome.events.at(-1);
		const explained = last?.type === 'incomplete' && last.reason !== 'stopped' && last.message !== streamEndedEarly;
		assert.deepEqual(turn.notes, explained ? [last.message] : undefined, 'why it ended is shown under the answer');
	}
}

describe('fault matrix → view models (loaded data and typed text remain)', function () {
	this.timeout(120_000);
	let standIn: ApiStandIn;
	let raw: RawFaultServer;
	let standInUrl: string;
	before(async () => {
		standIn = createApiStandIn({
			projectId: 'demo',
			adminKey: matrixKeys.admin,
			assistantDomain: 'demo',
			assistantKey: matrixKeys.assistant,
			feedback: generateFeedback(scanDocs(acme), anchor),
			assistantDocsDir: acme,
			assistantDelayMs: 0,
			updateStatuses: new UpdateStatusStore({ projectId: 'demo', subdomain: 'demo', anchor, liveSeconds: 10 }),
		});
		standInUrl = `http://127.0.0.1:${await standIn.listen(0)}`;
		raw = await startRawFaultServer();
	});
	after(async () => {
		await raw?.close();
		await standIn?.close();
	});

	// The 50 MB rows end like the endless-body rows (same kind, same cap) and take seconds to
	// generate in this process; the process layer (test/api/faultMatrix.test.ts) runs them.
	for (const row of matrixRows.filter(r => r.fault.id !== 'body-50mb')) {
		it(`${row.id}`, async () => {
			const outcome = await runRow(row, { standIn: standInUrl, raw });
			assert.deepEqual(checkOutcome(row, outcome), []);
			if (row.family === 'feedback') checkFeedback(outcome);
			else if (row.family === 'updateStatus') checkUpdateStatus(row, outcome);
			else {
				checkChat(row, outcome, '');
				checkChat(row, outcome, 'A follow-up I am typing');
			}
		});
	}
});
