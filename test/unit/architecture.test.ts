import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
	const absolute = path.join(repo, dir);
	try {
		statSync(absolute);
	} catch {
		return [];
	}
	return readdirSync(absolute, { recursive: true, encoding: 'utf8' }).filter(f => /\.tsx?$/.test(f)).map(f => path.join(dir, f));
}

function importsOf(file: string): string[] {
	const text = readFileSync(path.join(repo, file), 'utf8');
	return [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)/g)].map(m => m[1] ?? m[2]);
}

function violations(dir: string, forbidden: (specifier: string) => boolean): string[] {
	return sourceFiles(dir).flatMap(file => importsOf(file).filter(forbidden).map(spec => `${file} imports ${spec}`));
}

/** The dependency rules of the README's "Architecture" section, checked on every test run. */
describe('architecture', () => {
	it('server/src/core is pure: no vscode, no LSP transport, no Node built-ins', () => {
		const found = violations('server/src/core', s => s === 'vscode' || s.startsWith('vscode-languageserver/') || s === 'vscode-languageserver' || s.startsWith('node:') || ['fs', 'path', 'child_process', 'http', 'https', 'net'].includes(s));
		assert.deepEqual(found, []);
		assert.ok(sourceFiles('server/src/core').length > 5, 'the rule looked at the core');
	});

	it('server/src/core never imports the LSP glue, the CLI or node adapters', () => {
		assert.deepEqual(violations('server/src/core', s => /(^|\/)(lsp|cli|node)\//.test(s) || s.endsWith('/server') || s.endsWith('/protocol')), []);
	});

	it('the server never imports vscode', () => {
		assert.deepEqual(violations('server/src', s => s === 'vscode'), []);
	});

	it('client/src/api never imports vscode', () => {
		assert.deepEqual(violations('client/src/api', s => s === 'vscode'), []);
	});

	it('the client imports nothing from the server tree but the shared protocol', () => {
		assert.deepEqual(violations('client/src', s => s.includes('/server/') && !s.endsWith('/server/src/protocol')), []);
		assert.deepEqual(violations('client/src', s => s.startsWith('vscode-languageserver/') || s === 'vscode-languageserver'), []);
	});
});
