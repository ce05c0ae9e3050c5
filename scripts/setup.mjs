#!/usr/bin/env node
// Idempotent bootstrap for MintDoc development.
//   node scripts/setup.mjs            root deps + headless VS Code host (apt packages, tools/vscode-host)
//   node scripts/setup.mjs --no-host  root deps only (enough for build and unit tests)
// Every step checks first and is skipped when already satisfied, so on a set-up machine this is a fast
// no-op; it prints one line per step it actually takes. Also importable: `await ensureSetup({ host })`.
// Why each workaround is needed: /work/shared/notes/vscode-host.md (code-server 4.100.3 on Node 20).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HOST_DIR = path.join(ROOT, 'tools', 'vscode-host');
const HOST_LOG = path.join(HOST_DIR, '.setup-npm.log');
const STAMP = '.mintdoc-setup.json'; // lives inside node_modules, so deleting node_modules resets it
const APT_PACKAGES = ['chromium', 'libkrb5-dev', 'pkg-config', 'ripgrep'];
const APT_COMMAND = `apt-get update && apt-get install -y ${APT_PACKAGES.join(' ')}`;
// @vscode/ripgrep (inside code-server 4.100.3's lib/vscode/npm-shrinkwrap.json) downloads rg from GitHub in
// its postinstall, but first looks for this tarball in os.tmpdir(). Re-check both names if code-server is bumped.
const RG_PKG_VERSION = '1.15.11';
const RG_ASSET = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';
// code-server 4.100.3's postinstall refuses any other Node major, and its native modules are built for it.
const HOST_NODE_MAJOR = 20;

/** An expected failure: `message` tells the user what to do next; `exitCode` is what the CLI exits with. */
export class SetupError extends Error {
	constructor(message, exitCode = 1) {
		super(message);
		this.exitCode = exitCode;
	}
}

/**
 * Make the machine ready: root node_modules always; with `host`, also the Debian packages and
 * tools/vscode-host (code-server + playwright-core) needed by the integration tests and the demo.
 * Throws SetupError on failure.
 */
export async function ensureSetup({ host = true } = {}) {
	await ensureNpmCi({ dir: ROOT, label: 'root dependencies' });
	if (!host) return;
	await ensureAptPackages();
	await ensureNpmCi({ dir: HOST_DIR, label: 'VS Code host (code-server, playwright-core)', host: true });
}

async function ensureNpmCi({ dir, label, host = false }) {
	const lockFile = path.join(dir, 'package-lock.json');
	const rel = path.relative(ROOT, dir) || '.';
	const hasLock = fs.existsSync(lockFile);
	if (!hasLock && !host) {
		throw new SetupError(
			`${path.join(rel, 'package-lock.json')} is missing. Run \`npm install\` in ${dir} once ` +
				'and commit package-lock.json, then re-run node scripts/setup.mjs.',
		);
	}
	const stampFile = path.join(dir, 'node_modules', STAMP);
	const wanted = { lockHash: hasLock ? hashFile(lockFile) : null, node: host ? process.versions.modules : undefined };
	const stamp = readJson(stampFile);
	if (hasLock && stamp && stamp.lockHash === wanted.lockHash && stamp.node === wanted.node) return;

	let env = process.env;
	let args = ['ci', '--no-audit', '--no-fund'];
	if (host) {
		const major = Number(process.versions.node.split('.')[0]);
		if (major !== HOST_NODE_MAJOR) {
			throw new SetupError(
				`code-server 4.100.3 needs Node ${HOST_NODE_MAJOR}, this is Node ${process.versions.node}. ` +
					`Use Node ${HOST_NODE_MAJOR} (or run with --no-host to skip the VS Code host).`,
			);
		}
		seedRipgrepCache();
		// code-server's postinstall refuses root unless npm_config_unsafe_perm is set (npm 11 dropped the flag but
		// the script still reads the env var); node-pty's postinstall runs `npx node-gyp`, which a `yes=false`
		// npmrc would cancel. Foreground scripts put the native builds' output into the log, in order.
		env = { ...process.env, npm_config_unsafe_perm: 'true', npm_config_yes: 'true' };
		args.push('--foreground-scripts');
		// No lockfile yet (first time only): `npm install` creates it. Commit the result.
		if (!hasLock) args = ['install', ...args.slice(1)];
	}
	const what = `${label}: npm ${args[0]} in ${rel}${host ? ' (~2-3 min cold, log: ' + path.relative(ROOT, HOST_LOG) + ')' : ''}`;
	await step(what, async () => {
		const { code, tail } = await run('npm', args, { cwd: dir, env, logFile: host ? HOST_LOG : undefined });
		if (code !== 0) {
			throw new SetupError(
				`npm ${args[0]} failed in ${dir} (exit ${code}). Last lines:\n${tail}\n` +
					(host ? `Full log: ${HOST_LOG}\n` : '') +
					'Fix the cause above and re-run node scripts/setup.mjs.',
			);
		}
		if (host && !fs.existsSync(path.join(dir, 'node_modules', '.bin', 'code-server'))) {
			throw new SetupError(`npm ${args[0]} succeeded but node_modules/.bin/code-server is missing in ${dir}; see ${HOST_LOG}.`);
		}
	});
	fs.writeFileSync(stampFile, JSON.stringify({ ...wanted, lockHash: hashFile(lockFile), at: new Date().toISOString() }, null, 2) + '\n');
}

async function ensureAptPackages() {
	const missing = missingDebianPackages();
	// Also check the binary: the runner and the demo hard-code /usr/bin/chromium.
	if (!missing.length && fs.existsSync('/usr/bin/chromium')) return;
	const list = missing.length ? missing : ['chromium'];
	if (process.getuid?.() !== 0) {
		throw new SetupError(
			`Missing Debian packages: ${list.join(', ')}. Install them as root:\n` + `  sudo sh -c '${APT_COMMAND}'\nthen re-run node scripts/setup.mjs.`,
			2,
		);
	}
	const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
	await step(`Debian packages: apt-get install ${list.join(' ')}`, async () => {
		for (const args of [
			['update', '-qq'],
			['install', '-y', '-qq', ...APT_PACKAGES],
		]) {
			const { code, tail } = await run('apt-get', args, { env });
			if (code !== 0) {
				throw new SetupError(`apt-get ${args[0]} failed (exit ${code}). Last lines:\n${tail}\nRetry by hand: ${APT_COMMAND}`);
			}
		}
	});
	const still = missingDebianPackages();
	if (still.length) throw new SetupError(`apt-get finished but these packages are still missing: ${still.join(', ')}. Try: ${APT_COMMAND}`);
}

/** Names from APT_PACKAGES that dpkg does not report as installed (one dpkg-query call: fast). */
function missingDebianPackages() {
	const r = spawnSync('dpkg-query', ['-W', '-f=${Package}\t${db:Status-Status}\n', ...APT_PACKAGES], { encoding: 'utf8' });
	if (r.error) {
		throw new SetupError(
			`dpkg-query not available (${r.error.code}): this setup expects Debian/Ubuntu. Install ` +
				`${APT_PACKAGES.join(', ')} with your package manager, or run with --no-host to skip the VS Code host.`,
			2,
		);
	}
	// Missing packages go to stderr ("no packages found matching"), so only trust positive "installed" lines.
	const installed = new Set(
		r.stdout
			.split('\n')
			.filter(l => l.endsWith('\tinstalled'))
			.map(l => l.split('\t')[0].split(':')[0]),
	);
	return APT_PACKAGES.filter(p => !installed.has(p));
}

function seedRipgrepCache() {
	if (process.arch !== 'x64') {
		throw new SetupError(`The ripgrep workaround only knows x86_64 (this is ${process.arch}); extend RG_ASSET in scripts/setup.mjs.`);
	}
	const cacheDir = path.join(os.tmpdir(), `vscode-ripgrep-cache-${RG_PKG_VERSION}`);
	const tarball = path.join(cacheDir, RG_ASSET);
	if (fs.existsSync(tarball)) return;
	const rg = '/usr/bin/rg';
	if (!fs.existsSync(rg)) throw new SetupError(`${rg} is missing (Debian package ripgrep). Run: ${APT_COMMAND}`, 2);
	console.log(`setup: seeding ${tarball} with Debian's rg (GitHub is unreachable)`);
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mintdoc-rg-'));
	try {
		fs.copyFileSync(rg, path.join(tmp, 'rg'));
		fs.chmodSync(path.join(tmp, 'rg'), 0o755);
		fs.mkdirSync(cacheDir, { recursive: true });
		// Write under a temp name and rename, so an interrupted run never leaves a truncated "cached download".
		const r = spawnSync('tar', ['czf', `${tarball}.part`, '-C', tmp, 'rg'], { encoding: 'utf8' });
		if (r.status !== 0) throw new SetupError(`tar failed while seeding the ripgrep cache: ${r.stderr || r.error}`);
		fs.renameSync(`${tarball}.part`, tarball);
	} finally {
		fs.rmSync(tmp, { recursive: true, force: true });
	}
}

async function step(what, fn) {
	const t0 = Date.now();
	console.log(`setup: ${what} ...`);
	await fn();
	console.log(`setup: ${what.split(':')[0]} done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

/** Run a command quietly; output goes to logFile (if given) and the last 40 lines are kept for error messages. */
function run(cmd, args, { cwd = ROOT, env = process.env, logFile } = {}) {
	return new Promise(resolve => {
		const log = logFile ? fs.createWriteStream(logFile) : null;
		const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
		let buf = '';
		const onData = chunk => {
			log?.write(chunk);
			buf = (buf + chunk).slice(-16000); // enough for the tail; keeps memory flat on chatty native builds
		};
		child.stdout.on('data', onData);
		child.stderr.on('data', onData);
		// Ctrl-C reaches the child too (same process group); nothing extra to clean up here.
		child.on('error', err => {
			buf += `\n${cmd}: ${err.message}`;
		});
		child.on('close', code => {
			const tail = buf.split('\n').slice(-40).join('\n');
			if (log) log.end(() => resolve({ code: code ?? 1, tail }));
			else resolve({ code: code ?? 1, tail });
		});
	});
}

function hashFile(file) {
	return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function readJson(file) {
	try {
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch {
		return null;
	}
}

const isMain = process.argv[1] && fs.realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
	const argv = process.argv.slice(2);
	if (argv.includes('--help') || argv.includes('-h')) {
		console.log('usage: node scripts/setup.mjs [--no-host]\n  --no-host  only root npm dependencies (skip apt packages and the headless VS Code host)');
		process.exit(0);
	}
	const unknown = argv.filter(a => a !== '--no-host');
	if (unknown.length) {
		console.error(`setup: unknown argument ${unknown[0]} (usage: node scripts/setup.mjs [--no-host])`);
		process.exit(2);
	}
	try {
		await ensureSetup({ host: !argv.includes('--no-host') });
	} catch (err) {
		console.error(`setup: FAILED: ${err instanceof SetupError ? err.message : err.stack}`);
		process.exit(err.exitCode || 1);
	}
}
