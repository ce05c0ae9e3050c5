import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ChangeTracker } from '../../../server/src/core/site/changeTracker';
import { KeptReads } from '../../../server/src/core/site/keptReads';
import type { DocsWorkspace } from '../../../server/src/core/workspace';

/** A workspace of `files` that records each read and stat it is asked for. */
function countingWorkspace(files: Map<string, string>) {
	const asked: string[] = [];
	const workspace: DocsWorkspace = {
		folders: ['file:///site'],
		readDocument: async uri => (asked.push(`read ${uri}`), files.has(uri) ? TextDocument.create(uri, 'json', 1, files.get(uri)!) : undefined),
		stat: async uri => (asked.push(`stat ${uri}`), files.has(uri) ? { kind: 'file', size: files.get(uri)!.length } : undefined),
		readDirectory: async () => [],
	};
	return { workspace, asked };
}

describe('kept reads: what a model asks on every docs.json keystroke, asked once while unchanged (core/site/keptReads.ts)', () => {
	const fr = 'file:///site/fr.json';
	const favicon = 'file:///site/favicon.svg';

	it('reads a $ref target and a favicon once, and again only after their change (or any file created) is reported', async () => {
		const files = new Map([[fr, '{"language":"fr"}']]);
		const { workspace, asked } = countingWorkspace(files);
		const tracker = new ChangeTracker();
		const kept = new KeptReads(workspace, tracker, true);
		for (let keystroke = 0; keystroke < 3; keystroke++) {
			assert.equal((await kept.readDocument(fr))?.getText(), '{"language":"fr"}');
			assert.equal(await kept.isFile(favicon), false);
			tracker.note('file:///site/docs.json', 'changed', true); // the keystroke itself
		}
		assert.deepEqual(asked, [`read ${fr}`, `stat ${favicon}`]);

		files.set(fr, '{"language":"fr","x":1}');
		tracker.note(fr, 'changed', true);
		assert.equal((await kept.readDocument(fr))?.getText(), '{"language":"fr","x":1}');
		files.set(favicon, '<svg/>');
		tracker.note(favicon, 'created');
		assert.equal(await kept.isFile(favicon), true);
		assert.deepEqual(asked.slice(2), [`read ${fr}`, `stat ${favicon}`]);
	});

	it('a host that reports no changes (the CLI) is asked every time', async () => {
		const { workspace, asked } = countingWorkspace(new Map([[fr, '{}']]));
		const kept = new KeptReads(workspace, new ChangeTracker(), false);
		await kept.readDocument(fr);
		await kept.readDocument(fr);
		await kept.isFile(favicon);
		await kept.isFile(favicon);
		assert.deepEqual(asked, [`read ${fr}`, `read ${fr}`, `stat ${favicon}`, `stat ${favicon}`]);
	});
});
