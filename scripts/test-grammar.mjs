// Grammar tests: runs vscode-tmgrammar-test over test/grammar/*.test.mdx against the MDX grammar
// that package.json contributes, prints the tool's output, and ends with `N passed, N failed`
// counting scope assertions. Exit status is non-zero when anything failed.
//   node scripts/test-grammar.mjs [--without-builtins]
//
// The grammar embeds grammars that VS Code ships (source.js, source.yaml, source.python, ...). When
// the VS Code host is installed (tools/vscode-host, code-server), its built-in grammars are passed
// with -g so embedded code is tokenized as in the editor; the tests must pass either way, and
// --without-builtins runs them with the MDX grammar alone.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const require = createRequire(path.join(root, 'package.json'));
const { parseGrammarTestCase } = require('vscode-tmgrammar-test/dist/unit/index.js');
const builtinExtensions = path.join(root, 'tools/vscode-host/node_modules/code-server/lib/vscode/extensions');
const testDir = path.join(root, 'test/grammar');
const pattern = 'test/grammar/*.test.mdx';

/** Scope name → grammar file for every grammar the built-in extensions contribute. */
function builtinGrammars() {
	const byScope = new Map();
	if (!fs.existsSync(builtinExtensions)) return byScope;
	for (const dir of fs.readdirSync(builtinExtensions)) {
		const manifest = path.join(builtinExtensions, dir, 'package.json');
		if (!fs.existsSync(manifest)) continue;
		const grammars = JSON.parse(fs.readFileSync(manifest, 'utf8')).contributes?.grammars ?? [];
		for (const grammar of grammars) {
			if (!grammar.injectTo && !byScope.has(grammar.scopeName)) byScope.set(grammar.scopeName, path.join(builtinExtensions, dir, grammar.path));
		}
	}
	return byScope;
}

/** Scope names a grammar file includes from other grammars (`source.js#x` counts as `source.js`). */
function externalScopes(file) {
	if (!file.endsWith('.json')) return [];
	const scopes = new Set();
	const visit = node => {
		if (Array.isArray(node)) node.forEach(visit);
		else if (node && typeof node === 'object') {
			if (typeof node.include === 'string' && !/^[#$]/.test(node.include)) scopes.add(node.include.split('#')[0]);
			Object.values(node).forEach(visit);
		}
	};
	visit(JSON.parse(fs.readFileSync(file, 'utf8')));
	return [...scopes];
}

/** The built-in grammar files the MDX grammar reaches through its includes, and its own includes none provides. */
function embeddedGrammars() {
	const available = builtinGrammars();
	const files = [];
	const missing = [];
	const seen = new Set(['source.mdx']);
	const direct = externalScopes(path.join(root, 'syntaxes/mdx.tmLanguage.json'));
	const queue = [...direct];
	while (queue.length > 0) {
		const scope = queue.shift();
		if (seen.has(scope)) continue;
		seen.add(scope);
		const file = available.get(scope);
		if (!file) {
			if (direct.includes(scope)) missing.push(scope);
			continue;
		}
		files.push(file);
		queue.push(...externalScopes(file));
	}
	return { files, missing, hostInstalled: available.size > 0 };
}

/** Every `^`/`<-` assertion of every test file, keyed by file. */
function assertionsByFile() {
	const result = new Map();
	for (const name of fs
		.readdirSync(testDir)
		.filter(n => n.endsWith('.test.mdx'))
		.sort()) {
		const file = `test/grammar/${name}`;
		try {
			const testCase = parseGrammarTestCase(fs.readFileSync(path.join(root, file), 'utf8'));
			result.set(
				file,
				testCase.assertions.flatMap(line => line.scopeAssertions.map(a => ({ ...a, line: line.testCaseLineNumber + 1 }))),
			);
		} catch {
			result.set(file, null);
		}
	}
	return result;
}

/** `ERROR file:line:start:end Missing required scopes: [ a ] Prohibited scopes: [ b ] ...` (compact reporter). */
function parseFailure(text) {
	const m = /^ERROR (\S+):(\d+):(\d+):(\d+) (.*)$/.exec(text);
	if (!m) return undefined;
	const list = label => (new RegExp(`${label}: \\[ ([^\\]]*) \\]`).exec(m[5])?.[1] ?? '').split(/\s+/).filter(Boolean);
	return {
		file: m[1],
		line: Number(m[2]),
		start: Number(m[3]) - 1,
		end: Number(m[4]) - 1,
		missing: list('Missing required scopes'),
		unexpected: list('Prohibited scopes'),
	};
}

const withoutBuiltins = process.argv.includes('--without-builtins');
const embedded = withoutBuiltins ? { files: [], missing: [], hostInstalled: false } : embeddedGrammars();
const args = [require.resolve('vscode-tmgrammar-test/dist/unit.js'), '--compact', '--config', 'package.json'];
for (const file of embedded.files) args.push('-g', path.relative(root, file));
args.push(pattern);

if (withoutBuiltins) console.log('grammar tests: MDX grammar only (--without-builtins)');
else if (!embedded.hostInstalled) console.log('grammar tests: VS Code host not installed, so embedded grammars are absent; testing the MDX grammar alone');
else
	console.log(`grammar tests: ${embedded.files.length} built-in grammars from code-server; not built into VS Code: ${embedded.missing.join(', ') || 'none'}`);

const run = spawnSync(process.execPath, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, env: { ...process.env, FORCE_COLOR: '0' } });
const output = `${run.stdout ?? ''}${run.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
const lines = output.split(/\r?\n/).filter(line => line.trim() !== '');
// The tool warns once per include it cannot resolve; those scopes are summarised above.
for (const line of lines) if (!/^grammar not found for /.test(line)) console.log(line);

const assertions = assertionsByFile();
const failedAssertions = new Set();
let unmatchedFailures = 0;
for (const failure of lines.map(parseFailure).filter(Boolean)) {
	const candidates = (assertions.get(failure.file) ?? []).filter(
		a =>
			a.line === failure.line &&
			a.from < failure.end &&
			a.to > failure.start &&
			failure.missing.every(s => a.scopes.includes(s)) &&
			failure.unexpected.every(s => a.exclude.includes(s)),
	);
	if (candidates.length === 0) unmatchedFailures++;
	for (const a of candidates) failedAssertions.add(a);
}
let passed = 0;
let failed = failedAssertions.size + unmatchedFailures;
const fileFailures = [];
for (const [file, list] of assertions) {
	const broken = list === null || lines.some(line => line.includes(file) && /can't parse testcase|aborted due to an error/.test(line));
	if (broken) {
		failed += Math.max(1, list?.length ?? 0);
		fileFailures.push(file);
		continue;
	}
	const failedHere = list.filter(a => failedAssertions.has(a)).length;
	passed += list.length - failedHere;
	if (failedHere > 0 || lines.some(line => line.startsWith(`ERROR ${file}:`))) fileFailures.push(file);
}
if (assertions.size === 0) failed++;
if (run.status !== 0 && failed === 0) failed = 1; // the tool failed without a failure we could attribute

console.log(
	`files: ${assertions.size - fileFailures.length} of ${assertions.size} passed${fileFailures.length ? ` (failing: ${fileFailures.join(', ')})` : ''}`,
);
console.log(`${passed} passed, ${failed} failed`);
// exitCode rather than exit(): output to a pipe is written asynchronously and must not be cut off.
process.exitCode = failed > 0 ? 1 : 0;
