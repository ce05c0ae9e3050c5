import * as assert from 'node:assert/strict';
import { MessageChannel } from 'node:worker_threads';
import { yieldTurn } from '../../../server/src/core/yieldTurn';

describe('yieldTurn', () => {
	it("lets a message that arrived meanwhile in, through Node's setImmediate (no timer's millisecond)", async () => {
		const { port1, port2 } = new MessageChannel();
		const received: number[] = [];
		port2.on('message', (n: number) => received.push(n));
		port1.postMessage(1);
		// A synchronous stretch never lets the message in; one turn does.
		assert.deepEqual(received, []);
		let turns = 0;
		while (!received.length && turns < 1000) {
			await yieldTurn();
			turns++;
		}
		port2.close();
		assert.deepEqual(received, [1]);

		const real = globalThis.setImmediate;
		const asked: string[] = [];
		globalThis.setImmediate = ((callback: () => void) => (asked.push('immediate'), real(callback))) as typeof setImmediate;
		try {
			await yieldTurn();
		} finally {
			globalThis.setImmediate = real;
		}
		assert.deepEqual(asked, ['immediate']);
	});

	it('takes a timer where there is no setImmediate (a browser worker)', async () => {
		const real = globalThis.setImmediate;
		const realTimeout = globalThis.setTimeout;
		const asked: number[] = [];
		(globalThis as { setImmediate?: unknown }).setImmediate = undefined;
		globalThis.setTimeout = ((callback: () => void, ms: number) => (asked.push(ms), realTimeout(callback, ms))) as typeof setTimeout;
		try {
			await yieldTurn();
		} finally {
			globalThis.setImmediate = real;
			globalThis.setTimeout = realTimeout;
		}
		assert.deepEqual(asked, [0]);
	});
});
