// `npm test`: installs what is missing (scripts/setup.mjs), builds, type-checks, then runs the
// layers — unit (pure core, in memory), grammar (the MDX TextMate grammar), process (the built CLI and the language server over
// JSON-RPC), integration (a real VS Code extension host) and web (the browser entry in VS Code's web worker extension
// host) — and prints one closing line `total: N passed, N failed`. Exit status is non-zero when anything failed.
//   node scripts/test.mjs [--layer unit|grammar|process|integration|web]...   (default: all layers)
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSetup } from './setup.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requested = process.argv.flatMap((arg, i, all) => (arg === '--layer' ? [all[i + 1]] : arg.startsWith('--layer=') ? [arg.slice(8)] : []));
const wants = layer => requested.length === 0 || requested.includes(layer);

// 60 s per test (mocha's default is 2 s): a hang guard sized for a slow or busy machine, as in the
// integration layer. Tests that bound their own time assert it, with budgets sized the same way.
const mocha = ['node_modules/mocha/bin/mocha.js', '--require', 'tsx/cjs', '--no-color', '--timeout', '60000'];
const layers = [
	{ name: 'unit', command: [...mocha, 'test/unit/**/*.test.ts'] },
	{ name: 'grammar', command: ['scripts/test-grammar.mjs'] },
	{ name: 'process', command: [...mocha, 'test/cli/**/*.test.ts', 'test/lsp/**/*.test.ts', 'test/api/**/*.test.ts', 'test/webview/**/*.test.ts'] },
	{ name: 'integration', command: ['tools/vscode-host/run-integration.mjs'] },
	{ name: 'web', command: ['tools/vscode-host/run-web.mjs'] },
].filter(layer => wants(layer.name));

/** Runs `node ...args`, echoing its output, and resolves with the exit code and everything it printed. */
function node(args) {
	return new Promise(resolve => {
		const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
		let output = '';
		// mocha waits for open handles (a server or timer a test forgot) after its summary: a run
		// that has reported but does not exit within two minutes is stopped and counted as failed.
		let lingering;
		const watch = () => {
			if (lingering || !/\d+ passing/.test(output)) return;
			lingering = setTimeout(() => {
				output += '\nthe test process did not exit after its summary (an open handle): stopped\n1 failing\n';
				console.log('the test process did not exit after its summary (an open handle): stopped');
				child.kill('SIGKILL');
			}, 120_000);
		};
		child.stdout.on('data', chunk => {
			output += chunk;
			process.stdout.write(chunk);
			watch();
		});
		child.stderr.on('data', chunk => {
			output += chunk;
			process.stderr.write(chunk);
		});
		child.on('close', code => {
			clearTimeout(lingering);
			resolve({ code: code ?? 1, output });
		});
	});
}

/** Passed/failed counts from mocha's spec reporter or from a `N passed, N failed` line. */
function counts(output) {
	const summary = [...output.matchAll(/(\d+) passed, (\d+) failed/g)].pop();
	if (summary) return { passed: Number(summary[1]), failed: Number(summary[2]) };
	const passing = output.match(/(\d+) passing/);
	const failing = output.match(/(\d+) failing/);
	return { passed: passing ? Number(passing[1]) : 0, failed: failing ? Number(failing[1]) : 0 };
}

/** mocha's failure section (from `N failing` on), or the last lines of a runner that died; at most 80 lines. */
function failureReport(output) {
	const lines = output.split('\n');
	const start = lines.findIndex(line => /^\s*\d+ failing/.test(line));
	const section = start >= 0 ? lines.slice(start) : lines.slice(-40);
	return section
		.filter(line => !/^\s+at /.test(line) || line.includes('test/'))
		.slice(0, 80)
		.join('\n');
}

// The process layer drives Chromium through the host's playwright-core (test/webview, test/cli/previewBrowser.test.ts).
await ensureSetup({ host: wants('integration') || wants('web') || wants('process') });
for (const step of [
	['scripts/build.mjs'],
	['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'],
	['node_modules/typescript/bin/tsc', '-p', 'tsconfig.browser.json'],
	['node_modules/typescript/bin/tsc', '-p', 'tsconfig.worker.json'],
]) {
	const { code } = await node(step);
	if (code !== 0) {
		console.log(`${step[0]} failed (exit ${code})`);
		console.log('total: 0 passed, 1 failed');
		process.exit(1);
	}
}

let passed = 0;
let failed = 0;
const table = [];
const failures = [];
for (const layer of layers) {
	console.log(`\n=== ${layer.name} tests ===`);
	const { code, output } = await node(layer.command);
	const c = counts(output);
	// A runner that died without reporting a failure still failed.
	if (code !== 0 && c.failed === 0) c.failed = 1;
	passed += c.passed;
	failed += c.failed;
	table.push(`${layer.name}: ${c.passed} passed, ${c.failed} failed`);
	if (c.failed > 0) failures.push(`--- ${layer.name}: what failed ---\n${failureReport(output)}`);
}
// CI keeps only the tail of this output: the failures are repeated here, just above the totals.
if (failures.length > 0) console.log(`\n${failures.join('\n')}`);
console.log(`\n${table.join('\n')}`);
console.log(`total: ${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
