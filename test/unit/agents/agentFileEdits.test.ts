import * as assert from 'node:assert/strict';
import { parse } from 'jsonc-parser';
import { appendMarkdownSection, appendTomlSection, mergeJsonConfig } from '../../../client/src/agents/agentFileEdits';

const standalone = JSON.stringify({ servers: { mintdoc: { type: 'stdio', command: 'npx', args: ['mintdoc', 'mcp', '.'] } } }, null, 2) + '\n';

describe('Set Up Coding Agents: what each file becomes', () => {
	it('merges the server into an existing mcp.json, keeping other servers and comments; replaces an older mintdoc entry', () => {
		const existing = '{\n  // ours\n  "servers": {\n    "github": { "type": "http", "url": "https://example.test/mcp" }\n  },\n  "inputs": []\n}\n';
		const merged = mergeJsonConfig(existing, standalone);
		assert.ok('text' in merged);
		assert.match(merged.text, /\/\/ ours/);
		const value = parse(merged.text) as { servers: Record<string, unknown>; inputs: unknown[] };
		assert.deepEqual(Object.keys(value.servers), ['github', 'mintdoc']);
		assert.deepEqual(value.servers.mintdoc, { type: 'stdio', command: 'npx', args: ['mintdoc', 'mcp', '.'] });
		assert.deepEqual(value.inputs, []);
		const again = mergeJsonConfig(merged.text, standalone);
		assert.deepEqual(again, { text: merged.text });
		assert.deepEqual(mergeJsonConfig(undefined, standalone), { text: standalone });
		assert.deepEqual(mergeJsonConfig('{}', standalone).hasOwnProperty('text'), true);
	});

	it('leaves alone what it cannot merge safely', () => {
		assert.match((mergeJsonConfig('{ "servers": ', standalone) as { refused: string }).refused, /not a JSON object/);
		assert.match((mergeJsonConfig('[]', standalone) as { refused: string }).refused, /not a JSON object/);
		assert.match((mergeJsonConfig('{ "servers": [] }', standalone) as { refused: string }).refused, /"servers" is not an object/);
		assert.match(
			(appendTomlSection('[mcp_servers.mintdoc]\ncommand = "x"\n', '[mcp_servers.mintdoc]\ncommand = "y"\n') as { refused: string }).refused,
			/already has/,
		);
	});

	it('appends to Codex config.toml and AGENTS.md once', () => {
		assert.deepEqual(appendTomlSection('model = "o4"\n', '[mcp_servers.mintdoc]\n'), { text: 'model = "o4"\n\n[mcp_servers.mintdoc]\n' });
		const section = '## Checking documentation changes\n\nRun it.\n';
		const first = appendMarkdownSection('# Agents\n\nBe nice.\n', section);
		assert.deepEqual(first, { text: `# Agents\n\nBe nice.\n\n${section}` });
		assert.deepEqual(appendMarkdownSection((first as { text: string }).text, section), first);
		assert.deepEqual(appendMarkdownSection(undefined, section), { text: `# AGENTS.md\n\n${section}` });
	});
});
