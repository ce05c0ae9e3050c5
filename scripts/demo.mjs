#!/usr/bin/env node
// `npm run demo`: install what is missing, build, and serve a real VS Code (code-server) with MintDoc loaded on
// the example site examples/acme. Open the printed URL; Ctrl-C stops everything.
//   node scripts/demo.mjs [--port N] [--screenshot FILE] [--api-port N]
//   --port N           listen on 127.0.0.1:N (else $MINTDOC_DEMO_PORT, else 8080; a free port if that is taken)
//   --screenshot FILE  headless check: open the bare URL, wait for MintDoc's status bar item, save FILE, exit
//   --api-port N       port of the local API stand-in (`node dist/cli.js api-server`; else $MINTDOC_API_PORT, else
//                      a free one), started when dist/cli.js has that command; the extension host gets its URL
//                      (MINTDOC_API_URL), project id and demo admin key, so Feedback/Update Status work offline.
// MintDoc is installed by symlinking the repo root into code-server's extensions dir (see startCodeServer), so
// any window, even the bare URL, has it, without packaging a .vsix; rebuild + reload picks up changes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureSetup, SetupError } from './setup.mjs';
import { findFreePort, isPortFree, launchChromium, startCodeServer, waitForStatusBarItem } from '../tools/vscode-host/host.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SITE = path.join(ROOT, 'examples', 'acme');
const DEMO_DIR = path.join(ROOT, '.run', 'demo');
let RUN_DIR; // .run/demo/<port>: startCodeServer wipes its user-data, so two demos must not share one
const HOST = '127.0.0.1';

function die(message, code = 1) {
	console.error(`demo: ${message}`);
	process.exit(code);
}

function parseArgs(argv) {
	const opts = { port: process.env.MINTDOC_DEMO_PORT, screenshot: null, apiPort: process.env.MINTDOC_API_PORT };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (a === '--help' || a === '-h') {
			console.log(
				fs
					.readFileSync(fileURLToPath(import.meta.url), 'utf8')
					.split('\n')
					.slice(1, 9)
					.map(l => l.replace(/^\/\/ ?/, ''))
					.join('\n'),
			);
			process.exit(0);
		}
		const key = { '--port': 'port', '--screenshot': 'screenshot', '--api-port': 'apiPort' }[a];
		if (!key || argv[i + 1] === undefined) die(`unknown or incomplete argument ${a} (see --help)`, 2);
		opts[key] = argv[++i];
	}
	for (const key of ['port', 'apiPort']) {
		if (opts[key] === undefined || opts[key] === '') {
			opts[key] = null;
			continue;
		}
		const n = Number(opts[key]);
		if (!Number.isInteger(n) || n < 1 || n > 65535) die(`${key === 'port' ? '--port' : '--api-port'} must be a port number, got ${opts[key]}`, 2);
		opts[key] = n;
	}
	opts.port ??= 8080;
	if (opts.screenshot) opts.screenshot = path.resolve(opts.screenshot);
	return opts;
}

/** `npm run build` in the repo root, output shown as is. */
function build() {
	return new Promise(resolve => {
		console.log('demo: npm run build');
		const child = spawn('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
		child.on('error', err => die(`could not run npm: ${err.message}`));
		child.on('close', code => (code === 0 ? resolve() : die(`npm run build failed (exit ${code}); fix the errors above and re-run npm run demo`)));
	});
}

/** Hook for the local API stand-in: when the built CLI has an api-server command (on a free port unless given). */
async function maybeStartApiServer(port) {
	const cli = path.join(ROOT, 'dist', 'cli.js');
	if (!fs.existsSync(cli)) return null;
	const help = spawnSync(process.execPath, [cli, '--help'], { encoding: 'utf8', timeout: 10_000 });
	if (!`${help.stdout}${help.stderr}`.includes('api-server')) return null;
	port ??= await findFreePort(HOST);
	const log = fs.openSync(path.join(RUN_DIR, 'api-server.log'), 'w');
	// Own process group, like code-server: one kill stops it and anything it forks.
	const child = spawn(process.execPath, [cli, 'api-server', '--port', String(port), '--docs', SITE], {
		cwd: ROOT,
		detached: true,
		stdio: ['ignore', log, log],
	});
	fs.closeSync(log);
	const stop = () => {
		try {
			process.kill(-child.pid, 'SIGTERM');
		} catch {
			/* gone */
		}
	};
	process.on('exit', stop);
	const deadline = Date.now() + 15_000;
	while (!(await canConnect(port))) {
		if (child.exitCode !== null || Date.now() > deadline) {
			stop();
			die(`the API stand-in did not start listening on port ${port}; see ${path.relative(ROOT, RUN_DIR)}/api-server.log`);
		}
		await new Promise(r => setTimeout(r, 100)); // poll interval while waiting for the port to accept connections
	}
	console.log(`demo: API stand-in on http://${HOST}:${port}/`);
	return { url: `http://${HOST}:${port}`, stop };
}

/** The stand-in's defaults (see `mintdoc api-server`), handed to the extension host; a key stored by the user wins. */
const apiDemoEnv = {
	MINTDOC_PROJECT_ID: 'demo',
	MINTDOC_ASSISTANT_DOMAIN: 'demo',
	MINTDOC_DEMO_ADMIN_KEY: 'mint_demo_admin_key',
	MINTDOC_DEMO_ASSISTANT_KEY: 'mint_dsc_demo_key',
};

function canConnect(port) {
	return new Promise(resolve => {
		const socket = net.connect(port, HOST);
		socket.once('connect', () => {
			socket.destroy();
			resolve(true);
		});
		socket.once('error', () => resolve(false));
	});
}

/** --screenshot: the bare URL must show MintDoc (proves the extension is installed, not only URL-loaded). */
async function screenshot(server, file) {
	const browser = await launchChromium();
	try {
		const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
		await page.goto(server.url);
		try {
			await waitForStatusBarItem(page, 'MintDoc', 120_000);
			// The demo tour (MINTDOC_DEMO) opens docs.json and the Site view once the site is checked.
			await page.locator('.statusbar .statusbar-item', { hasText: 'MintDoc: acme' }).first().waitFor({ state: 'visible', timeout: 120_000 });
			// The Site view's tab "Guides" (exact and case-sensitive: the explorer has a folder "guides").
			await page.getByRole('treeitem', { name: 'Guides', exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
			// A page of the first group: the tree renders a group's own children. Groups open on demand: select "Get started" (its click also reveals it in docs.json) and expand it with the keyboard.
			await page.getByRole('treeitem', { name: 'Get started', exact: true }).first().click();
			await page.keyboard.press('ArrowRight');
			// The side bar holds five views: the group's second page may sit below the Site view's fold;
			// moving the focus down to it scrolls it into view (focus only: no page opens).
			await page
				.getByRole('treeitem', { name: /^index\b/ })
				.first()
				.waitFor({ state: 'visible', timeout: 60_000 });
			await page.keyboard.press('ArrowDown');
			await page.keyboard.press('ArrowDown');
			await page
				.getByRole('treeitem', { name: /^quickstart\b/ })
				.first()
				.waitFor({ state: 'visible', timeout: 60_000 });
			// The click revealed the group in docs.json, which the tour had opened.
			await page
				.locator('.editor-group-container .monaco-editor .view-lines', { hasText: '"Get started"' })
				.first()
				.waitFor({ state: 'visible', timeout: 60_000 });
			// The tour's site preview beside the editor (a webview: VS Code's iframe holding the page's): a page title rendered.
			await page
				.frameLocator('iframe.webview.ready')
				.frameLocator('iframe#active-frame')
				.locator('h1.mp-title')
				.first()
				.waitFor({ state: 'visible', timeout: 60_000 });
		} finally {
			fs.mkdirSync(path.dirname(file), { recursive: true });
			await page.evaluate(() => document.fonts.ready).catch(() => {});
			await page.screenshot({ path: file }).catch(() => {});
		}
		console.log(`demo: MintDoc checked the site, docs.json, the Site view and the preview are open; screenshot ${file}`);
	} finally {
		await browser.close().catch(() => {});
	}
}

async function main() {
	const opts = parseArgs(process.argv.slice(2));
	try {
		await ensureSetup();
	} catch (err) {
		die(err instanceof SetupError ? err.message : err.stack, err.exitCode || 1);
	}
	await build();
	const main = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).main;
	if (!fs.existsSync(path.join(ROOT, main))) die(`${main} is missing after the build; check npm run build`);
	if (!fs.existsSync(path.join(SITE, 'docs.json'))) die(`${path.relative(ROOT, SITE)}/docs.json is missing`);

	let port = opts.port;
	if (!(await isPortFree(port, HOST))) {
		const taken = port;
		port = await findFreePort(HOST);
		console.log(`demo: port ${taken} is taken, using ${port}`);
	}
	RUN_DIR = path.join(DEMO_DIR, String(port));
	fs.mkdirSync(RUN_DIR, { recursive: true });
	const api = await maybeStartApiServer(opts.apiPort);
	let server;
	try {
		server = await startCodeServer({
			port,
			runDir: RUN_DIR,
			workspaceDir: SITE,
			host: HOST,
			linkExtensions: [ROOT],
			// MINTDOC_DEMO makes the extension open docs.json and its Site view once the site is checked.
			env: { MINTDOC_DEMO: '1', ...(api ? { MINTDOC_API_URL: api.url, ...apiDemoEnv } : {}) },
		});
	} catch (err) {
		api?.stop();
		die(err.message);
	}
	let stopping = false;
	const stopAll = async code => {
		if (stopping) return;
		stopping = true;
		await server.stop();
		api?.stop();
		process.exit(code);
	};

	const folderQuery = encodeURIComponent(SITE).replace(/%2F/g, '/'); // readable; slashes are fine in a query
	console.log(`MintDoc demo: http://${HOST}:${port}/?folder=${folderQuery}`);
	if (opts.screenshot) {
		try {
			await screenshot(server, opts.screenshot);
		} catch (err) {
			console.error(
				`demo: ${err.message.split('\n')[0]} (screenshot of the failure saved to ${opts.screenshot}; ` +
					`code-server log: ${path.relative(ROOT, server.logFile)})`,
			);
			return stopAll(1);
		}
		return stopAll(0);
	}
	console.log(`demo: serving ${path.relative(ROOT, SITE)} (code-server log: ${path.relative(ROOT, server.logFile)}); Ctrl-C to stop`);
	for (const sig of ['SIGINT', 'SIGTERM'])
		process.on(sig, () => {
			console.log(`\ndemo: ${sig}, stopping`);
			stopAll(0);
		});
	const { code, signal } = await server.exited;
	if (!stopping) {
		console.error(`demo: code-server exited on its own (code ${code}, signal ${signal}); see ${path.relative(ROOT, server.logFile)}`);
		await stopAll(1);
	}
}

main().catch(err => die(err.stack || String(err)));
