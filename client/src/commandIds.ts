/**
 * Every command id of the extension, in one table (no `vscode` here: pure models and tests use it):
 * the tables by feature below, whose union a unit test keeps equal to package.json's
 * `contributes.commands`, and the integration test checks each is registered.
 */
export const Commands = {
	restartServer: 'mintdoc.restartServer',
	showOutput: 'mintdoc.showOutput',
	showStatusMenu: 'mintdoc.showStatusMenu',
	movePage: 'mintdoc.movePage',
	checkExternalLinks: 'mintdoc.checkExternalLinks',
	refreshSite: 'mintdoc.refreshSite',
	generatePages: 'mintdoc.generatePages',
	triggerWorkflow: 'mintdoc.triggerWorkflow',
	setUpCodingAgents: 'mintdoc.setUpCodingAgents',
} as const;

export const KeyCommands = {
	setAdminKey: 'mintdoc.setAdminApiKey',
	clearAdminKey: 'mintdoc.clearAdminApiKey',
	setAssistantKey: 'mintdoc.setAssistantKey',
	signOut: 'mintdoc.signOut',
} as const;

export const DeployCommands = {
	site: 'mintdoc.deploySite',
	preview: 'mintdoc.deployPreview',
} as const;

export const FeedbackCommands = {
	refresh: 'mintdoc.feedback.refresh',
	filter: 'mintdoc.feedback.filter',
	clearFilters: 'mintdoc.feedback.clearFilters',
	groupByPath: 'mintdoc.feedback.groupByPath',
	groupByStatus: 'mintdoc.feedback.groupByStatus',
	loadMore: 'mintdoc.feedback.loadMore',
	open: 'mintdoc.feedback.open',
	copyComment: 'mintdoc.feedback.copyComment',
	setProjectId: 'mintdoc.setProjectId',
	setAdminKey: 'mintdoc.setAdminApiKey',
} as const;

export const UpdateCommands = {
	track: 'mintdoc.updateStatus.track',
	untrack: 'mintdoc.updateStatus.untrack',
	refresh: 'mintdoc.updateStatus.refresh',
	openLogs: 'mintdoc.updateStatus.openLogs',
	openFile: 'mintdoc.updateStatus.openFile',
	// Not `mintdoc.updateStatus.focus`: that is the view's own focus command, which this one runs.
	focus: 'mintdoc.updateStatus.show',
} as const;

export const InsightsCommands = {
	refresh: 'mintdoc.insights.refresh',
	loadMore: 'mintdoc.insights.loadMore',
	setPeriod: 'mintdoc.insights.setPeriod',
	showPage: 'mintdoc.insights.showPage',
	clearPage: 'mintdoc.insights.clearPage',
	openPage: 'mintdoc.insights.openPage',
	openThread: 'mintdoc.insights.openThread',
} as const;

export const SearchCommands = {
	search: 'mintdoc.searchPublishedDocs',
	openPublished: 'mintdoc.openPublishedVersion',
} as const;

export const AssistantCommands = {
	open: 'mintdoc.assistant.open',
	openInEditor: 'mintdoc.assistant.openInEditor',
	newChat: 'mintdoc.assistant.newChat',
	askAboutSelection: 'mintdoc.assistant.askAboutSelection',
	export: 'mintdoc.assistant.export',
	setDomain: 'mintdoc.setAssistantDomain',
} as const;

/** Command ids of the preview, as contributed in package.json. */
export const PreviewCommands = {
	open: 'mintdoc.preview.open',
	openToSide: 'mintdoc.preview.openToSide',
	toggleFollow: 'mintdoc.preview.toggleFollow',
} as const;

/** Command ids of the legacy mint.json flow, as contributed in package.json. */
export const LegacyCommands = {
	upgrade: 'mintdoc.upgradeMintJson',
	deleteLegacy: 'mintdoc.deleteMintJson',
} as const;

/** Command ids of what agents read (llms.txt, page Markdown). */
export const AgentsCommands = {
	showWhatAgentsRead: 'mintdoc.showWhatAgentsRead',
} as const;

/** Every command id above. */
export const allCommandIds: readonly string[] = [
	...new Set(
		[
			Commands,
			KeyCommands,
			DeployCommands,
			FeedbackCommands,
			UpdateCommands,
			InsightsCommands,
			SearchCommands,
			AssistantCommands,
			PreviewCommands,
			LegacyCommands,
			AgentsCommands,
		].flatMap(table => Object.values(table) as string[]),
	),
];

/** A context key, true where the extension's browser entry runs (browserExtension.ts): package.json's `when` clauses read it. */
export const browserContextKey = 'mintdoc.browser';

/**
 * The platform's commands (registerPlatform: keys, views, assistant, search, deploy, automations).
 * They speak HTTP only, with `fetch`, so the browser entry registers them too.
 */
const platformCommandIds: readonly string[] = [
	...[KeyCommands, DeployCommands, FeedbackCommands, UpdateCommands, InsightsCommands, SearchCommands, AssistantCommands].flatMap(
		table => Object.values(table) as string[],
	),
	Commands.triggerWorkflow,
];

/**
 * The commands the browser entry registers; package.json offers no other command, and no view but
 * {@link browserViewIds}, where `mintdoc.browser` is set (test/unit/client/commandTable.test.ts keeps them equal).
 */
export const browserCommandIds: readonly string[] = [
	...new Set([
		Commands.restartServer,
		Commands.showOutput,
		Commands.showStatusMenu,
		Commands.movePage,
		// The Site view's, and what its llms.txt row opens.
		Commands.refreshSite,
		AgentsCommands.showWhatAgentsRead,
		...Object.values(PreviewCommands),
		...platformCommandIds,
	]),
];

/** The views the browser entry fills: the Site view (views/siteTree.ts) and the platform's (registerPlatform). */
export const browserViewIds: readonly string[] = ['mintdoc.site', 'mintdoc.feedback', 'mintdoc.insights', 'mintdoc.updateStatus', 'mintdoc.assistant'];
