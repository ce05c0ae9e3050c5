import {
	FileChangeType,
	TextDocuments,
	TextDocumentSyncKind,
	type ClientCapabilities,
	type Connection,
	type FileEvent,
	type InitializeResult,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { editedDocuments } from './lsp/editedDocuments';
import { createLanguageService } from './core/languageService';
import { isSiteConfigUri } from './core/uris';
import { createConnectionLogger } from './lsp/connectionLogger';
import { DiagnosticsPublisher } from './lsp/diagnosticsPublisher';
import { featureCapabilities, folderSchemes, registerFeatures } from './lsp/features';
import { SiteTracker } from './lsp/siteTracker';
import { isTeamConfigUri } from './core/config/teamView';
import { registerPreview } from './lsp/preview';
import { registerAgentsRead } from './lsp/agentsRead';
import { registerUpgrade } from './lsp/upgrade';
import { formattingCapabilities, registerFormatting, registerFormattingDynamically } from './lsp/format';
import { registerExternalLinks } from './lsp/externalLinks';
import { registerAgentTools } from './lsp/agentTools';
import { ComparedSites } from './lsp/comparedSites';
import { PageMetadataChecks } from './lsp/pageMetadataChecks';
import type { ServerRuntime } from './lsp/serverRuntime';
import { withPreview } from './preview/withPreview';
import { describeError, runRequestsOn } from './lsp/runner';
import { speakClientSpellings } from './lsp/uriSpellings';
import type { ServerInitOptions, ServerSettings } from './protocol';

/**
 * Delay before validating after an edit that follows another one closely (typing): collapses a
 * burst of keystrokes into one run. An edit after a pause is checked at once.
 */
const typingDelayMs = 30;
/** Edits closer together than this are one burst. */
const burstMs = 100;
/** OpenAPI documents that arrive from the background closer together than this are one re-check of their site. */
const specArrivalDelayMs = 150;
/**
 * Wires MintDoc's language service to an LSP connection. Feature logic lives in core/; this is
 * glue, and runs anywhere: what is Node's (files, workers, caches, HTTP) comes from `runtime`.
 */
export function startServer(wire: Connection, runtime: ServerRuntime): void {
	// Every URI in canonical form from here on; the client gets its own spellings back (lsp/uriSpellings.ts).
	const connection = speakClientSpellings(wire);
	const documents = new TextDocuments(editedDocuments);
	const logger = createConnectionLogger(connection);
	let folders: string[] = [];
	// Drafts of the language-model tool "check draft" (lsp/agentTools.ts) win for the length of one request.
	const drafts = new Map<string, TextDocument>();
	const workspace = runtime.createWorkspace(
		() => folders,
		uri => drafts.get(uri) ?? documents.get(uri),
	);
	// Set by the client at start; a grant of trust restarts the server, so it never changes while running.
	let workspaceTrusted = true;
	// Every change reaches the service (buffer edits below, watcher events): it never re-reads files to find out.
	// Specs are read inline (small) or off the request thread (large); the full validation always runs there.
	const { specReader } = runtime;
	const service = withPreview(
		createLanguageService({
			workspace,
			logger,
			specReader,
			fetchText: url => runtime.fetchText(url),
			specValidator: specReader.validate,
			schemaValidation: runtime.validatesSchemas,
			summarizePages: runtime.summarizePages,
			changesReported: true,
		}),
		workspace,
	);
	const publisher = new DiagnosticsPublisher(
		connection,
		service,
		logger,
		() => runtime.afterPagesChecked(),
		() => runtime.whenIdle(),
		callback => runtime.nextTurn(callback),
	);
	runRequestsOn(callback => runtime.nextTurn(callback));
	const sites = new SiteTracker(connection, service, publisher, logger);
	// `mintdoc.compareWith`: each site read at a git ref when found, on a branch change, a save or a setting change.
	const compared = new ComparedSites(connection, runtime, service, publisher, logger);
	sites.onRootsFound = roots => compared.refresh(roots);
	// Descriptions and titles of all pages, the projected llms.txt: judged in the background after the pages.
	const metadata = new PageMetadataChecks(service, publisher, logger);
	// A mintdoc.json edited, saved, created or deleted (the service was told): what is on screen is shown as it now says, without a check.
	const reloadTeamConfigs = () =>
		void sites.settled
			.then(() => publisher.showAllAgain(sites.roots))
			.then(() => metadata.refresh(sites.roots))
			.catch(e => logger.error(`reading mintdoc.json failed: ${describeError(e)}`));
	// An OpenAPI document read or validated in the background: check its sites again now that it is in.
	// Documents arrive one after the other (a versioned site: one per distinct text, tens of ms apart):
	// a short wait makes one re-check of the site out of them, not one each.
	// A check under way is not cut short by an arrival (see scheduleAfterRunning): the next one follows it.
	service.onDidLoadSpec(root => publisher.scheduleAfterRunning(root, specArrivalDelayMs));
	// A background check cut short by closing the window still keeps what it parsed.
	connection.onShutdown(() => runtime.shutdown());
	connection.onExit(() => runtime.dispose());
	const lastEdit = new Map<string, number>();
	const delayAfterEdit = (uri: string) => {
		const now = Date.now();
		const previous = lastEdit.get(uri);
		lastEdit.set(uri, now);
		return previous !== undefined && now - previous < burstMs ? typingDelayMs : 0;
	};

	let clientCapabilities: ClientCapabilities = {};
	connection.onInitialize((params): InitializeResult => {
		clientCapabilities = params.capabilities;
		// Clients older than workspace folders name one root, as a URI or (older still) as a path.
		const rootPath = (params as { rootPath?: string | null }).rootPath;
		folders = params.workspaceFolders?.map(f => f.uri) ?? (params.rootUri ? [params.rootUri] : rootPath ? [URI.file(rootPath).toString()] : []);
		const init = params.initializationOptions as ServerInitOptions | undefined;
		runtime.initialize(folders, init, logger);
		workspaceTrusted = init?.workspaceTrusted !== false;
		void publisher.setA11yEnabled(init?.a11y !== false);
		const features = featureCapabilities(folderSchemes(folders));
		return {
			capabilities: {
				textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
				...features,
				...formattingCapabilities(params.capabilities),
				workspace: { ...features.workspace, workspaceFolders: { supported: true, changeNotifications: true } },
			},
			serverInfo: { name: 'MintDoc Language Server' },
		};
	});

	// The client sends the `mintdoc.a11y` and `mintdoc.compareWith` sections when they change (synchronize.configurationSection).
	connection.onDidChangeConfiguration(({ settings }) => {
		void publisher.setA11yEnabled((settings as ServerSettings | undefined)?.mintdoc?.a11y?.enabled !== false);
		compared.refresh(sites.roots);
	});

	connection.onInitialized(() => {
		registerFormattingDynamically(connection, clientCapabilities, folderSchemes(folders), logger);
		// Asking for folder events throws when the client cannot send them (editors other than VS Code often
		// declare no `workspace.workspaceFolders`): the sites must be found all the same.
		if (clientCapabilities.workspace?.workspaceFolders)
			connection.workspace.onDidChangeWorkspaceFolders(event => {
				const removed = new Set(event.removed.map(f => f.uri));
				folders = [...folders.filter(f => !removed.has(f)), ...event.added.map(f => f.uri)];
				void sites.refresh();
			});
		void sites.refresh();
	});

	documents.onDidChangeContent(({ document }) => {
		service.didChangeDocument(document.uri);
		if (isTeamConfigUri(document.uri)) reloadTeamConfigs();
		const delay = delayAfterEdit(document.uri);
		for (const root of service.sitesUsingConfigFile(document.uri)) publisher.schedule(root, delay);
		if (service.isPage(document.uri)) publisher.schedulePage(document.uri, delay);
		metadata.fileChanged(document.uri);
	});
	documents.onDidOpen(({ document }) => sites.noticeConfigFile(document.uri));
	// A save may follow a move or a commit: the comparison with the git ref is read again (never per keystroke).
	documents.onDidSave(() => compared.refresh(sites.roots));
	// A closed buffer may have held unsaved text: re-check with what is on disk now.
	documents.onDidClose(({ document }) => {
		service.didChangeDocument(document.uri);
		if (isTeamConfigUri(document.uri)) reloadTeamConfigs();
		for (const root of service.sitesUsingConfigFile(document.uri)) publisher.schedule(root, 0);
		if (service.isPage(document.uri)) publisher.schedulePage(document.uri, 0);
	});

	// A failure is logged (the events are applied one by one: what was applied stays).
	connection.onDidChangeWatchedFiles(
		params => void applyFileChanges(params.changes).catch(e => logger.error(`applying file changes failed: ${describeError(e)}`)),
	);
	async function applyFileChanges(all: readonly FileEvent[]): Promise<void> {
		// The branch changed (checkout, switch): the merge base and the renames are read again.
		if (all.some(c => /\/\.git\/HEAD$/.test(c.uri))) compared.refresh(sites.roots);
		// An `npm install` touches thousands of JSON files that belong to no site.
		const changes = all.filter(c => !/\/(node_modules|\.git)\//.test(c.uri));
		// A docs.json (or mint.json) appearing or disappearing changes the set of sites: find them again.
		// So does deleting a folder that holds a site (reported once for the folder, not for its files).
		const holdsSite = (uri: string) => sites.roots.some(root => root === uri || root.startsWith(`${uri}/`));
		if (changes.some(c => c.type !== FileChangeType.Changed && (isSiteConfigUri(c.uri) || (c.type === FileChangeType.Deleted && holdsSite(c.uri)))))
			return void sites.refresh();
		for (const change of changes) sites.noticeConfigFile(change.uri);
		const events = changes.map(
			c => ({ uri: c.uri, type: c.type === FileChangeType.Created ? 'created' : c.type === FileChangeType.Deleted ? 'deleted' : 'changed' }) as const,
		);
		// Open buffers are the truth for their files; their disk events change nothing we see.
		const onDisk = events.filter(e => e.type !== 'changed' || !documents.get(e.uri));
		const affected = await service.didChangeFiles(onDisk);
		for (const root of affected) publisher.schedule(root, 0);
		if (onDisk.some(e => isTeamConfigUri(e.uri))) reloadTeamConfigs();
		for (const event of onDisk) {
			metadata.fileChanged(event.uri);
			if (event.type === 'deleted') publisher.publishPage(event.uri, []);
			else if (event.type === 'changed' && service.isPage(event.uri)) publisher.schedulePage(event.uri, 0);
		}
	}

	registerFeatures(connection, documents, service, logger, () => sites.settled);
	registerPreview(connection, service, logger, () => sites.settled, runtime);
	registerAgentsRead(connection, service, workspace, logger, () => sites.settled);
	registerUpgrade(connection, workspace, logger);
	registerAgentTools({ connection, service, workspace, drafts, publisher, logger, sitesSettled: () => sites.settled });
	registerFormatting(connection, documents, workspace, logger);
	registerExternalLinks({
		connection,
		service,
		workspace,
		publisher,
		logger,
		trusted: () => workspaceTrusted,
		runtime,
		sitesSettled: () => sites.settled,
	});
	documents.listen(connection);
	connection.listen();
	logger.info(`MintDoc language server started (${runtime.description})`);
}
