import type { AssistantConversation, AssistantThread } from '../api/analyticsTypes';
import { absoluteTime } from '../../views/viewRow';

/**
 * An assistant thread as a Markdown document (opened read-only in an editor): each message under
 * its role and time, then the sources of the row it was opened from. The texts come from
 * readers and the assistant: quoted, never interpreted as anything but text.
 */
export function threadMarkdown(thread: AssistantThread, from?: AssistantConversation): string {
	const lines = [`# Assistant thread ${thread.threadId}`, '', `Started ${absoluteTime(thread.createdAt)}${from?.pageUrl ? ` on ${from.pageUrl}` : ''}`, ''];
	for (const message of thread.messages) {
		lines.push(`## ${message.role === 'user' ? 'Reader' : message.role === 'assistant' ? 'Assistant' : message.role} · ${absoluteTime(message.createdAt)}`, '');
		lines.push(...message.content.split(/\r?\n/).map(line => `> ${line}`), '');
	}
	if (!thread.messages.length) lines.push('_The thread has no messages._', '');
	if (from?.sources.length) {
		lines.push('## Sources of the answer', '');
		for (const source of from.sources) lines.push(`- ${source.title.replace(/[[\]]/g, '')}: <${source.url.replace(/[<>\s]/g, '')}>`);
		lines.push('');
	}
	return lines.join('\n');
}
