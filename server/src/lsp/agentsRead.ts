import type { CancellationToken, Connection } from 'vscode-languageserver';
import { noCancellation } from '../core/cancellation';
import { findTeamConfig } from '../core/config/teamConfigLookup';
import type { LanguageService } from '../core/languageService';
import { customLlmsFile, generateLlmsTxt, pageMarkdownOfFile } from '../core/llms/llmsFiles';
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
	readonly baseUrl: string;
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
		// mintdoc.json as the checks find it (beside docs.json, else above it up to the workspace folder), read as it is now.
		const top = workspace.folders.filter(f => root === f || root.startsWith(`${f}/`)).sort((a, b) => b.length - a.length)[0] ?? root;
		const baseUrl = (await findTeamConfig(root, top, file => workspace.readDocument(file)))?.config.siteUrl ?? assumedSiteUrl;
		return { site, read, baseUrl };
	}

	async function agentsRead(params: AgentsReadParams): Promise<AgentsReadResult> {
		const found = await readSite(params.uri);
		if (!found) return {};
		const { site, read, baseUrl } = found;
		if (params.kind === 'page') return { text: await pageMarkdownOfFile(site, params.uri, read, baseUrl) };
		const custom = await customLlmsFile(site, 'llms.txt', read);
		if (custom !== undefined) return { text: custom, custom: true, fullLength: custom.length, limit: llmsTxtLimit };
		const generated = await generateLlmsTxt(site, read, baseUrl, noCancellation);
		return { text: generated.text, custom: false, fullLength: generated.truncation?.fullLength ?? generated.text.length, limit: llmsTxtLimit };
	}

	async function llmsSize(uri: string, token: CancellationToken): Promise<LlmsSizeResult | null> {
		const found = await readSite(uri);
		if (!found) return null;
		const { site, read, baseUrl } = found;
		const configUri = site.config.configUri;
		const custom = await customLlmsFile(site, 'llms.txt', read);
		if (custom !== undefined) return { configUri, characters: custom.length, limit: llmsTxtLimit, custom: true, shortened: 0, dropped: 0 };
		const { text, truncation } = await generateLlmsTxt(site, read, baseUrl, token);
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
