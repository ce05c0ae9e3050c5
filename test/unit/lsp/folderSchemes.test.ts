import * as assert from 'node:assert/strict';
import { featureCapabilities, folderSchemes } from '../../../server/src/lsp/features';

/** Registrations by URI scheme follow the workspace's file systems: a browser's are not `file:`. */
describe('the URI schemes the server registers its file features for', () => {
	it('are those of the workspace folders, `file` when there are none', () => {
		assert.deepEqual(folderSchemes(['file:///home/a/docs', 'file:///home/b']), ['file']);
		assert.deepEqual(folderSchemes(['vscode-vfs://github/mintlify/docs']), ['vscode-vfs']);
		assert.deepEqual(folderSchemes(['vscode-remote://127.0.0.1:8080/ws', 'file:///x']), ['vscode-remote', 'file']);
		assert.deepEqual(folderSchemes([]), ['file']);
	});

	it('give the rename participant a file and a folder filter per scheme', () => {
		assert.deepEqual(
			featureCapabilities(['vscode-vfs']).workspace.fileOperations.willRename.filters.map(f => [f.scheme, f.pattern.matches]),
			[
				['vscode-vfs', 'file'],
				['vscode-vfs', 'folder'],
			],
		);
	});
});
