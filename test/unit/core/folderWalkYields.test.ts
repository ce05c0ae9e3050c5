import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { walkFolders } from '../../../server/src/core/folderWalk';
import type { DocsWorkspace, FileKind } from '../../../server/src/core/workspace';

describe('folder walk', () => {
	it('lets other work run while it walks a workspace that lists folders synchronously', async () => {
		// 2,000 folders, each listed after 0.05 ms of busy work, answered at once (an already-resolved promise).
		const folders = Array.from({ length: 2000 }, (_, i) => `f${i}`);
		const workspace: DocsWorkspace = {
			folders: ['file:///w'],
			readDocument: async () => undefined,
			stat: async () => undefined,
			readDirectory: (uri: string) => {
				const until = performance.now() + 0.05;
				while (performance.now() < until);
				const entries: [string, FileKind][] = uri === 'file:///w' ? folders.map(name => [name, 'directory']) : [['page.mdx', 'file']];
				return Promise.resolve(entries);
			},
		};
		let timerRanAt: number | undefined;
		let visited = 0;
		setTimeout(() => (timerRanAt = visited), 0);
		await walkFolders(
			workspace,
			['file:///w'],
			() => true,
			(_folder, _name, kind) => void (kind === 'file' && visited++),
			noCancellation,
		);
		assert.equal(visited, 2000);
		assert.ok(timerRanAt !== undefined && timerRanAt < 2000, `a timer set before the walk ran only after it (${timerRanAt})`);
	});
});
