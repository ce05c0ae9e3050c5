import { callChatApi, type JSONValue, type UIMessage } from '@ai-sdk/ui-utils';
import { processDataStream } from 'ai';
import * as assert from 'node:assert/strict';
import { askAssistant, buildAssistantRequest, createMessage } from '../../client/src/platform/api/assistantClient';
import { parseDataStream } from '../../client/src/platform/api/assistantStream';
import type { AssistantEvent, AssistantRequest } from '../../client/src/platform/api/assistantTypes';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';

/**
 * The stand-in's stream must be what the real service sends: parsable by the AI SDK v4 client
 * code itself (`ai@4.3.19`, a dev dependency; `callChatApi` lives in the `@ai-sdk/ui-utils`
 * version it pins). That parser is strict: one bad line and it throws.
 */

const assistantKey = 'mint_dsc_demo_key';
const auth = { authorization: `Bearer ${assistantKey}` };

/** A ReadableStream over `bytes` in 7-byte slices (lines and characters split). */
function sliced(bytes: Uint8Array): ReadableStream<Uint8Array> {
	let at = 0;
	return new ReadableStream({
		pull(controller) {
			if (at >= bytes.length) return controller.close();
			controller.enqueue(bytes.slice(at, at + 7));
			at += 7;
		},
	});
}

async function ours(bytes: Uint8Array, headers?: Headers): Promise<AssistantEvent[]> {
	const events: AssistantEvent[] = [];
	for await (const event of parseDataStream(sliced(bytes) as unknown as AsyncIterable<Uint8Array>, { headers })) events.push(event);
	return events;
}

const textOf = (events: readonly AssistantEvent[]) => events.map(e => (e.type === 'text' ? e.text : '')).join('');

describe('stand-in assistant stream and the real AI SDK v4 client (ai@4.3.19)', function () {
	this.timeout(60_000);
	let server: ApiServerProcess;
	let api: string;
	before(async () => {
		server = await startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet']);
		api = `${server.url}/discovery/v1/assistant/demo/message`;
	});
	after(() => server.stop());

	const request = (question: string, retrievalPageSize = 5): AssistantRequest =>
		buildAssistantRequest({ fp: 'anonymous', messages: [createMessage('user', question, 'u1')], retrievalPageSize });
	const rawAnswer = async (body: AssistantRequest) => {
		const response = await fetch(api, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
		assert.equal(response.status, 200);
		return { headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
	};

	for (const [name, question] of [
		['an answer from the docs', 'How do I verify webhook signatures?'],
		['a "not in the docs" answer', 'Who won the 1954 world cup?'],
	] as const) {
		it(`processDataStream reads ${name} without error, with the same text as our parser`, async () => {
			const { headers, bytes } = await rawAnswer(request(question));
			const seen = {
				text: '',
				tools: [] as string[],
				results: [] as unknown[],
				steps: 0,
				stepFinishes: [] as string[],
				data: [] as JSONValue[],
				finish: undefined as unknown,
				errors: [] as string[],
			};
			await processDataStream({
				stream: sliced(bytes),
				onTextPart: t => {
					seen.text += t;
				},
				onToolCallPart: c => {
					seen.tools.push(c.toolName);
				},
				onToolResultPart: r => {
					seen.results.push(r.result);
				},
				onStartStepPart: () => {
					seen.steps++;
				},
				onFinishStepPart: s => {
					seen.stepFinishes.push(s.finishReason);
				},
				onDataPart: d => {
					seen.data.push(...d);
				},
				onErrorPart: e => {
					seen.errors.push(e);
				},
				onFinishMessagePart: f => {
					seen.finish = f;
				},
			});
			const events = await ours(bytes, headers);
			assert.ok(seen.text.length > 50);
			assert.equal(seen.text, textOf(events));
			assert.equal(seen.tools[0], 'search');
			assert.deepEqual(seen.errors, []);
			assert.equal((seen.finish as { finishReason: string }).finishReason, 'stop');
			assert.equal(seen.steps, seen.stepFinishes.length);
			assert.equal(seen.stepFinishes.at(-1), 'stop');
			assert.deepEqual(seen.data, [{ type: 'finish', threadId: headers.get('x-thread-id') }]);
			const ourThread = events.find(e => e.type === 'thread');
			assert.equal(ourThread?.type === 'thread' && ourThread.thread.threadId, headers.get('x-thread-id'));
			// Our citations are the search results, one per page.
			const results = seen.results[0] as { path: string; metadata: { title: string } }[];
			const firstPerPage = results.filter((r, i) => results.findIndex(o => o.path.split('#')[0] === r.path.split('#')[0]) === i);
			assert.deepEqual(
				events.flatMap(e => (e.type === 'source' ? [`/${e.source.path}`] : [])),
				firstPerPage.map(r => r.path.split('#')[0]),
			);
			if (!results.length) assert.deepEqual(seen.tools, ['search', 'markNotFound']);
		});
	}

	it('callChatApi (what useChat runs) builds the message: steps, the search invocation with its result, the text; headers and data carry the thread', async () => {
		const question = 'How do I paginate through customers?';
		const body = request(question, 3);
		let response: Response | undefined;
		let data: JSONValue[] | undefined;
		let finished: { message: UIMessage; finishReason: string } | undefined;
		await callChatApi({
			api,
			body: body as unknown as Record<string, unknown>,
			streamProtocol: 'data',
			credentials: undefined,
			headers: auth,
			abortController: () => new AbortController(),
			restoreMessagesOnFailure: () => undefined,
			onResponse: r => {
				response = r;
			},
			onUpdate: u => {
				data = u.data;
			},
			onFinish: (message, info) => {
				finished = { message: message as UIMessage, finishReason: info.finishReason };
			},
			onToolCall: undefined,
			generateId: () => 'generated',
			fetch: globalThis.fetch,
			lastMessage: undefined,
		});
		assert.ok(response && finished);
		const threadId = response.headers.get('x-thread-id');
		assert.ok(threadId && response.headers.get('x-thread-key'));
		assert.deepEqual(data, [{ type: 'finish', threadId }]);
		assert.equal(finished.finishReason, 'stop');
		const { message } = finished;
		assert.deepEqual(
			message.parts.map(p => p.type),
			['step-start', 'tool-invocation', 'step-start', 'text'],
		);
		const invocation = message.parts.find(p => p.type === 'tool-invocation');
		assert.ok(invocation?.type === 'tool-invocation');
		assert.equal(invocation.toolInvocation.toolName, 'search');
		assert.equal(invocation.toolInvocation.state, 'result');
		assert.deepEqual(invocation.toolInvocation.args, { query: question });
		assert.equal(invocation.toolInvocation.state === 'result' && (invocation.toolInvocation.result as unknown[]).length, 3);

		// The same question through our client gives the same text (the stand-in's answers are deterministic).
		const events: AssistantEvent[] = [];
		for await (const event of askAssistant({
			baseUrl: server.url,
			domain: 'demo',
			getAssistantKey: () => assistantKey,
			fp: 'anonymous',
			messages: [createMessage('user', question)],
			retrievalPageSize: 3,
		}))
			events.push(event);
		assert.equal(message.content, textOf(events));
		assert.equal(events.at(-1)!.type, 'finish');
	});

	it('a thread continues through callChatApi with the id and key from the headers', async () => {
		const first = await rawAnswer(request('refunds'));
		const threadId = first.headers.get('x-thread-id')!;
		const threadKey = first.headers.get('x-thread-key')!;
		let status = 0;
		let sameThread: string | null = null;
		await callChatApi({
			api,
			body: { ...request('partial refunds'), threadId, threadKey },
			streamProtocol: 'data',
			credentials: undefined,
			headers: auth,
			abortController: () => new AbortController(),
			restoreMessagesOnFailure: () => undefined,
			onResponse: r => {
				status = r.status;
				sameThread = r.headers.get('x-thread-id');
			},
			onUpdate: () => undefined,
			onFinish: () => undefined,
			onToolCall: undefined,
			generateId: () => 'g',
			fetch: globalThis.fetch,
			lastMessage: undefined,
		});
		assert.equal(status, 200);
		assert.equal(sameThread, threadId);
	});
});
