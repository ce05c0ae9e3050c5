// The assistant chat webview (bundled to dist/assistant.js). It keeps a copy of the chat state,
// updated with the same reducer as the host, and renders it; every action goes to the host as a
// typed message. It never sees the assistant key and makes no network requests.
import { reduceChat, streamingTurn } from '../../client/src/platform/assistant/chatState';
import type { ChatState, ConversationSummary, HostMessage, ViewMessage } from '../../client/src/platform/assistant/protocol';
import { h, icon, iconButton } from './dom';
import { retryAfterText, TurnView } from './turnView';

interface VsCodeApi {
	postMessage(message: ViewMessage): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const post = (message: ViewMessage): void => vscode.postMessage(message);

let state: ChatState | undefined;
const turnViews = new Map<string, TurnView>();
let shownConversation: string | undefined;

// ---- layout -------------------------------------------------------------------------------

const title = h('div', { class: 'title' }, 'MintDoc Assistant');
const domainBadge = h('span', { class: 'domain', hidden: true });
const newChatButton = iconButton('add', 'New chat', { 'data-action': 'new-chat' });
const historyButton = iconButton('history', 'History', { 'data-action': 'history', 'aria-expanded': 'false' });
const exportButton = iconButton('export', 'Export to Markdown', { 'data-action': 'export' });
const header = h(
	'header',
	{ class: 'toolbar' },
	h('div', { class: 'heading' }, title, domainBadge),
	h('div', { class: 'actions' }, newChatButton, historyButton, exportButton),
);
const banner = h('div', { class: 'banner', hidden: true, role: 'status' });
const historyPanel = h('section', { class: 'history', hidden: true, 'aria-label': 'Conversation history' });
const log = h('main', { class: 'log', 'aria-live': 'polite' });
const input = h('textarea', { class: 'input', rows: '1', placeholder: 'Ask about your docs…', 'aria-label': 'Question' });
const sendButton = iconButton('send', 'Send (Enter)', { class: 'icon-button send', 'data-action': 'send' });
const stopButton = iconButton('stop', 'Stop (Esc)', { class: 'icon-button stop', 'data-action': 'stop', hidden: true });
const contextChip = h('div', { class: 'context-chip', hidden: true });
const composer = h(
	'footer',
	{ class: 'composer' },
	contextChip,
	h('div', { class: 'input-row' }, input, sendButton, stopButton),
	h('div', { class: 'hint' }, 'Enter to send · Shift+Enter for a new line · Esc to stop'),
);
document.getElementById('app')!.append(header, banner, historyPanel, log, composer);

// ---- rendering ----------------------------------------------------------------------------

let frame = 0;
function schedule(): void {
	frame ||= requestAnimationFrame(() => {
		frame = 0;
		render();
	});
}

function render(): void {
	if (!state) return;
	const { conversation } = state;
	const nearBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 60;
	if (shownConversation !== conversation.id) {
		shownConversation = conversation.id;
		turnViews.clear();
		log.replaceChildren();
	}
	title.textContent = conversation.turns.length ? conversation.title : 'MintDoc Assistant';
	title.title = conversation.title;
	domainBadge.hidden = !state.domain;
	domainBadge.textContent = state.domain ?? '';
	renderBanner(state);
	let again = false;
	const ids = new Set(conversation.turns.map(t => t.id));
	for (const [id, view] of turnViews) {
		if (!ids.has(id)) {
			view.element.remove();
			turnViews.delete(id);
		}
	}
	let previous: Element | null = null;
	for (const turn of conversation.turns) {
		let view = turnViews.get(turn.id);
		if (!view) {
			view = new TurnView(turn);
			turnViews.set(turn.id, view);
		}
		if (view.element.previousElementSibling !== previous || view.element.parentElement !== log) {
			if (previous) previous.after(view.element);
			else log.prepend(view.element);
		}
		previous = view.element;
		if (!view.update(turn, performance.now())) again = true;
	}
	log.querySelector('.welcome')?.remove();
	if (!conversation.turns.length) log.append(welcome(state));
	const streaming = !!streamingTurn(state);
	sendButton.hidden = streaming;
	stopButton.hidden = !streaming;
	exportButton.disabled = !conversation.turns.length;
	const context = state.pendingContext?.[0];
	contextChip.hidden = !context;
	if (context) {
		contextChip.replaceChildren(
			icon('file'),
			h('span', {}, `Selected ${context.type === 'code' ? 'code' : 'text'} will be sent with your question`),
			iconButton('close', 'Remove the selection', { 'data-action': 'clear-context' }),
		);
	}
	if (!historyPanel.hidden) renderHistory(state.history);
	if (nearBottom) log.scrollTop = log.scrollHeight;
	if (again) setTimeout(schedule, 50);
}

function welcome(s: ChatState): HTMLElement {
	return h(
		'div',
		{ class: 'welcome' },
		h('div', { class: 'welcome-icon' }, icon('sparkle')),
		h('h2', {}, 'Ask MintDoc Assistant'),
		h(
			'p',
			{},
			`Answers come from ${s.domain ? `the ${s.domain} docs` : 'your docs site'}, with the pages they cite. Sources open the local page when it is in this workspace.`,
		),
		h('p', { class: 'muted' }, 'Tip: select text in a page or code in an editor and run “Ask MintDoc Assistant about Selection”.'),
	);
}

function renderBanner(s: ChatState): void {
	banner.hidden = !s.setup;
	if (s.setup === 'noKey') {
		banner.replaceChildren(
			h('span', {}, 'MintDoc Assistant needs your site’s public assistant key (mint_dsc_…). It is kept in VS Code’s secret storage.'),
			iconButton('key', 'Set Assistant Key', { class: 'icon-button with-label primary', 'data-action': 'fix', 'data-problem': 'noKey' }, true),
		);
	} else if (s.setup === 'noDomain') {
		banner.replaceChildren(
			h('span', {}, 'Set the domain of your docs site (setting mintdoc.assistant.domain) so questions reach its assistant.'),
			iconButton('gear', 'Set Domain', { class: 'icon-button with-label primary', 'data-action': 'fix', 'data-problem': 'noDomain' }, true),
		);
	}
}

function renderHistory(history: readonly ConversationSummary[]): void {
	const rows = history.map(item =>
		h(
			'li',
			{},
			h(
				'button',
				{ type: 'button', class: 'history-item', 'data-action': 'open-conversation', 'data-id': item.id },
				h('span', { class: 'history-title' }, item.title),
				h('span', { class: 'history-meta' }, `${new Date(item.updatedAt).toLocaleString()} · ${item.turns} ${item.turns === 1 ? 'question' : 'questions'}`),
			),
			iconButton('trash', 'Delete conversation', { 'data-action': 'delete-conversation', 'data-id': item.id }),
		),
	);
	historyPanel.replaceChildren(
		h('div', { class: 'history-head' }, h('span', {}, 'History'), iconButton('close', 'Close history', { 'data-action': 'history' })),
		rows.length ? h('ul', {}, ...rows) : h('p', { class: 'muted' }, 'No earlier conversations in this workspace.'),
	);
}

function toggleHistory(show = historyPanel.hidden): void {
	historyPanel.hidden = !show;
	historyButton.setAttribute('aria-expanded', String(show));
	if (show && state) renderHistory(state.history);
}

// ---- input --------------------------------------------------------------------------------

let draftTimer: ReturnType<typeof setTimeout> | undefined;
function setDraftLocally(text: string): void {
	if (state) state = { ...state, draft: text };
	clearTimeout(draftTimer);
	draftTimer = setTimeout(() => post({ type: 'draft', text }), 300);
}

function fitInput(): void {
	input.style.height = 'auto';
	input.style.height = `${Math.min(input.scrollHeight, 200)}px`;
}

function send(): void {
	const text = input.value;
	if (!text.trim() || !state || streamingTurn(state)) return;
	// The input keeps the text until the host starts the turn (the reducer then clears it).
	clearTimeout(draftTimer);
	post({ type: 'send', text });
}

input.addEventListener('input', () => {
	setDraftLocally(input.value);
	fitInput();
});
input.addEventListener('keydown', event => {
	if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
		event.preventDefault();
		send();
	}
});
document.addEventListener('keydown', event => {
	if (event.key === 'Escape' && state && streamingTurn(state)) {
		event.preventDefault();
		post({ type: 'stop' });
	} else if (event.key === 'Escape' && !historyPanel.hidden) {
		toggleHistory(false);
	}
});

/** Code of the block a toolbar button belongs to. */
function codeOf(button: Element): string {
	return button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
}

function flash(button: HTMLElement, text: string): void {
	const old = button.textContent;
	button.textContent = text;
	setTimeout(() => (button.textContent = old), 1200);
}

document.addEventListener('click', event => {
	const target = event.target instanceof Element ? event.target : null;
	const link = target?.closest('a[href]');
	if (link) {
		// Links never navigate the webview: the host opens https links and pages of the site.
		event.preventDefault();
		post({ type: 'openLink', href: link.getAttribute('href') ?? '' });
		return;
	}
	const button = target?.closest<HTMLElement>('[data-action]');
	if (!button) return;
	const action = button.dataset.action;
	switch (action) {
		case 'send':
			return send();
		case 'stop':
			return post({ type: 'stop' });
		case 'retry':
			return post({ type: 'retry', turnId: button.dataset.turnId ?? '' });
		case 'new-chat':
			toggleHistory(false);
			return post({ type: 'newChat' });
		case 'history':
			return toggleHistory();
		case 'export':
			return post({ type: 'export' });
		case 'clear-context':
			return post({ type: 'clearContext' });
		case 'open-conversation':
			toggleHistory(false);
			return post({ type: 'openConversation', id: button.dataset.id ?? '' });
		case 'delete-conversation':
			return post({ type: 'deleteConversation', id: button.dataset.id ?? '' });
		case 'citation':
			return post({ type: 'openCitation', turnId: button.dataset.turnId ?? '', index: Number(button.dataset.index) });
		case 'fix': {
			const problem = button.dataset.problem;
			if (problem === 'noKey' || problem === 'noDomain' || problem === 'auth') post({ type: 'fix', problem });
			return;
		}
		case 'copy':
			post({ type: 'copy', text: codeOf(button) });
			return flash(button, 'Copied');
		case 'insert':
			post({ type: 'insert', text: codeOf(button) });
			return flash(button, 'Inserted');
	}
});

// Rate-limit countdowns.
setInterval(() => {
	for (const el of document.querySelectorAll<HTMLElement>('.retry-after[data-until]')) {
		const remaining = Number(el.dataset.until) - Date.now();
		el.textContent = retryAfterText(remaining);
		if (remaining <= 500) delete el.dataset.until;
	}
}, 1000);

// ---- host messages ------------------------------------------------------------------------

window.addEventListener('message', (event: MessageEvent<HostMessage>) => {
	const message = event.data;
	if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
	if (message.type !== 'init' && !state) return;
	const before = state;
	state = reduceChat(state!, message);
	if (state.draft !== input.value && (message.type === 'init' || state.draft !== before?.draft)) {
		input.value = state.draft;
		fitInput();
	}
	if (message.type === 'draft' || message.type === 'init') input.focus();
	schedule();
});

post({ type: 'ready' });
