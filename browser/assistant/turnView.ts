// One question and its answer in the chat log. The answer's Markdown is re-rendered as text
// streams in, throttled by size so a 5 MB answer or 10,000 tiny parts keep the panel responsive.
import type { AssistantSource } from '../../client/src/platform/api/assistantTypes';
import { renderMarkdown } from '../../client/src/platform/assistant/markdown';
import type { ChatError, Turn } from '../../client/src/platform/assistant/protocol';
import { h, icon, iconButton } from './dom';

/** The part of a turn other than its text; when it changes the turn's chrome is rebuilt. */
function chromeKey(turn: Turn): string {
	return JSON.stringify([turn.state, turn.citations.length, turn.notes?.length ?? 0, turn.error?.kind, turn.error?.message]);
}

export class TurnView {
	readonly element: HTMLElement;
	readonly #markdown: HTMLElement;
	readonly #chrome: HTMLElement;
	#renderedAnswer: string | undefined;
	#renderedChrome = '';
	#lastRender = 0;
	#lastCost = 0;

	constructor(turn: Turn) {
		this.#markdown = h('div', { class: 'markdown' });
		this.#chrome = h('div', { class: 'answer-chrome' });
		const question = h('div', { class: 'bubble' }, turn.question);
		const context = turn.context?.length
			? h(
					'div',
					{ class: 'context-note' },
					icon('file'),
					`with the selected ${turn.context[0].type === 'code' ? 'code' : 'text'} (${lineCount(turn.context[0].value)})`,
				)
			: null;
		this.element = h(
			'article',
			{ class: 'turn', 'data-turn-id': turn.id },
			h('div', { class: 'msg user' }, h('div', { class: 'role' }, 'You'), question, context),
			h('div', { class: 'msg assistant' }, h('div', { class: 'role' }, icon('sparkle'), 'MintDoc Assistant'), this.#markdown, this.#chrome),
		);
	}

	/**
	 * Brings the element up to date. Returns false when the text render was deferred (throttled):
	 * the caller schedules another pass.
	 */
	update(turn: Turn, now: number): boolean {
		let complete = true;
		if (turn.answer !== this.#renderedAnswer) {
			// A render costs about the answer's length: while streaming, wait four times the last
			// render's cost between renders, so rendering takes at most a fifth of the time.
			const interval = turn.state === 'streaming' ? Math.min(5000, this.#lastCost * 4) : 0;
			if (now - this.#lastRender >= interval) {
				const started = performance.now();
				this.#markdown.innerHTML = renderMarkdown(turn.answer);
				this.#renderedAnswer = turn.answer;
				this.#lastRender = performance.now();
				this.#lastCost = this.#lastRender - started;
			} else {
				complete = false;
			}
		}
		this.#markdown.classList.toggle('streaming', turn.state === 'streaming');
		this.#markdown.classList.toggle('empty', !turn.answer);
		const key = chromeKey(turn);
		if (key !== this.#renderedChrome) {
			this.#renderedChrome = key;
			this.#chrome.replaceChildren(...chrome(turn));
		}
		return complete;
	}
}

function lineCount(text: string): string {
	const lines = text.split('\n').length;
	return lines === 1 ? '1 line' : `${lines} lines`;
}

function chrome(turn: Turn): Node[] {
	const nodes: Node[] = [];
	if (turn.state === 'streaming' && !turn.answer) nodes.push(h('div', { class: 'thinking' }, h('span', { class: 'dots' }), 'Searching the docs…'));
	for (const note of turn.notes ?? []) nodes.push(h('div', { class: 'note' }, note));
	if (turn.state === 'incomplete') {
		nodes.push(h('div', { class: 'status-line warning' }, 'The answer was cut off before it finished. What arrived is kept above.', retryButton(turn)));
	} else if (turn.state === 'stopped') {
		nodes.push(h('div', { class: 'status-line' }, 'Stopped.'));
	} else if (turn.state === 'failed' && turn.error) {
		nodes.push(errorCard(turn, turn.error));
	}
	if (turn.citations.length) nodes.push(citationList(turn.id, turn.citations));
	return nodes;
}

function retryButton(turn: Turn): HTMLButtonElement {
	return iconButton('retry', 'Retry', { class: 'icon-button with-label secondary', 'data-action': 'retry', 'data-turn-id': turn.id }, true);
}

const errorTitles: Record<ChatError['kind'], string> = {
	noKey: 'No assistant key',
	noDomain: 'No assistant domain',
	auth: 'The assistant key was rejected (401)',
	forbidden: 'Not allowed (403)',
	network: 'Offline',
	webPage: 'No answer to this web page',
	rateLimited: 'Too many requests (429)',
	notFound: 'Not found (404)',
	server: 'The assistant failed',
	timeout: 'No answer in time',
	stream: 'The assistant reported an error',
	config: 'Setting problem',
	badRequest: 'Request rejected',
	other: 'Something went wrong',
};

function errorCard(turn: Turn, error: ChatError): HTMLElement {
	const actions = h('div', { class: 'actions' });
	if (error.kind === 'noKey' || error.kind === 'auth' || error.kind === 'forbidden') {
		actions.append(
			iconButton(
				'key',
				'Set Assistant Key',
				{ class: 'icon-button with-label primary', 'data-action': 'fix', 'data-problem': error.kind === 'noKey' ? 'noKey' : 'auth' },
				true,
			),
		);
	}
	if (error.kind === 'noDomain') {
		actions.append(iconButton('gear', 'Set Domain', { class: 'icon-button with-label primary', 'data-action': 'fix', 'data-problem': 'noDomain' }, true));
	}
	actions.append(retryButton(turn));
	// Counts down from when the error was shown (main.ts ticks every `.retry-after[data-until]`).
	const wait =
		error.kind === 'rateLimited' && error.retryAfter !== undefined
			? h('div', { class: 'retry-after', 'data-until': String(Date.now() + error.retryAfter * 1000) }, retryAfterText(error.retryAfter * 1000))
			: null;
	return h(
		'div',
		{ class: `error-card kind-${error.kind}`, role: 'alert' },
		h('div', { class: 'error-title' }, errorTitles[error.kind] ?? errorTitles.other),
		h('div', { class: 'error-message' }, error.message),
		wait,
		actions,
	);
}

/** The countdown line of a rate-limited question. */
export function retryAfterText(remainingMs: number): string {
	return remainingMs > 500 ? `Retry possible in ${formatSeconds(remainingMs / 1000)}.` : 'You can retry now.';
}

export function formatSeconds(seconds: number): string {
	if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
	const minutes = Math.round(seconds / 60);
	return minutes < 90 ? `${minutes} min` : `${Math.round(minutes / 60)} h`;
}

function citationList(turnId: string, citations: readonly AssistantSource[]): HTMLElement {
	const list = h('ol', { class: 'citations' });
	citations.forEach((source, index) => {
		const where = source.path ?? source.url ?? '';
		const button = h(
			'button',
			{
				type: 'button',
				class: 'citation',
				'data-action': 'citation',
				'data-turn-id': turnId,
				'data-index': String(index),
				title: where ? `Open ${where}` : 'Open source',
			},
			h('span', { class: 'citation-index' }, String(index + 1)),
			h('span', { class: 'citation-title' }, source.title?.trim() || where || 'Source'),
			where && source.title ? h('span', { class: 'citation-path' }, where) : null,
		);
		list.append(h('li', {}, button));
	});
	return h('div', { class: 'sources' }, h('div', { class: 'sources-title' }, icon('link'), `Sources (${citations.length})`), list);
}
