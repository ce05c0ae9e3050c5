// Headless real VS Code for MintDoc: shared by run-integration.mjs (tests) and scripts/demo.mjs (demo).
// code-server 4.100.3 = the VS Code 1.100.3 server; its extension host is a real Node process, the workbench UI
// runs in a browser (Debian chromium driven by playwright-core). Background and pitfalls:
// /work/shared/notes/vscode-host.md. Only node builtins are imported statically, so this module loads (and can
// report "run setup") even before tools/vscode-host/node_modules exists.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const HOST_DIR = path.dirname(fileURLToPath(import.meta.url));
export const CODE_SERVER_BIN = path.join(HOST_DIR, 'node_modules', '.bin', 'code-server');
export const CHROMIUM_PATH = process.env.CHROMIUM || '/usr/bin/chromium';

/** User settings seeded into every fresh user-data dir (code-server keeps user settings server-side). */
export const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'json.schemaDownload.enable': false,
  'chat.disableAIFeatures': true,
  // Workspaces often sit inside a git repo (test-results/.run/ws, examples/acme): without this a git toast
  // covers the screenshots.
  'git.openRepositoryInParentFolders': 'never',
};

/** Throws a message naming the next step when the host package is not installed. */
export function assertHostInstalled() {
  if (!fs.existsSync(CODE_SERVER_BIN)) {
    throw new Error(`code-server is not installed (${path.relative(process.cwd(), CODE_SERVER_BIN)} missing). ` +
      'Run: node scripts/setup.mjs');
  }
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing (Debian package chromium). Run: node scripts/setup.mjs`);
  }
}

/** A port the OS considers free right now on `host` (port 0 trick; tiny race accepted). */
export function findFreePort(host = '127.0.0.1') {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, host, () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Whether `port` can be bound on `host` right now. */
export function isPortFree(port, host = '127.0.0.1') {
  return new Promise(resolve => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

/**
 * Start code-server on host:port with a fresh user-data dir and extensions dir under runDir.
 * `workspaceDir` is code-server's default folder, so the bare URL http://host:port/ opens it.
 * `linkExtensions`: extension roots to symlink into the extensions dir, i.e. installed for every window (used by
 * the demo so the bare URL shows MintDoc without a URL payload or a .vsix).
 * `env` is merged into code-server's environment; it reaches the extension host (e.g. MINTDOC_TEST_RESULTS).
 * Resolves once /healthz answers; `stop()` kills code-server's whole process group.
 */
export async function startCodeServer({ port, runDir, workspaceDir, host = '127.0.0.1', env = {}, linkExtensions = [],
  logFile = path.join(runDir, 'code-server.log'), healthTimeoutMs = 60_000 }) {
  assertHostInstalled();
  const userData = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  for (const dir of [userData, extensionsDir]) fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(userData, 'User'), { recursive: true });
  fs.mkdirSync(extensionsDir, { recursive: true });
  fs.writeFileSync(path.join(userData, 'User', 'settings.json'), JSON.stringify(USER_SETTINGS, null, 2) + '\n');
  for (const extRoot of linkExtensions) linkExtension(extRoot, extensionsDir);
  // An explicit --config keeps code-server from creating ~/.config/code-server/config.yaml.
  const config = path.join(runDir, 'config.yaml');
  fs.writeFileSync(config, 'auth: none\ncert: false\n');

  const args = ['--config', config, '--bind-addr', `${host}:${port}`, '--auth', 'none',
    '--user-data-dir', userData, '--extensions-dir', extensionsDir,
    '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--disable-getting-started-override', '--disable-proxy', '--ignore-last-opened', '--log', 'info',
    ...(workspaceDir ? [workspaceDir] : [])];
  const out = fs.openSync(logFile, 'w');
  // detached: code-server leads its own process group, so stop() can kill it together with the extension
  // hosts, pty host and file watcher it forks, and a Ctrl-C in our terminal is handled by us, not by it.
  const child = spawn(CODE_SERVER_BIN, args, {
    detached: true, stdio: ['ignore', out, out], env: { ...process.env, VSCODE_PROXY_URI: '', ...env },
  });
  fs.closeSync(out);
  let exited = null;
  const exitPromise = new Promise(resolve => child.on('exit', (code, signal) => { exited = { code, signal }; resolve(exited); }));
  const killGroup = sig => { try { process.kill(-child.pid, sig); } catch { /* already gone */ } };
  const onExit = () => killGroup('SIGKILL'); // last resort if our process exits without calling stop()
  process.on('exit', onExit);

  const hostPort = `${host}:${port}`;
  const server = {
    url: `http://${hostPort}/`,
    host: hostPort,
    port,
    pid: child.pid,
    extensionsDir,
    userDataDir: userData,
    logFile,
    /** Resolves with { code, signal } when code-server exits (also when it dies on its own). */
    exited: exitPromise,
    get hasExited() { return exited !== null; },
    async stop() {
      process.off('exit', onExit);
      if (exited) return killGroup('SIGKILL'); // leader gone: make sure stray children are too
      killGroup('SIGTERM');
      const t = setTimeout(() => killGroup('SIGKILL'), 5000);
      await exitPromise;
      clearTimeout(t);
      killGroup('SIGKILL');
    },
  };

  const deadline = Date.now() + healthTimeoutMs;
  while (true) {
    if (exited) throw new Error(`code-server exited during startup (${JSON.stringify(exited)}); see ${logFile}`);
    try {
      const r = await fetch(`http://${hostPort}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (r.ok) return server;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`code-server did not answer /healthz within ${healthTimeoutMs / 1000} s; see ${logFile}`);
    }
    // Polling interval, not a fixed wait: we loop until the server answers or the deadline passes.
    await Promise.race([new Promise(r => setTimeout(r, 100)), exitPromise]);
  }
}

/**
 * Install an unpacked extension by symlinking it into the extensions dir as <publisher>.<name>-<version>. VS Code
 * scans that dir (and records it in extensions.json) at startup, so every window gets the extension; the link
 * keeps it live: rebuild dist/ and reload the window to pick up changes.
 */
export function linkExtension(extRoot, extensionsDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(extRoot, 'package.json'), 'utf8'));
  const id = `${manifest.publisher}.${manifest.name}-${manifest.version}`.toLowerCase();
  const link = path.join(extensionsDir, id);
  fs.symlinkSync(path.resolve(extRoot), link, 'dir');
  return link;
}

/**
 * The path to pass as extensionDevelopmentPath. Observed with code-server 4.100.3: when that path is an ancestor of
 * code-server's own install (repo root /work/main contains tools/vscode-host/node_modules/code-server), the
 * workbench loses its built-in extensions (light fallback theme, no file icons). A symlink elsewhere avoids it;
 * it lives in the temp dir, not in the repo, so no tool walking the repo meets a link back to its root.
 */
export function devExtensionPath(extRoot) {
  const root = path.resolve(extRoot);
  if (!(HOST_DIR + path.sep).startsWith(root + path.sep)) return root;
  const dir = path.join(os.tmpdir(), `mintdoc-vscode-host-${createHash('sha1').update(root).digest('hex').slice(0, 8)}`);
  const link = path.join(dir, path.basename(root));
  fs.mkdirSync(dir, { recursive: true });
  fs.rmSync(link, { force: true });
  fs.symlinkSync(root, link, 'dir');
  return link;
}

/**
 * Workbench URL for `host` ("127.0.0.1:PORT" or "http://127.0.0.1:PORT/"). The development extension and the
 * tests module go in the `payload` query parameter: code-server's CLI has no --extensionDevelopmentPath, but its
 * web client reads these from the URL and hands them to the (server-side, Node) extension host. When the tests'
 * run() settles, the workbench calls window.codeAutomationExit(code).
 */
export function workbenchUrl({ host, workspaceDir, extensionDevelopmentPath, extensionTestsPath }) {
  const authority = host.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const remote = p => `vscode-remote://${authority}${path.resolve(p)}`;
  const payload = [];
  if (extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remote(extensionDevelopmentPath)]);
  if (extensionTestsPath) payload.push(['extensionTestsPath', remote(extensionTestsPath)]);
  const query = [];
  if (workspaceDir) query.push(`folder=${encodeURIComponent(path.resolve(workspaceDir))}`);
  if (payload.length) query.push(`payload=${encodeURIComponent(JSON.stringify(payload))}`);
  return `http://${authority}/${query.length ? '?' + query.join('&') : ''}`;
}

/** Headless Debian chromium via playwright-core (Playwright's own browser download is unreachable here). */
export async function launchChromium() {
  assertHostInstalled();
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch (err) {
    throw new Error(`playwright-core could not be loaded (${err.message}). Run: node scripts/setup.mjs`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // --no-sandbox: we run as root in a container; the rest keeps chromium from phoning home (no network).
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}

/** Wait until the status bar shows an item whose text contains `text` (the extension's own UI is up). */
export async function waitForStatusBarItem(page, text, timeout = 120_000) {
  const item = page.locator('.statusbar .statusbar-item', { hasText: text }).first();
  await item.waitFor({ state: 'visible', timeout });
  return item;
}
