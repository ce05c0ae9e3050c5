import type { Connection } from 'vscode-languageserver';
import { agentLlmsFile, agentPageMarkdown } from '../core/agents/agentLlms';
import { noCancellation } from '../core/cancellation';
import { findWorkspaceTeamConfig } from '../core/config/teamConfigLookup';
import type { LanguageService } from '../core/languageService';
import { llmsTxtLimit } from '../core/llms/llmsTxt';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import { AgentsReadRequest, type AgentsReadParams, type AgentsReadResult } from '../protocol';
import { runSafeAsync } from './runner';

/** "Show What Agents Read": llms.txt and a page's Markdown export, from the buffers as typed. */
export function registerAgentsRead(
	connection: Connection,
	service: LanguageService,
	workspace: DocsWorkspace,
	logger: Logger,
	sitesSettled: () => Promise<void>,
): void {
	connection.onRequest(AgentsReadRequest.type, (params, token) =>
		runSafeAsync(logger, async () => (await sitesSettled(), agentsRead(params)), {}, 'agents read', token),
	);

	async function agentsRead(params: AgentsReadParams): Promise<AgentsReadResult> {
		const root = service.rootOf(params.uri);
		if (root === undefined) return {};
		const site = await service.getSite(root, noCancellation);
		const read = async (uri: string) => (await workspace.readDocument(uri).catch(() => undefined))?.getText();
		// mintdoc.json as the checks find it, read as it is now.
		const siteUrl = (await findWorkspaceTeamConfig(root, workspace))?.config.siteUrl;
		if (params.kind === 'page') return { text: await agentPageMarkdown(site, params.uri, read, siteUrl) };
		const { text, custom, fullLength } = await agentLlmsFile(site, read, siteUrl, false, noCancellation);
		return { text, custom, fullLength, limit: llmsTxtLimit };
	}
}
