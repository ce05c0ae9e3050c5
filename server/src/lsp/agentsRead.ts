import { agentLlmsFile, agentPageMarkdown } from '../core/agents/agentLlms';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import { noCancellation } from '../core/cancellation';
import { findWorkspaceTeamConfig } from '../core/config/teamConfigLookup';
import type { LanguageService } from '../core/languageService';
import { customLlmsFile, generateLlmsTxt } from '../core/llms/llmsFiles';
import type { PageReader } from '../core/llms/llmsSite';
import { assumedSiteUrl } from '../core/llms/llmsRules';
import { llmsTxtLimit } from '../core/llms/llmsTxt';
import type { Logger } from '../core/logger';
import type { SiteModel } from '../core/site/siteModel';
import type { DocsWorkspace } from '../core/workspace';
import { AgentsReadRequest, LlmsSizeRequest, type AgentsReadParams, type AgentsReadResult, type LlmsSizeResult } from '../protocol';
import { runSafeAsync } from './runner';

/** A site as agents read it: its model, its files as they are now (open buffers over disk), the URL its links start with. */
interface ReadSite {
	readonly site: SiteModel;
	readonly read: PageReader;
	/** mintdoc.json's `site.url`, if set. */
	readonly siteUrl: string | undefined;
}

/**
 * "Show What Agents Read": llms.txt and a page's Markdown export, from the buffers as typed; and
 * for the Site view, llms.txt's size against the platform's cap.
 */
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
	connection.onRequest(LlmsSizeRequest.type, (params, token) =>
		runSafeAsync(logger, async () => (await sitesSettled(), llmsSize(params.uri, token)), null, 'llms.txt size', token),
	);

	async function readSite(uri: string): Promise<ReadSite | undefined> {
		const root = service.rootOf(uri);
		if (root === undefined) return undefined;
		const site = await service.getSite(root, noCancellation);
		const read = async (file: string) => (await workspace.readDocument(file).catch(() => undefined))?.getText();
		// mintdoc.json as the checks find it, read as it is now.
		const siteUrl = (await findWorkspaceTeamConfig(root, workspace))?.config.siteUrl;
		return { site, read, siteUrl };
	}

	async function agentsRead(params: AgentsReadParams): Promise<AgentsReadResult> {
		const found = await readSite(params.uri);
		if (!found) return {};
		const { site, read, siteUrl } = found;
		if (params.kind === 'page') return { text: await agentPageMarkdown(site, params.uri, read, siteUrl) };
		const { text, custom, fullLength } = await agentLlmsFile(site, read, siteUrl, false, noCancellation);
		return { text, custom, fullLength, limit: llmsTxtLimit };
	}

	async function llmsSize(uri: string, token: CancellationToken): Promise<LlmsSizeResult | null> {
		const found = await readSite(uri);
		if (!found) return null;
		const { site, read, siteUrl } = found;
		const configUri = site.config.configUri;
		const custom = await customLlmsFile(site, 'llms.txt', read);
		if (custom !== undefined) return { configUri, characters: custom.length, limit: llmsTxtLimit, custom: true, shortened: 0, dropped: 0 };
		const { text, truncation } = await generateLlmsTxt(site, read, siteUrl ?? assumedSiteUrl, token);
		return {
			configUri,
			characters: truncation?.fullLength ?? text.length,
			limit: llmsTxtLimit,
			custom: false,
			shortened: truncation?.shortened ?? 0,
			dropped: truncation?.dropped.length ?? 0,
		};
	}
}
