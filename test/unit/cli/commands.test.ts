import * as assert from 'node:assert/strict';
import { commands } from '../../../server/src/cli/commands';

describe('cli: the command table', () => {
	it('has one row per command, each usage entry naming its command first', () => {
		assert.deepEqual(
			commands.map(c => c.name),
			['check', 'format', 'generate', 'api-server', 'preview', 'upgrade', 'mcp', 'llms'],
		);
		for (const command of commands) assert.match(command.usage, new RegExp(`^  ${command.name}(?: |\\n|$)`), command.name);
	});
});
