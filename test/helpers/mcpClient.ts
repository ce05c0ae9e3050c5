import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { cliPath } from './cli';

/** A `mintdoc mcp` process (the built CLI) driven by the SDK's own client over stdio. */
export interface McpConnection {
	readonly client: Client;
	/** Calls a tool; the result as the protocol returned it. */
	call(name: string, args?: Record<string, unknown>): Promise<CallToolResult>;
	/** What the server wrote on stderr so far. */
	stderr(): string;
	close(): Promise<void>;
}

export async function connectMcp(args: string[], cwd: string): Promise<McpConnection> {
	const transport = new StdioClientTransport({ command: process.execPath, args: [cliPath, 'mcp', ...args], cwd, stderr: 'pipe' });
	let stderr = '';
	transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const client = new Client({ name: 'mintdoc-test', version: '1.0.0' });
	await client.connect(transport);
	return {
		client,
		// A first check of a large site on a busy machine may take minutes: the SDK's 60 s default is no limit to test against.
		call: async (name, callArgs = {}) => (await client.callTool({ name, arguments: callArgs }, undefined, { timeout: 600_000 })) as CallToolResult,
		stderr: () => stderr,
		close: () => client.close(),
	};
}
