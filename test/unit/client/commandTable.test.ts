import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { allCommandIds, browserCommandIds, browserContextKey, browserViewIds } from '../../../client/src/commandIds';

interface MenuEntry {
	readonly command?: string;
	readonly when?: string;
}
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
	contributes: {
		commands: { command: string }[];
		menus: Record<string, MenuEntry[]>;
		keybindings: MenuEntry[];
		views: Record<string, { id: string; when?: string }[]>;
	};
};

describe('the command table (client/src/commandIds.ts)', () => {
	it('names exactly the commands package.json contributes', () => {
		assert.deepEqual([...allCommandIds].sort(), manifest.contributes.commands.map(c => c.command).sort());
	});

	it('in the browser, offers only the commands and views the browser entry registers (`!mintdoc.browser` hides the others)', () => {
		const hidden = (when: string | undefined) => when === 'false' || (when ?? '').includes(`!${browserContextKey}`);
		const palette = new Map(manifest.contributes.menus.commandPalette.map(e => [e.command, e.when]));
		const offered = manifest.contributes.commands.map(c => c.command).filter(id => !palette.has(id) || !hidden(palette.get(id)));
		// `false`: never in the palette (rows' own commands), in the browser as on the desktop.
		assert.deepEqual(offered.sort(), browserCommandIds.filter(id => palette.get(id) !== 'false').sort());
		const menus = [...Object.values(manifest.contributes.menus).flat(), ...manifest.contributes.keybindings];
		assert.deepEqual(
			menus.filter(e => e.command && !browserCommandIds.includes(e.command) && !hidden(e.when)).map(e => e.command),
			[],
			'menu entries and keybindings of commands the browser entry does not register',
		);
		assert.deepEqual(
			Object.values(manifest.contributes.views)
				.flat()
				.filter(v => !hidden(v.when))
				.map(v => v.id)
				.sort(),
			[...browserViewIds].sort(),
		);
	});
});
