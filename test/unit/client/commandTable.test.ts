import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { allCommandIds } from '../../../client/src/commandIds';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };

describe('the command table (client/src/commandIds.ts)', () => {
	it('names exactly the commands package.json contributes', () => {
		assert.deepEqual([...allCommandIds].sort(), manifest.contributes.commands.map(c => c.command).sort());
	});
});
