import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

const repo = path.resolve(__dirname, '../..');

describe('docs/architecture.md stays true', () => {
	const text = readFileSync(path.join(repo, 'docs', 'architecture.md'), 'utf8');

	it('every path it names in backticks exists', () => {
		const named = [...text.matchAll(/`([\w.-]+(?:\/[\w.*-]+)+\/?|[\w-]+\.(?:ts|mjs|cjs|md|json))`/g)]
			.map(m => m[1])
			.filter(p => !p.includes('*') && (!p.includes('/') || /^(server|client|test|bench|docs|schemas|syntaxes|conformance|scripts|tools|examples)\//.test(p)));
		// Bare file names (`layout.ts`) belong to the folder named just before them: found anywhere under server/ or client/.
		const missing = named.filter(p => (p.includes('/') ? !existsSync(path.join(repo, p)) : !anyFileNamed(p)));
		assert.ok(named.length > 25, `only ${named.length} paths named`);
		assert.deepEqual(missing, []);
	});

	it('every folder of its layer map exists', () => {
		const block = text.slice(text.indexOf('```\n') + 4, text.indexOf('\n```', text.indexOf('```\n') + 4));
		const stack: string[] = [];
		const missing: string[] = [];
		for (const line of block.split('\n')) {
			const match = /^( *)(\S+\/|\S+\.ts)\s/.exec(line + ' ');
			if (!match) continue;
			const depth = match[1].length / 2;
			stack.length = depth;
			stack.push(match[2].replace(/\/$/, ''));
			if (!existsSync(path.join(repo, ...stack))) missing.push(stack.join('/'));
		}
		assert.deepEqual(missing, []);
	});

	it('names every source file of server/src and client/src in "File by file"', () => {
		const start = text.indexOf('\n## File by file');
		assert.ok(start >= 0, 'no "## File by file" section');
		const next = text.indexOf('\n## ', start + 1);
		const section = text.slice(start, next === -1 ? undefined : next);
		// A file is named by its base name as a word (`siteTree.ts`, `siteTree`), by a brace pattern
		// (`page{Pool,Worker}.ts`) or by a star pattern (`specWorker*.ts`) written in the section.
		const braced = new Set<string>();
		for (const m of section.matchAll(/([\w.-]*)\{([\w,.-]+)\}([\w.-]*)/g))
			for (const part of m[2].split(',')) braced.add(`${m[1]}${part}${m[3]}`.replace(/\.ts$/, ''));
		const starred = [...section.matchAll(/([\w-]+)\*/g)].map(m => m[1]);
		const files = execFileSync('git', ['ls-files', '--', 'server/src', 'client/src'], { cwd: repo, encoding: 'utf8' })
			.split('\n')
			.filter(f => f.endsWith('.ts'));
		assert.ok(files.length > 100, `only ${files.length} source files found`);
		const unnamed = files.filter(f => {
			const base = path.basename(f, '.ts');
			const asWord = new RegExp(`(?<![\\w])${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`);
			return !asWord.test(section) && !braced.has(base) && !starred.some(prefix => base.startsWith(prefix));
		});
		assert.deepEqual(unnamed, [], `${unnamed.length} source files not named in "File by file" of docs/architecture.md:\n${unnamed.join('\n')}`);
	});
});

function anyFileNamed(name: string): boolean {
	const found = execFileSync('git', ['ls-files', `*${name}`], { cwd: repo, encoding: 'utf8' });
	return found.split('\n').some(f => path.basename(f) === name) || existsSync(path.join(repo, name));
}
