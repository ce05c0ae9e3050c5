import type * as vscode from 'vscode';
import type { Ctx } from '../ctx';
import { registerApiKeys } from './apiKeys';
import { registerAssistant, type AssistantApi } from './assistant/registerAssistant';
import { registerDeploy } from './deploy/registerDeploy';
import { registerWorkflowCommand } from './deploy/workflowCommand';
import { registerSearch, type SearchApi } from './search/registerSearch';
import { registerFeedbackView, type PlatformViewsApi } from './views/feedbackTree';
import { registerInsightsView, type InsightsApi } from './views/insightsTree';
import { registerPageSummary, type PageSummaryState } from './views/pageSummary';
import { registerUpdateStatusView } from './views/updateStatusTree';

/** What the hosted-platform half shows, for the integration tests (read-only). */
export interface PlatformApi {
	/** The Feedback and Update Status views, and the platform log. */
	readonly views: PlatformViewsApi;
	/** The Insights view and the page summary. */
	readonly insights: InsightsApi & { readonly pageSummary: { readonly state: PageSummaryState; readonly onDidChange: vscode.Event<PageSummaryState> } };
	readonly assistant: AssistantApi;
	readonly search: SearchApi;
}

/**
 * The client of the hosted platform (its HTTP API: keys, the assistant, search, deploy, the
 * feedback, insights, update status and page summary views), registered as one part. Everything
 * else in client/src is the editor's half (the language client, preview, Site view, agents), which
 * works without an account; this half calls the platform only (platform/api/), never the server.
 */
export function registerPlatform(ctx: Ctx): PlatformApi {
	const platform = registerApiKeys(ctx);
	const feedback = registerFeedbackView(ctx, platform);
	const updates = registerUpdateStatusView(ctx, platform);
	const assistant = registerAssistant(ctx, platform);
	const search = registerSearch(ctx, platform);
	registerDeploy(ctx, platform, updates);
	const insights = registerInsightsView(ctx, platform);
	const pageSummary = registerPageSummary(ctx, platform, insights);
	registerWorkflowCommand(ctx, platform);
	return {
		views: { feedback, updates, logLines: () => platform.log.lines(), onDidLog: platform.log.onDidAppend },
		insights: {
			provider: insights.provider,
			get state() {
				return insights.state;
			},
			onDidChange: insights.onDidChange,
			pageSummary,
		},
		assistant,
		search,
	};
}
