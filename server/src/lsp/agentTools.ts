import type { CancellationToken, Connection } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { agentComponents, componentsText } from '../core/agents/agentComponents';
import { agentConfig, agentsSection } from '../core/agents/agentConfigs';
import { agentFindingsOf, findingsSummaryLine, findingsText } from '../core/agents/agentFindings';
import { agentLlmsFile, agentLlmsFileText, agentPageMarkdown, notAPageMessage } from '../core/agents/agentLlms';
import { agentSiteMap, siteMapText, type AgentSiteMap } from '../core/agents/agentSiteMap';
import { isCancelledError } from '../core/cancellation';
import { findWorkspaceTeamConfig } from '../core/config/teamConfigLookup';
import type { FileDiagnostics, LanguageService } from '../core/languageService';
import type { Logger } from '../core/logger';
import { pageMetadata } from '../core/mdx/frontmatter';
import { isUnder } from '../core/uris';
import type { DocsWorkspace } from '../core/workspace';
import { AgentConfigsRequest, AgentToolRequest, type AgentToolAnswer } from '../protocol';
import type { DiagnosticsPublisher } from './diagnosticsPublisher';
import { runSafeAsync } from './runner';
import { appendAll } from '../core/arrays';

export interface AgentToolDeps {
	readonly connection: Connection;
	readonly service: LanguageService;
	readonly workspace: DocsWorkspace;
	/** Drafts the workspace reads in place of buffers and disk (server.ts layers them over both). */
	readonly drafts: Map<string, TextDocument>;
	readonly publisher: DiagnosticsPublisher;
	readonly logger: Logger;
	readonly sitesSettled: () => Promise<void>;
}

const failed = (text: string): AgentToolAnswer => ({ text, isError: true });

/** The requests of the editor's language-model tools and of "Set Up Coding Agents…": a few lines each, the work in core/agents. */
export function registerAgentTools(deps: AgentToolDeps): void {
	const { connection, logger } = deps;
	connection.onRequest(AgentToolRequest.type, (input, token) =>
		runSafeAsync(
			logger,
			async (): Promise<AgentToolAnswer> => {
				try {
					await deps.sitesSettled();
					if (input.tool === 'components') return { text: componentsText(agentComponents(input.name)) };
					if (input.tool === 'siteMap') return { text: siteMapText(await siteMaps(deps, input, token)) };
					if (input.tool === 'check') return await check(deps, input.uri, token);
					if (input.tool === 'llmsTxt') return await llmsTxt(deps, input.uri, input.full === true, token);
					if (input.tool === 'pageMarkdown') return await pageMarkdown(deps, input.uri, token);
					return await checkDraft(deps, input.uri, input.text, token);
				} catch (e) {
					// A wrong name or filter is the model's to correct: it reads the message. Cancellation stays cancellation.
					if (isCancelledError(e)) throw e;
					return failed(e instanceof Error ? e.message : String(e));
				}
			},
			failed('MintDoc could not answer: see the MintDoc output channel.'),
			`language-model tool ${input.tool}`,
			token,
		),
	);
	connection.onRequest(AgentConfigsRequest.type, ({ agents, server }) => ({ configs: agents.map(agent => agentConfig(agent, server)), agentsSection }));
}

/** A file path as the agent sees it: relative to the workspace folder holding it. */
function relativeTo(folders: readonly string[]): (uri: string) => string {
	return uri => {
		const folder = folders.filter(f => isUnder(uri, f) || uri === f).sort((a, b) => b.length - a.length)[0];
		const path = URI.parse(uri).path;
		return folder ? path.slice(URI.parse(folder).path.replace(/\/$/, '').length + 1) || '.' : URI.parse(uri).fsPath;
	};
}

/** Refuses what the tools must not read: files outside the workspace, missing files, files of no site. */
async function siteFile(deps: AgentToolDeps, uri: string): Promise<{ root: string } | AgentToolAnswer> {
	const { service, workspace } = deps;
	const shown = relativeTo(workspace.folders)(uri);
	if (!workspace.folders.some(f => isUnder(uri, f))) return failed(`${shown} is outside the workspace folders: only their files are checked`);
	if ((await workspace.stat(uri))?.kind !== 'file') return failed(`${shown} does not exist (or is not a file)`);
	// A link inside the workspace may lead out of it: judged by where it really is.
	const real = await workspace.realUri?.(uri);
	const realFolders = await Promise.all(workspace.folders.map(async f => (await workspace.realUri?.(f)) ?? f));
	if (real && !realFolders.some(f => isUnder(real, f))) return failed(`${shown} is a symbolic link leading outside the workspace folders: refused`);
	const root = service.rootOf(uri);
	return root ? { root } : failed(`${shown} belongs to no docs site (no docs.json in its folder or above it)`);
}

/** The site model of `root`, with the page at `uri` in it even when an agent wrote it a moment ago. */
async function siteWithFile(service: LanguageService, uri: string, root: string, token: CancellationToken) {
	const site = await service.getSite(root, token);
	// isPage only says the file could be a page; the index says whether the site has it. A page an
	// agent just wrote may be on disk before the watcher's event arrives: take it in now.
	const pagePath = site.pages.pagePathOfFile(uri);
	if (pagePath === undefined || site.pages.has(pagePath)) return site;
	await service.didChangeFiles([{ uri, type: 'created' }]);
	return service.getSite(root, token);
}

async function fileResults(service: LanguageService, uri: string, root: string, token: CancellationToken): Promise<FileDiagnostics[]> {
	await siteWithFile(service, uri, root, token);
	if (service.isPage(uri)) return [{ uri, diagnostics: await service.checkPage(uri, token) }];
	return (await service.checkSite(root, token)).filter(r => r.uri === uri);
}

async function check(deps: AgentToolDeps, uri: string | undefined, token: CancellationToken): Promise<AgentToolAnswer> {
	const { service, workspace } = deps;
	if (!service.roots.length) return failed('The workspace holds no docs site (no docs.json).');
	let results: FileDiagnostics[] = [];
	if (uri !== undefined) {
		const file = await siteFile(deps, uri);
		if ('text' in file) return file;
		results = await fileResults(service, uri, file.root, token);
	} else {
		for (const root of service.roots) {
			const [site] = await Promise.all([service.checkSite(root, token), service.checkPages(root, token, r => results.push(r))]);
			appendAll(results, site);
		}
	}
	// Sites that share a mintdoc.json, or nest, report a file once each: the Problems view shows it once.
	const findings = agentFindingsOf([...new Map(results.map(r => [r.uri, r])).values()], relativeTo(workspace.folders));
	return { text: findingsText(findings, findingsSummaryLine(findings)) };
}

async function checkDraft(deps: AgentToolDeps, uri: string, text: string, token: CancellationToken): Promise<AgentToolAnswer> {
	const { service, workspace, drafts, publisher } = deps;
	const file = await siteFile(deps, uri);
	if ('text' in file) return file;
	const current = await workspace.readDocument(uri);
	drafts.set(uri, TextDocument.create(uri, current?.languageId ?? 'plaintext', (current?.version ?? 0) + 1, text));
	service.didChangeDocument(uri);
	try {
		const results = await fileResults(service, uri, file.root, token);
		const findings = agentFindingsOf(results, relativeTo(workspace.folders));
		return { text: `Findings of the draft (not saved):\n${findingsText(findings, findingsSummaryLine(findings))}` };
	} finally {
		drafts.delete(uri);
		service.didChangeDocument(uri);
		// A check that ran meanwhile may have shown the draft's findings: show the file's own again.
		if (service.isPage(uri)) publisher.schedulePage(uri, 0);
		else publisher.schedule(file.root, 0);
	}
}

async function siteMaps(deps: AgentToolDeps, filter: { language?: string; version?: string }, token: CancellationToken): Promise<AgentSiteMap[]> {
	const { service, workspace } = deps;
	const relative = relativeTo(workspace.folders);
	const titleOf = async (uri: string) => {
		const text = (await workspace.readDocument(uri))?.getText();
		return text === undefined ? undefined : pageMetadata(text).title;
	};
	const maps: AgentSiteMap[] = [];
	const errors: string[] = [];
	for (const tree of await service.getSiteTrees(token)) {
		try {
			maps.push(await agentSiteMap(tree, titleOf, relative, filter));
		} catch (e) {
			errors.push(e instanceof Error ? e.message : String(e));
		}
	}
	if (!maps.length) throw new Error(errors.join('; ') || 'The workspace holds no docs site (no docs.json).');
	return maps;
}

/** The text of a file as the editor has it (open buffer over the disk); undefined when it cannot be read. */
function reader(workspace: DocsWorkspace): (uri: string) => Promise<string | undefined> {
	return async uri => (await workspace.readDocument(uri).catch(() => undefined))?.getText();
}

/** llms.txt (or llms-full.txt) of the site holding `uri`, or of every site: as the platform would serve it. */
async function llmsTxt(deps: AgentToolDeps, uri: string | undefined, full: boolean, token: CancellationToken): Promise<AgentToolAnswer> {
	const { service, workspace } = deps;
	let roots = service.roots;
	if (uri !== undefined) {
		const file = await siteFile(deps, uri);
		if ('text' in file) return file;
		roots = [file.root];
	}
	if (!roots.length) return failed('The workspace holds no docs site (no docs.json).');
	const relative = relativeTo(workspace.folders);
	const answers: string[] = [];
	for (const root of roots) {
		const siteUrl = (await findWorkspaceTeamConfig(root, workspace))?.config.siteUrl;
		const file = await agentLlmsFile(await service.getSite(root, token), reader(workspace), siteUrl, full, token);
		const folder = relative(root);
		answers.push(agentLlmsFileText(file, folder === '.' ? 'this folder' : folder));
	}
	return { text: answers.join('\n\n') };
}

/** A page's Markdown export, as served at `<route>.md`. */
async function pageMarkdown(deps: AgentToolDeps, uri: string, token: CancellationToken): Promise<AgentToolAnswer> {
	const { service, workspace } = deps;
	const file = await siteFile(deps, uri);
	if ('text' in file) return file;
	const site = await siteWithFile(service, uri, file.root, token);
	const siteUrl = (await findWorkspaceTeamConfig(file.root, workspace))?.config.siteUrl;
	const markdown = await agentPageMarkdown(site, uri, reader(workspace), siteUrl);
	return markdown === undefined ? failed(notAPageMessage(relativeTo(workspace.folders)(uri))) : { text: markdown };
}
