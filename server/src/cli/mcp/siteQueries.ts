import type { CodeAction, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { agentEndpoints, type AgentSpecEndpoints } from '../../core/agents/agentEndpoints';
import { agentSiteMap, type AgentSiteMap, type NavFilter } from '../../core/agents/agentSiteMap';
import { noCancellation } from '../../core/cancellation';
import { pageMetadata } from '../../core/mdx/frontmatter';
import type { McpSession } from './mcpSession';
import { ToolInputError } from './sitePaths';
import { appendAll } from '../../core/arrays';
import { agentLlmsFile, agentPageMarkdown, notAPageMessage, type AgentLlmsFile } from '../../core/agents/agentLlms';

/** `site_map`: the navigation of every site in the folder (of one language or version when asked). */
export async function siteMaps(session: McpSession, filter: NavFilter): Promise<AgentSiteMap[]> {
	session.roots();
	const { service } = session;
	const titleOf = async (uri: string) => {
		const text = (await session.read(uri))?.getText();
		return text === undefined ? undefined : pageMetadata(text).title;
	};
	const maps: AgentSiteMap[] = [];
	const errors: string[] = [];
	for (const tree of await service.getSiteTrees(noCancellation)) {
		try {
			maps.push(await agentSiteMap(tree, titleOf, uri => session.relative(uri), filter));
		} catch (e) {
			errors.push(e instanceof Error ? e.message : String(e));
		}
	}
	if (!maps.length && errors.length) throw new ToolInputError(errors.join('; '));
	return maps;
}

/** `endpoints`: the operations of every OpenAPI document of the sites (or of the one named) with the pages that document them. */
export async function endpointLists(session: McpSession, spec: string | undefined): Promise<AgentSpecEndpoints[]> {
	const lists: AgentSpecEndpoints[] = [];
	for (const site of await session.sites())
		appendAll(
			lists,
			await agentEndpoints(
				site,
				async uri => (await session.read(uri))?.getText(),
				uri => session.relative(uri),
			),
		);
	if (spec === undefined) return lists;
	const wanted = spec.replace(/^\.\//, '');
	const chosen = lists.filter(l => l.spec === wanted || l.spec.endsWith(`/${wanted}`));
	if (!chosen.length)
		throw new ToolInputError(
			lists.length ? `no OpenAPI document '${spec}' in the sites; they use: ${lists.map(l => l.spec).join(', ')}` : 'the sites use no OpenAPI document',
		);
	return chosen;
}

/** A quick fix as an agent applies it: text edits with 1-based positions. */
export interface AgentQuickFix {
	readonly title: string;
	readonly edits: readonly {
		readonly file: string;
		readonly line: number;
		readonly column: number;
		readonly endLine: number;
		readonly endColumn: number;
		readonly newText: string;
	}[];
}

/** `quick_fixes`: the fixes MintDoc offers for the finding `code` on `line` (1-based) of `file`. */
export async function quickFixes(session: McpSession, file: string, line: number, code: string): Promise<AgentQuickFix[]> {
	const uri = await session.uriOf(file);
	session.roots();
	const { service } = session;
	const root = service.rootOf(uri);
	if (!root) throw new ToolInputError(`'${file}' belongs to no docs site`);
	const shown = await session.fileDiagnostics(uri, root);
	const diagnostics: Diagnostic[] = shown.filter(d => d.range.start.line + 1 === line && String(d.code) === code);
	if (!diagnostics.length) {
		const here = shown.map(d => `${d.range.start.line + 1}:${String(d.code)}`);
		throw new ToolInputError(
			`no finding ${code} on line ${line} of ${file}${here.length ? `; its findings (line:code): ${here.slice(0, 20).join(', ')}` : ': the file has no findings'}`,
		);
	}
	const document = await session.read(uri);
	if (!document) throw new ToolInputError(`'${file}' cannot be read`);
	const actions = await service.findCodeActions(document, diagnostics, noCancellation);
	return actions.flatMap(action => {
		const edits = editsOf(action);
		return edits.length ? [{ title: action.title, edits: edits.map(({ uri: u, edit }) => toAgentEdit(session.relative(u), edit)) }] : [];
	});
}

function editsOf(action: CodeAction): { uri: string; edit: TextEdit }[] {
	const edit: WorkspaceEdit | undefined = action.edit;
	const found: { uri: string; edit: TextEdit }[] = [];
	for (const [uri, edits] of Object.entries(edit?.changes ?? {})) for (const e of edits) found.push({ uri, edit: e });
	for (const change of edit?.documentChanges ?? []) {
		if ('textDocument' in change) for (const e of change.edits) if ('range' in e) found.push({ uri: change.textDocument.uri, edit: e });
	}
	return found;
}

function toAgentEdit(file: string, edit: TextEdit): AgentQuickFix['edits'][number] {
	const { start, end } = edit.range;
	return { file, line: start.line + 1, column: start.character + 1, endLine: end.line + 1, endColumn: end.character + 1, newText: edit.newText };
}

export function quickFixesText(fixes: readonly AgentQuickFix[]): string {
	if (!fixes.length) return 'MintDoc offers no quick fix for this finding: fix it by hand (rule_docs explains the rule).';
	return fixes
		.map(fix =>
			[
				`Fix: ${fix.title}`,
				...fix.edits.map(e => `  ${e.file}:${e.line}:${e.column}-${e.endLine}:${e.endColumn} replace with ${JSON.stringify(e.newText)}`),
			].join('\n'),
		)
		.join('\n');
}

/** mintdoc.json `site.url` of the site at `root`, when the team set one. */
async function siteUrlOf(session: McpSession, root: string): Promise<string | undefined> {
	return (await session.service.teamConfig(root)).siteUrl;
}

/** `llms_txt`: the llms.txt each site serves (its own file as written, else generated), with how it was fitted under the cap. */
export async function llmsTxtOf(
	session: McpSession,
	full: boolean,
): Promise<{ site: string; custom: boolean; characters: number; truncation?: AgentLlmsFile['truncation']; text: string }[]> {
	const read = async (uri: string) => (await session.read(uri))?.getText();
	const answers = [];
	for (const site of await session.sites()) {
		const { custom, text, truncation } = await agentLlmsFile(site, read, await siteUrlOf(session, site.rootUri), full, noCancellation);
		answers.push({ site: session.relative(site.rootUri) || '.', custom, characters: text.length, ...(truncation ? { truncation } : {}), text });
	}
	return answers;
}

/** `page_markdown`: a page as agents get it at `<route>.md`. */
export async function pageMarkdownOf(session: McpSession, file: string): Promise<string> {
	const uri = await session.uriOf(file);
	const root = session.service.rootOf(uri);
	const site = root === undefined ? undefined : (await session.sites()).find(s => s.rootUri === root);
	if (!site) throw new ToolInputError(`${file} is not in a docs site of this folder`);
	const markdown = await agentPageMarkdown(site, uri, async u => (await session.read(u))?.getText(), await siteUrlOf(session, site.rootUri));
	if (markdown === undefined) throw new ToolInputError(notAPageMessage(file));
	return markdown;
}
