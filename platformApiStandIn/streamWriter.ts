import type { ServerResponse } from 'node:http';
import type { SearchResultItem } from './assistantAnswer';
import type { Fault } from './faults';
import type { RouteContext } from './router';

/**
 * Writing a streamed assistant answer, shared by the v1 data stream and the v2 UI message
 * stream: lines as bytes, written in slices that split lines and characters as a real network
 * does, with the stream faults (cut, hang, slow, truncated) applied the same way to both.
 */

/** One line of the stream, kept as bytes so a fault can put invalid UTF-8 in it. */
/** What an answer is made of, for either wire protocol. */
export interface AnswerContent {
	readonly question: string;
	readonly threadId: string;
	readonly hits: readonly SearchResultItem[];
	readonly pieces: readonly string[];
}

/** One wire protocol of the assistant: its response headers, its lines, and how stream faults bend them. */
export interface StreamProtocol {
	readonly version: 1 | 2;
	readonly headers: Readonly<Record<string, string>>;
	lines(answer: AnswerContent): Line[];
	applyFault(lines: Line[], fault: Fault | undefined): Line[];
}

export interface Line {
	readonly bytes: Buffer;
	/** A `0:` text part (fault cut points are counted in these). */
	readonly text?: boolean;
}

/** The line index halfway through the text parts (where cut/error/hang faults strike). */
export function midText(lines: readonly Line[]): number {
	const texts = lines.flatMap((line, i) => (line.text ? [i] : []));
	return texts.length ? texts[Math.floor(texts.length / 2)] : lines.length - 1;
}

/**
 * Writes the lines in small slices that often split a line, and sometimes a multi-byte
 * character, across writes, as a real network does. Stops when the client goes away.
 */
export async function writeLines(ctx: RouteContext, lines: readonly Line[], fault: Fault | undefined, delayMs: number): Promise<void> {
	const { res, signal } = ctx;
	const pause = fault?.kind === 'stream-slow' ? fault.ms : delayMs;
	const bulk = fault?.kind === 'stream-big' || fault?.kind === 'stream-tiny';
	const dropAt = fault?.kind === 'truncated' ? midText(lines) : -1;
	let turn = 0;
	for (const [index, line] of lines.entries()) {
		if (signal.aborted) return;
		if (index === dropAt) {
			// Hang up mid-line: the client sees the connection drop in the middle of the answer.
			await write(res, line.bytes.subarray(0, Math.ceil(line.bytes.length / 2)));
			res.destroy();
			return;
		}
		if (bulk) {
			if (!(await write(res, line.bytes))) return;
		} else {
			// Slice sizes cycle through 5..37 bytes: lines and characters split at changing places.
			for (let at = 0; at < line.bytes.length;) {
				const size = 5 + ((turn++ * 13) % 33);
				if (!(await write(res, line.bytes.subarray(at, at + size)))) return;
				at += size;
				// Let the socket send it: consecutive writes would otherwise leave in one packet.
				await new Promise(resolve => setImmediate(resolve));
			}
		}
		if (pause > 0 && (line.text || fault?.kind === 'stream-slow')) await sleep(pause, signal);
	}
	if (fault?.kind === 'stream-hang') {
		// Never finish: the client has to stop (or time out); end when it leaves.
		await new Promise<void>(resolve => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
		return;
	}
	res.end();
}

/** Writes one slice, waiting for `drain` when the socket is full; false when the client left. */
function write(res: ServerResponse, bytes: Buffer): Promise<boolean> {
	if (res.destroyed) return Promise.resolve(false);
	if (res.write(bytes)) return Promise.resolve(true);
	return new Promise(resolve => {
		const done = (ok: boolean) => {
			res.off('drain', onDrain);
			res.off('close', onClose);
			resolve(ok);
		};
		const onDrain = () => done(true);
		const onClose = () => done(false);
		res.once('drain', onDrain);
		res.once('close', onClose);
	});
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
	return new Promise(resolve => {
		const timer = setTimeout(resolve, ms);
		signal.addEventListener(
			'abort',
			() => {
				clearTimeout(timer);
				resolve();
			},
			{ once: true },
		);
	});
}

/** About `megabytes` of answer: the real answer, then numbered copies of it. */
export function bigText(text: string, megabytes: number): string {
	const target = Math.round(megabytes * 1024 * 1024);
	const parts = [text];
	let size = Buffer.byteLength(text);
	for (let copy = 2; size < target; copy++) {
		const next = `\n\n---\n\n(copy ${copy} of the answer, for the size test)\n\n${text}`;
		parts.push(next);
		size += Buffer.byteLength(next);
	}
	return parts.join('');
}

/** `count` one-character pieces (the answer repeated or cut to that length). */
export function tinyPieces(text: string, count: number): string[] {
	const chars = [...(text || 'x')];
	return Array.from({ length: count }, (_, i) => chars[i % chars.length]);
}
