/**
 * The MCP configuration each coding agent reads, for `mintdoc mcp --print-config <agent>` and the
 * editor's "Set Up Coding Agents…" command. Pure: the command that starts the server is given.
 */

export const agentNames = ['vscode', 'cursor', 'claude', 'codex'] as const;
export type AgentName = (typeof agentNames)[number];

/** How the agent starts the server: a program and its arguments. */
export interface ServerCommand {
	readonly command: string;
	readonly args: readonly string[];
}

/** The server's name in every configuration. */
export const mcpServerName = 'mintdoc';

/** One agent's configuration: where it lives, and what goes in it. */
export interface AgentConfig {
	readonly agent: AgentName;
	/** Who reads it, for people. */
	readonly label: string;
	/** The file, relative to the project (or `~/` for a file in the user's home). */
	readonly file: string;
	/** The format of the file: JSON files are merged, keeping other servers; TOML is shown to paste. */
	readonly format: 'json' | 'toml';
	/** The configuration as the file would hold it alone. */
	readonly text: string;
}

const labels: Record<AgentName, string> = { vscode: 'VS Code (Copilot agent mode)', cursor: 'Cursor', claude: 'Claude Code', codex: 'Codex' };
const files: Record<AgentName, string> = { vscode: '.vscode/mcp.json', cursor: '.cursor/mcp.json', claude: '.mcp.json', codex: '~/.codex/config.toml' };

export function isAgentName(name: string): name is AgentName {
	return (agentNames as readonly string[]).includes(name);
}

export function agentConfig(agent: AgentName, server: ServerCommand): AgentConfig {
	return { agent, label: labels[agent], file: files[agent], format: agent === 'codex' ? 'toml' : 'json', text: configText(agent, server) };
}

function configText(agent: AgentName, server: ServerCommand): string {
	if (agent === 'codex')
		return [`[mcp_servers.${mcpServerName}]`, `command = ${tomlString(server.command)}`, `args = [${server.args.map(tomlString).join(', ')}]`, ''].join('\n');
	return `${JSON.stringify({ [agent === 'vscode' ? 'servers' : 'mcpServers']: { [mcpServerName]: serverEntry(agent, server) } }, null, 2)}\n`;
}

/** The entry of the server in a JSON configuration (VS Code names the transport). */
export function serverEntry(agent: AgentName, server: ServerCommand): Record<string, unknown> {
	return agent === 'vscode' ? { type: 'stdio', command: server.command, args: server.args } : { command: server.command, args: server.args };
}

/** The key under which a JSON configuration lists servers. */
export function serversKey(agent: AgentName): 'servers' | 'mcpServers' {
	return agent === 'vscode' ? 'servers' : 'mcpServers';
}

/** TOML basic string: JSON's escapes are TOML's for the characters a path or argument holds. */
function tomlString(value: string): string {
	return JSON.stringify(value);
}

/** The section an `AGENTS.md` gets: what to run after editing docs. */
export const agentsSection = `## Checking documentation changes

This repository's documentation is checked with MintDoc. After editing any page (\`.mdx\`, \`.md\`),
\`docs.json\` or an OpenAPI file, run the check and fix what it reports before you finish:

- with the \`mintdoc\` MCP server: call \`check\` (or \`check_draft\` before writing a file);
  \`components\` lists the built-in components and their props, \`site_map\` the navigation;
- or in a terminal: \`npx mintdoc check --format json\`.

Every new page must also be listed in the navigation of \`docs.json\`.
`;
