import * as assert from 'node:assert/strict';
import { isLexicallyInside, type UriParts } from '../../../client/src/preview/lexicalInside';

/** A URI's parts as vscode.Uri gives them (its path percent-decoded). */
function uri(text: string): UriParts {
	const match = /^([a-z][a-z0-9+.-]*):\/\/([^/]*)(.*)$/i.exec(text);
	if (!match) throw new Error(text);
	return { scheme: match[1], authority: match[2], path: decodeURIComponent(match[3]) };
}

describe('a file the preview may open in the browser (lexicalInside.ts)', () => {
	const roots = [uri('vscode-vfs://github/acme/docs/site'), uri('vscode-remote://127.0.0.1:8080/ws/features')];

	it('accepts files below a docs root, whatever the scheme', () => {
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site/guides/setup.mdx')), true);
		assert.equal(isLexicallyInside(roots, uri('vscode-remote://127.0.0.1:8080/ws/features/docs.json')), true);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site/a/../index.mdx')), true);
	});

	it('refuses the root itself, its neighbours and paths that climb out with `..`', () => {
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site-private/secret.mdx')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site/../secret.txt')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site/%2e%2e/secret.txt')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/acme/docs/site/guides/..\\..\\secret.txt')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://github/../../acme/docs/site/x.mdx')), false);
	});

	it('refuses another scheme or authority with the same path', () => {
		assert.equal(isLexicallyInside(roots, uri('file:///acme/docs/site/index.mdx')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-vfs://gitlab/acme/docs/site/index.mdx')), false);
		assert.equal(isLexicallyInside(roots, uri('vscode-remote://127.0.0.1:9090/ws/features/index.mdx')), false);
		assert.equal(isLexicallyInside([], uri('vscode-vfs://github/acme/docs/site/index.mdx')), false);
	});
});
