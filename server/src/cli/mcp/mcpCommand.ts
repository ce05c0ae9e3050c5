import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { agentConfig, agentNames, isAgentName } from '../../core/agents/agentConfigs';
import { UsageError } from '../usageError';
import { createMessageSizeGuard, maxMessageBytes } from './messageSizeGuard';
import { McpSession } from './mcpSession';
import { registerMcpTools } from './mcpTools';

declare const MINTDOC_VERSION: string;

export const mcpUsage = `  mcp [dir] [--no-cache] [--offline] [--print-config vscode|cursor|claude|codex]
                                        Serve the docs site in dir (default: .) to coding agents: a
                                        Model Context Protocol server over stdio with the tools
                                        check, check_draft, site_map, components, endpoints,
                                        rule_docs and quick_fixes (read-only; see docs/agents.md);
                                        --print-config prints the agent's MCP configuration
                                        (.vscode/mcp.json, .cursor/mcp.json, Claude Code's
                                        .mcp.json, Codex's ~/.codex/config.toml) and serves nothing
`;

/** What an agent is told when it connects (clients show it to the model). */
const instructions =
	'MintDoc checks a Mintlify-style documentation site (docs.json, MDX pages, OpenAPI files) in this folder. ' +
	'After editing docs, call `check` and fix its errors; before writing a page, `check_draft` checks the text you plan to write. ' +
	'`components` lists the built-in components and their props; `site_map` shows the navigation (every new page must be listed there); ' +
	'`endpoints` lists API operations and the pages documenting them.';

/** `mintdoc mcp`: resolves when the client closes the connection (stdin ends). */
export async function runMcp(args: readonly string[], out: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: [...args],
			allowPositionals: true,
			options: {
				'print-config': { type: 'string' },
				cache: { type: 'boolean', default: true },
				'no-cache': { type: 'boolean', default: false },
				offline: { type: 'boolean', default: false },
			},
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage: mintdoc ${mcpUsage.trimStart()}`);
	}
	if (parsed.positionals.length > 1) throw new UsageError('mcp serves one folder: pass at most one dir');
	const dir = parsed.positionals[0] ?? '.';
	const agent = parsed.values['print-config'];
	if (agent !== undefined) {
		if (!isAgentName(agent)) throw new UsageError(`--print-config takes one of ${agentNames.join(', ')}, not '${agent}'`);
		const config = agentConfig(agent, { command: 'npx', args: ['mintdoc', 'mcp', dir] });
		out.write(`${config.format === 'toml' ? '#' : '//'} ${config.label}: ${config.file}\n${config.text}`);
		return 0;
	}
	const absolute = path.resolve(process.cwd(), dir);
	const stat = await fs.stat(absolute).catch(() => undefined);
	if (!stat?.isDirectory()) throw new UsageError(`'${dir}' is not a folder; pass the folder that holds docs.json`);
	const session = await McpSession.open(await fs.realpath(absolute), {
		cache: parsed.values.cache && !parsed.values['no-cache'],
		offline: parsed.values.offline,
	});
	const server = new McpServer({ name: 'mintdoc', version: typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev' }, { instructions });
	registerMcpTools(server, session);
	// Lines over the guard's limit are answered by it; the SDK's own limit (which closes the connection) is never reached.
	const guarded = process.stdin.pipe(createMessageSizeGuard(line => process.stdout.write(line)));
	const transport = new StdioServerTransport(guarded, process.stdout, { maxBufferSize: 2 * maxMessageBytes });
	const closed = new Promise<void>(resolve => {
		transport.onclose = resolve;
		guarded.once('end', resolve);
	});
	await server.connect(transport);
	// The site is read while the agent gets going: its first check then answers from what is kept.
	// (A folder without a site answers every call with that error; nothing to warm.)
	void session.run(() => session.results()).catch(() => undefined);
	await closed;
	await server.close().catch(() => undefined);
	session.dispose();
	return 0;
}
