import * as vscode from 'vscode';
import { AgentToolRequest, type AgentToolInput } from '../../../server/src/protocol';
import type { Ctx } from '../ctx';

/** The language-model tools, as contributed in package.json (`contributes.languageModelTools`). */
export const LmToolNames = {
	check: 'mintdoc_check',
	checkDraft: 'mintdoc_checkDraft',
	siteMap: 'mintdoc_siteMap',
	components: 'mintdoc_components',
	llmsTxt: 'mintdoc_llmsTxt',
	pageMarkdown: 'mintdoc_pageMarkdown',
} as const;

interface FileInput {
	readonly file?: string;
}
interface DraftInput {
	readonly file: string;
	readonly text: string;
}
interface SiteMapInput {
	readonly language?: string;
	readonly version?: string;
}
interface ComponentsInput {
	readonly name?: string;
}
interface LlmsTxtInput {
	readonly full?: boolean;
	readonly file?: string;
}
interface PageInput {
	readonly file: string;
}

/**
 * MintDoc's checks and references as tools for the editor's chat agents (Copilot agent mode and
 * any extension using `vscode.lm`), answered by the running language server: no second process.
 * Registered only where the editor has the API (checked at run time).
 */
export function registerLmTools(ctx: Ctx): void {
	if (typeof vscode.lm?.registerTool !== 'function') return;
	const tool = <T>(name: string, message: string, toInput: (input: T) => AgentToolInput) =>
		vscode.lm.registerTool<T>(name, {
			prepareInvocation: () => ({ invocationMessage: message }),
			async invoke(options, token) {
				const client = ctx.client;
				if (!client?.isRunning()) throw new Error('The MintDoc language server is not running (see the MintDoc output).');
				const answer = await client.sendRequest(AgentToolRequest.type, toInput(options.input), token);
				// A thrown error reaches the model as the tool's failure, with this text to act on.
				if (answer.isError) throw new Error(answer.text);
				return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(answer.text)]);
			},
		});
	ctx.pushCleanup(
		tool<FileInput>(LmToolNames.check, 'Checking the docs with MintDoc…', input => ({ tool: 'check', uri: input.file ? fileUri(input.file) : undefined })),
		tool<DraftInput>(LmToolNames.checkDraft, 'Checking the draft with MintDoc…', input => ({ tool: 'checkDraft', uri: fileUri(input.file), text: input.text })),
		tool<SiteMapInput>(LmToolNames.siteMap, 'Reading the site navigation…', input => ({ tool: 'siteMap', language: input.language, version: input.version })),
		tool<ComponentsInput>(LmToolNames.components, 'Reading the component reference…', input => ({ tool: 'components', name: input.name })),
		tool<LlmsTxtInput>(LmToolNames.llmsTxt, 'Reading the llms.txt agents get…', input => ({
			tool: 'llmsTxt',
			uri: input.file ? fileUri(input.file) : undefined,
			full: input.full === true,
		})),
		tool<PageInput>(LmToolNames.pageMarkdown, 'Reading the page as agents get it…', input => ({ tool: 'pageMarkdown', uri: fileUri(input.file) })),
	);
}

/**
 * The URI of a file a model named: absolute, or relative to the workspace folder that holds it
 * (the first folder when none does). The server refuses files outside the workspace.
 */
function fileUri(file: string): string {
	if (typeof file !== 'string' || !file) throw new Error('file is empty: pass a path relative to the workspace folder, e.g. "guides/quickstart.mdx"');
	if (/^[a-z][a-z0-9+.-]+:\/\//i.test(file)) return vscode.Uri.parse(file).toString();
	const folders = vscode.workspace.workspaceFolders ?? [];
	if (file.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(file) || !folders.length) return vscode.Uri.file(file).toString();
	const relative = file.replace(/\\/g, '/').replace(/^\.\//, '');
	// With several folders, a path may start with the folder's name, as VS Code shows it.
	for (const folder of folders) {
		if (relative.startsWith(`${folder.name}/`) && folders.length > 1) return vscode.Uri.joinPath(folder.uri, relative.slice(folder.name.length + 1)).toString();
	}
	return vscode.Uri.joinPath(folders[0].uri, relative).toString();
}
