import * as vscode from 'vscode';
import { feedbackQuery } from '../api/docsApiClient';
import { isApiError } from '../api/errors';
import { feedbackSources, feedbackStatuses, type FeedbackFilters } from '../api/types';
import { describeFilters, lastDays, sourceLabel, statusLabel } from './feedbackModel';

type Pick<T> = vscode.QuickPickItem & { readonly value: T };

const sourceDescriptions: Record<(typeof feedbackSources)[number], string> = {
	contextual: 'page ratings with a comment (helpful or not, maybe a contact)',
	thumbs_only: 'bare helpful / not helpful votes (thumbs_only)',
	code_snippet: 'code blocks',
	agent: 'assistant answers',
};

/**
 * The filter quick picks: choose what to change (date range, source, statuses, or clear all),
 * then its value. Resolves with the new filters, or undefined when cancelled.
 */
export async function pickFilters(current: FeedbackFilters): Promise<FeedbackFilters | undefined> {
	const what = await vscode.window.showQuickPick<Pick<'date' | 'source' | 'status' | 'clear'>>(
		[
			{ label: '$(calendar) Date range', description: dateDescription(current), value: 'date' },
			{ label: '$(symbol-enum) Source', description: current.source ? sourceLabel(current.source) : 'any', value: 'source' },
			{ label: '$(checklist) Status', description: current.statuses?.length ? current.statuses.map(statusLabel).join(', ') : 'any', value: 'status' },
			{ label: '$(clear-all) Clear all filters', value: 'clear' },
		],
		{ title: `MintDoc: Filter Feedback (${describeFilters(current)})`, placeHolder: 'What to filter by' },
	);
	if (!what) return undefined;
	if (what.value === 'clear') return {};
	if (what.value === 'date') {
		const range = await pickDateRange();
		return range && { ...current, dateFrom: range.dateFrom, dateTo: range.dateTo };
	}
	if (what.value === 'source') {
		const source = await vscode.window.showQuickPick<Pick<string | undefined>>(
			[
				{ label: 'Any source', value: undefined },
				...feedbackSources.map(s => ({ label: sourceLabel(s), description: sourceDescriptions[s], value: s as string })),
			],
			{ title: 'Feedback source' },
		);
		return source && { ...current, source: source.value };
	}
	const picked = await vscode.window.showQuickPick(
		feedbackStatuses.map(s => ({ label: statusLabel(s), value: s, picked: current.statuses?.includes(s) ?? false })),
		{ title: 'Feedback statuses (none = any)', canPickMany: true },
	);
	return picked && { ...current, statuses: picked.map(p => p.value) };
}

async function pickDateRange(): Promise<FeedbackFilters | undefined> {
	const now = Date.now();
	const choice = await vscode.window.showQuickPick<Pick<number | 'any' | 'custom'>>(
		[
			{ label: 'Any time', value: 'any' },
			{ label: 'Last 7 days', value: 7 },
			{ label: 'Last 30 days', value: 30 },
			{ label: 'Last 90 days', value: 90 },
			{ label: 'Custom range…', description: 'YYYY-MM-DD; the end date is excluded', value: 'custom' },
		],
		{ title: 'Feedback date range' },
	);
	if (!choice) return undefined;
	if (choice.value === 'any') return {};
	if (typeof choice.value === 'number') return lastDays(choice.value, now);
	const ask = (prompt: string, other?: FeedbackFilters) =>
		vscode.window.showInputBox({
			title: 'Feedback date range',
			prompt,
			placeHolder: 'YYYY-MM-DD (empty: no bound)',
			ignoreFocusOut: true,
			validateInput: text => validateRange({ ...other, [other ? 'dateTo' : 'dateFrom']: text.trim() || undefined }),
		});
	const from = await ask('From (inclusive)');
	if (from === undefined) return undefined;
	const dateFrom = from.trim() || undefined;
	const to = await ask('To (exclusive)', { dateFrom });
	if (to === undefined) return undefined;
	return { dateFrom, dateTo: to.trim() || undefined };
}

/** The client's own check, so the input box says exactly what a request would be refused for. */
function validateRange(filters: FeedbackFilters): string | undefined {
	try {
		feedbackQuery(filters);
		return undefined;
	} catch (e) {
		return isApiError(e) ? e.message : String(e);
	}
}

function dateDescription(f: FeedbackFilters): string {
	if (!f.dateFrom && !f.dateTo) return 'any time';
	return [f.dateFrom && `from ${f.dateFrom}`, f.dateTo && `before ${f.dateTo}`].filter(Boolean).join(' ');
}
