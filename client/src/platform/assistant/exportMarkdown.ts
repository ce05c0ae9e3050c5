import type { AssistantSource } from '../api/assistantTypes';
import type { Conversation, Turn } from './protocol';

/**
 * A conversation as a Markdown document ("Export to Markdown"): each question as a quote, the
 * answer as it was streamed (Markdown already), its state when it did not finish, its sources.
 */
export function conversationToMarkdown(conversation: Conversation, exportedAt: Date): string {
	const header = `# ${oneLine(conversation.title)}\n\n_MintDoc Assistant conversation, exported ${exportedAt.toISOString()}_\n`;
	return `${header}\n${conversation.turns.map(turn => turnLines(turn).join('\n')).join('\n---\n\n')}`;
}

function turnLines(turn: Turn): string[] {
	const lines = [
		'## Question',
		'',
		...turn.question
			.trim()
			.split(/\r?\n/)
			.map(line => `> ${line}`.trimEnd()),
		'',
	];
	for (const context of turn.context ?? []) {
		const fence = '`'.repeat(Math.max(3, longestBacktickRun(context.value) + 1));
		lines.push(`With the selected ${context.type === 'code' ? 'code' : 'text'}:`, '', fence, context.value, fence, '');
	}
	lines.push('## Answer', '');
	if (turn.answer.trim()) lines.push(turn.answer.trim(), '');
	const status = statusLine(turn);
	if (status) lines.push(`_${status}_`, '');
	if (turn.citations.length) {
		lines.push('**Sources**', '');
		turn.citations.forEach((source, i) => lines.push(`${i + 1}. ${sourceLine(source)}`));
		lines.push('');
	}
	return lines;
}

function statusLine(turn: Turn): string | undefined {
	switch (turn.state) {
		case 'incomplete':
			return 'Incomplete: the answer was cut off.';
		case 'stopped':
			return 'Stopped before the answer finished.';
		case 'streaming':
			return 'Still streaming when exported.';
		case 'failed':
			return `No answer: ${oneLine(turn.error?.message ?? 'the request failed')}`;
		default:
			return undefined;
	}
}

function sourceLine(source: AssistantSource): string {
	const title = escapeLinkText(oneLine(source.title?.trim() || source.path || source.url || 'Source'));
	const target = source.url ?? (source.path !== undefined ? `/${source.path.replace(/^\/+/, '')}` : undefined);
	return target ? `[${title}](<${target.replace(/[<>\s]/g, encodeURIComponent)}>)` : title;
}

function oneLine(text: string): string {
	return text.replace(/\s+/g, ' ').trim();
}

function escapeLinkText(text: string): string {
	return text.replace(/([\\[\]*_`<>])/g, '\\$1');
}

function longestBacktickRun(text: string): number {
	return Math.max(0, ...[...text.matchAll(/`+/g)].map(m => m[0].length));
}
