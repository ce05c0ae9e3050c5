import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, ServerNotification } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { agentComponents, componentsText } from '../../core/agents/agentComponents';
import { endpointsText } from '../../core/agents/agentEndpoints';
import { findingsText } from '../../core/agents/agentFindings';
import { agentRuleDoc, ruleDocText } from '../../core/agents/agentRules';
import { siteMapText } from '../../core/agents/agentSiteMap';
import type { McpSession } from './mcpSession';
import { endpointLists, llmsTxtOf, pageMarkdownOf, quickFixes, quickFixesText, siteMaps } from './siteQueries';

/** Every tool only reads: an agent edits files with its own tools. */
const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

/** What the SDK hands a tool with each call: the request's progress token, and a way to send notifications. */
interface CallExtra {
	readonly _meta?: { readonly progressToken?: string | number };
	sendNotification(notification: ServerNotification): Promise<void>;
}

/** Every few seconds of a long call (the first check of a large site), a progress notification when the client asked for them (clients may then wait longer). */
const progressEveryMs = 5_000;

async function reporting<T>(extra: CallExtra, work: () => Promise<T>): Promise<T> {
	const token = extra._meta?.progressToken;
	if (token === undefined) return work();
	let progress = 0;
	const timer = setInterval(() => {
		void extra
			.sendNotification({
				method: 'notifications/progress',
				params: { progressToken: token, progress: ++progress, message: 'MintDoc is still reading the site…' },
			})
			.catch(() => undefined);
	}, progressEveryMs);
	try {
		return await work();
	} finally {
		clearInterval(timer);
	}
}

/** A tool's answer: the data for programs, a short text for the model. */
function answer(structured: Record<string, unknown>, text: string): CallToolResult {
	return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/** The tools of `mintdoc mcp`, each answering from the session's one language service. */
export function registerMcpTools(server: McpServer, session: McpSession): void {
	server.registerTool(
		'check',
		{
			title: 'Check the docs site',
			description:
				'Checks the documentation site (docs.json, MDX/Markdown pages, OpenAPI files) the way `mintdoc check` does and returns every finding: ' +
				'broken links and anchors, pages missing from or listed but absent in the navigation, unknown components or props, invalid frontmatter, ' +
				'docs.json schema errors, OpenAPI problems. Run it after editing docs; fix errors before finishing. ' +
				'Lines and columns are 1-based; files are relative to the site folder. Pass `files` to get only the findings of those files ' +
				'(still checked against the whole site).',
			inputSchema: { files: z.array(z.string()).optional().describe('Files to report on, relative to the site folder (default: all files).') },
			annotations: readOnly,
		},
		async ({ files }, extra) => {
			const result = await reporting(extra, () => session.run(() => session.check(files)));
			return answer({ ...result }, findingsText(result.findings, result.summary.text));
		},
	);
	server.registerTool(
		'check_draft',
		{
			title: 'Check a draft of a file',
			description:
				'Checks what `file` WOULD contain (a page or docs.json) without writing it: returns the findings for that file if it held `text`, ' +
				'judged against the rest of the site as it is on disk (links to other pages, the navigation, components). Use it before writing a file. ' +
				'The file must already exist.',
			inputSchema: {
				file: z.string().describe('The file, relative to the site folder, e.g. "guides/quickstart.mdx" or "docs.json".'),
				text: z.string().describe('The complete text the file would hold.'),
			},
			annotations: readOnly,
		},
		async ({ file, text }, extra) => {
			const result = await reporting(extra, () => session.run(() => session.checkDraft(file, text)));
			return answer({ ...result }, findingsText(result.findings, result.summary.text));
		},
	);
	server.registerTool(
		'site_map',
		{
			title: 'Navigation of the site',
			description:
				"The navigation of the docs site as docs.json defines it: tabs, anchors, dropdowns, versions, languages and groups, with each page's path, " +
				'title and file (and pages listed but missing). Also the page files no navigation entry lists. Use it to see where a new page belongs ' +
				'and what path to link to. `language` or `version` limits the answer to that part of the navigation.',
			inputSchema: {
				language: z.string().optional().describe('A language code of the navigation\'s `languages` (e.g. "en", "fr").'),
				version: z.string().optional().describe('A version name of the navigation\'s `versions` (e.g. "v2").'),
			},
			annotations: readOnly,
		},
		async ({ language, version }, extra) => {
			const sites = await reporting(extra, () => session.run(() => siteMaps(session, { language, version })));
			return answer({ sites }, siteMapText(sites));
		},
	);
	server.registerTool(
		'components',
		{
			title: 'Built-in components',
			description:
				'The built-in MDX components of the docs platform (Note, Card, Steps, Tabs, ParamField, …) that pages use without an import. ' +
				'Without `name`: every component with what it does. With `name`: its props with type, whether required, allowed values and meaning. ' +
				'Check here before using a component or prop: the checks report unknown ones.',
			inputSchema: { name: z.string().optional().describe('A component name, e.g. "Card" or "ParamField".') },
			annotations: readOnly,
		},
		({ name }) => {
			const components = agentComponents(name);
			return Promise.resolve(answer({ components }, componentsText(components)));
		},
	);
	server.registerTool(
		'endpoints',
		{
			title: 'API endpoints and their pages',
			description:
				'The operations of the OpenAPI documents the site uses, as `METHOD /path` with summary and group (tag), and which page or navigation ' +
				"entry documents each one (none: no page documents it yet). Use the `METHOD /path` form in docs.json `pages` or in a page's `openapi` frontmatter.",
			inputSchema: { spec: z.string().optional().describe('One OpenAPI file, relative to the site folder (default: all of them).') },
			annotations: readOnly,
		},
		async ({ spec }, extra) => {
			const specs = await reporting(extra, () => session.run(() => endpointLists(session, spec)));
			return answer({ specs }, endpointsText(specs));
		},
	);
	server.registerTool(
		'rule_docs',
		{
			title: 'What a finding means',
			description:
				'The documentation of a check by its code (the `code` of a finding, e.g. "link-broken"): what it reports, its default severity, how to configure it.',
			inputSchema: { code: z.string().describe("The finding's code.") },
			annotations: readOnly,
		},
		({ code }) => {
			const rule = agentRuleDoc(code);
			return Promise.resolve(answer({ ...rule }, ruleDocText(rule)));
		},
	);
	server.registerTool(
		'quick_fixes',
		{
			title: 'Quick fixes for a finding',
			description:
				'The fixes MintDoc offers for one finding (from `check`), as text edits with 1-based positions: apply them with your own editing tools. ' +
				'Nothing is written.',
			inputSchema: {
				file: z.string().describe("The finding's file, relative to the site folder."),
				line: z.number().int().min(1).describe("The finding's line (1-based)."),
				code: z.string().describe("The finding's code."),
			},
			annotations: readOnly,
		},
		async ({ file, line, code }, extra) => {
			const fixes = await reporting(extra, () => session.run(() => quickFixes(session, file, line, code)));
			return answer({ fixes }, quickFixesText(fixes));
		},
	);
	server.registerTool(
		'llms_txt',
		{
			title: 'What agents read: llms.txt',
			description:
				"The site's llms.txt as the platform serves it at /llms.txt: the site's own root file as written, else the generated one " +
				'(default language and version, hidden and noindex pages left out, each page linked as Markdown with its description, ' +
				"fitted under 100,000 characters). `full: true` gives llms-full.txt (every page's Markdown). Links use mintdoc.json `site.url`.",
			inputSchema: { full: z.boolean().optional().describe('llms-full.txt instead of llms.txt.') },
			annotations: readOnly,
		},
		async ({ full }, extra) => {
			const sites = await reporting(extra, () => session.run(() => llmsTxtOf(session, full === true)));
			return answer({ sites }, sites.map(s => s.text).join('\n'));
		},
	);
	server.registerTool(
		'page_markdown',
		{
			title: 'What agents read: a page as Markdown',
			description:
				"A page as the platform exports it to agents at `<route>.md`: its title, description, the site's agent instructions, " +
				'and the body without imports and human-only `<Visibility>` content.',
			inputSchema: { file: z.string().describe('The page file, relative to the site folder, e.g. "guides/quickstart.mdx".') },
			annotations: readOnly,
		},
		async ({ file }, extra) => {
			const markdown = await reporting(extra, () => session.run(() => pageMarkdownOf(session, file)));
			return answer({ file, markdown }, markdown);
		},
	);
}
