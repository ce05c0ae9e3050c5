import type { Connection } from 'vscode-languageserver';
import { noCancellation } from '../core/cancellation';
import { findTeamConfig } from '../core/config/teamConfigLookup';
import type { LanguageService } from '../core/languageService';
import { customLlmsFile, generateLlmsTxt, pageMarkdownOfFile } from '../core/llms/llmsFiles';
import { assumedSiteUrl } from '../core/llms/llmsRules';
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
		// mintdoc.json as the checks find it (beside docs.json, else above it up to the workspace folder), read as it is now.
		const top = workspace.folders.filter(f => root === f || root.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? root;
		const baseUrl = (await findTeamConfig(root, top, uri => workspace.readDocument(uri)))?.config.siteUrl ?? assumedSiteUrl;
		if (params.kind === 'page') return { text: await pageMarkdownOfFile(site, params.uri, read, baseUrl) };
		const custom = await customLlmsFile(site, 'llms.txt', read);
		if (custom !== undefined) return { text: custom, custom: true, fullLength: custom.length, limit: llmsTxtLimit };
		const generated = await generateLlmsTxt(site, read, baseUrl, noCancellation);
		return { text: generated.text, custom: false, fullLength: generated.truncation?.fullLength ?? generated.text.length, limit: llmsTxtLimit };
	}
}
