import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';

const dist = path.resolve(__dirname, '../../dist');

/** Every name a Node built-in goes by: `fs`, `fs/promises`, `node:fs`, `node:test` … */
const builtins = new Set([...builtinModules, ...builtinModules.map(name => `node:${name}`)]);

/**
 * The modules a bundle loads at run time: `require("x")` (esbuild's `__require` too, and a
 * library's own alias of it such as js-yaml's `_require`), `import … from "x"`, `import("x")`.
 */
function loadedModules(code: string): { name: string; call: string }[] {
	const found: { name: string; call: string }[] = [];
	for (const match of code.matchAll(/([\w$]*require)\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) found.push({ name: match[2], call: match[0] });
	for (const match of code.matchAll(/\bimport\s*(?:[\w$*{}\s,]+from\s*)?["'`]([^"'`]+)["'`]/g)) found.push({ name: match[1], call: match[0] });
	for (const match of code.matchAll(/\bimport\(\s*["'`]([^"'`]+)["'`]\s*\)/g)) found.push({ name: match[1], call: match[0] });
	return found;
}

/**
 * The one load of a built-in the server bundle may hold: front-matter's js-yaml 3 tries
 * `_require("buffer")` inside a try (for binary YAML values) and goes on without it. Any other
 * fails the test, and so does a change of this one's form.
 */
const guarded = ['_require("buffer")'];

describe('browser bundles: no Node built-in', () => {
	for (const [bundle, externals] of [
		['browserClient.js', ['vscode']],
		['browserServer.js', []],
	] as const)
		it(`dist/${bundle} loads no Node built-in${externals.length ? ` (only ${externals.join(', ')} from outside)` : ''}`, () => {
			const code = readFileSync(path.join(dist, bundle), 'utf8');
			const loaded = loadedModules(code);
			const nodeOnes = loaded.filter(m => builtins.has(m.name) && !guarded.includes(m.call)).map(m => m.call);
			assert.deepEqual(nodeOnes, [], `${bundle} loads Node built-ins`);
			// What stays outside the bundle: the VS Code API for the client (a module, required); the worker's
			// iife can require nothing (esbuild fails the build), though Ajv's code generator holds such calls in strings.
			if (externals.length) assert.deepEqual([...new Set(loaded.filter(m => m.call.startsWith('require(')).map(m => m.name))].sort(), [...externals]);
		});

	it('the check finds a Node built-in, whichever way it is loaded', () => {
		const code = [
			'const a = require("fs");',
			'var b = __require("node:path");',
			"import { Worker } from 'worker_threads';",
			'import * as cp from "child_process";',
			'const c = import("node:os");',
			'const d = require("vscode");',
		].join('\n');
		assert.deepEqual(
			loadedModules(code)
				.filter(m => builtins.has(m.name))
				.map(m => m.name)
				.sort(),
			['child_process', 'fs', 'node:os', 'node:path', 'worker_threads'],
		);
	});
});
