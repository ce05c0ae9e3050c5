#!/usr/bin/env node
// MintDoc integration tests in a real VS Code (code-server 4.100.3, Node extension host) driven headless.
//   node tools/vscode-host/run-integration.mjs [--workspace DIR] [--extension DIR] [--tests FILE]
// Expects `npm run build` done (it does not build) and `node scripts/setup.mjs` done.
// Phase 1: the workbench loads the extension under development plus the tests module (URL payload); the mocha
//          suite runs inside the extension host; window.codeAutomationExit(code) reports the end.
// Phase 2: a fresh window with only the extension; wait for its "MintDoc" status bar item, open docs.json,
//          screenshot test-results/workbench.png (a smoke test of the real UI); then quickstart.mdx with the
//          preview beside it (Ctrl+K V): test-results/preview-vscode.png, and a sidebar link clicked in the webview.
// MINTDOC_INTEGRATION_GREP=pattern runs only the phase-1 tests whose titles match (mocha's grep); phase 2 runs as always.
// Last line: `integration: N passed, N failed`; exit code 0 only when both phases passed.
import fs from 'node:fs';
import path from 'node:path';
import { format } from 'node:util';
import { HOST_DIR, devExtensionPath, findFreePort, launchChromium, startCodeServer, waitForStatusBarItem, workbenchUrl } from './host.mjs';

const REPO = path.resolve(HOST_DIR, '..', '..');
const RESULTS = path.join(REPO, 'test-results');
const RUN_DIR = path.join(RESULTS, '.run');
// A hang guard on silence, not on the suite's length: each test bounds its own time (mocha's 60 s, up to 360 s for
// the Mermaid drawing), so the host going quiet for longer than any test may take means it is stuck. A limit on the
// whole suite was sized for a quiet machine: with both cores busy it stopped a passing run mid-test, and mocha's
// end-of-run summary with the failures' messages was never printed. Env override for slow machines.
const TESTS_SILENCE_MS = 1000 * Number(process.env.MINTDOC_INTEGRATION_TIMEOUT_S || 420);
const UI_TIMEOUT_MS = 120_000;
const MOCHA_SUMMARY = /^\s*(\d+) passed, (\d+) failed\s*$/;
// A test asks for a screenshot of the workbench as it is by logging this line; the runner writes
// test-results/integration-NAME.png (atomically: the test waits for the file to appear).
const SCREENSHOT_REQUEST = /^@@mintdoc-screenshot ([a-z0-9-]{1,60})$/;
const EXPECTED_NOISE = /ENOTFOUND open-vsx\.org/;

const t0 = Date.now();
const log = (...a) => console.log(`[runner ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

function parseArgs(argv) {
  const opts = { workspace: path.join(REPO, 'examples', 'acme'), extension: REPO, tests: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log('usage: node tools/vscode-host/run-integration.mjs [--workspace DIR] [--extension DIR] [--tests FILE]\n' +
        '  --workspace  folder copied to test-results/.run/ws and opened (default examples/acme)\n' +
        '  --extension  extension root (default: the repo root)\n' +
        '  --tests      tests module exporting run() (default <extension>/dist/test/integration/index.js)');
      process.exit(0);
    }
    const key = { '--workspace': 'workspace', '--extension': 'extension', '--tests': 'tests' }[a];
    if (!key || argv[i + 1] === undefined) fail(`unknown or incomplete argument ${a} (see --help)`);
    opts[key] = path.resolve(argv[++i]);
  }
  opts.tests ??= path.join(opts.extension, 'dist', 'test', 'integration', 'index.js');
  return opts;
}

function fail(message) {
  console.error(`run-integration: ${message}`);
  console.log('integration: 0 passed, 1 failed');
  process.exit(1);
}

/** Check inputs up front so a missing build says "npm run build" instead of timing out in the browser. */
function checkInputs({ workspace, extension, tests }) {
  const manifestFile = path.join(extension, 'package.json');
  if (!fs.existsSync(manifestFile)) fail(`no package.json in extension root ${extension}`);
  const main = JSON.parse(fs.readFileSync(manifestFile, 'utf8')).main;
  if (main && ![main, `${main}.js`].some(m => fs.existsSync(path.join(extension, m)))) {
    fail(`extension entry ${path.join(extension, main)} is missing: run \`npm run build\` first`);
  }
  if (!fs.existsSync(tests)) fail(`tests module ${tests} is missing: run \`npm run build\` first`);
  if (!fs.existsSync(path.join(workspace, 'docs.json'))) fail(`workspace ${workspace} has no docs.json`);
}

/** Phase 1: run the mocha suite inside the extension host. Returns { exit, passed, failed }. */
async function runTestsPhase(context, server, opts, ws, consoleLog) {
  const page = await context.newPage();
  page.on('console', m => consoleLog.write(`[tests ${m.type()}] ${m.text()}\n`));
  page.on('pageerror', e => consoleLog.write(`[tests pageerror] ${e.stack || e}\n`));
  const hostLog = fs.createWriteStream(path.join(RUN_DIR, 'automation.log'));
  let summary = null;
  let onExit;
  let timer;
  let onSilence;
  const silence = new Promise(r => (onSilence = r));
  const heardFrom = () => {
    clearTimeout(timer);
    timer = setTimeout(() => onSilence('timeout'), TESTS_SILENCE_MS);
  };
  heardFrom();
  const exited = new Promise(r => (onExit = r));
  // Both hooks must exist before navigation: the workbench looks them up when it starts. codeAutomationLog gets
  // the extension host's console output (mocha's reporter), codeAutomationExit the result of run().
  await page.exposeFunction('codeAutomationLog', (level, args) => {
    const line = format(...(Array.isArray(args) ? args : [args]));
    hostLog.write(`[${level}] ${line}\n`);
    heardFrom();
    // The workbench's own log goes through this hook too; the offline extension gallery error (with its stack)
    // is expected here and would only bury the mocha output.
    if (!EXPECTED_NOISE.test(line)) console.log(line);
    for (const l of line.split('\n')) {
      const m = MOCHA_SUMMARY.exec(l);
      if (m) summary = { passed: Number(m[1]), failed: Number(m[2]) };
      const shot = SCREENSHOT_REQUEST.exec(l.trim());
      if (shot) {
        const file = path.join(RESULTS, `integration-${shot[1]}.png`);
        page.evaluate(() => document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))))
          .then(() => page.screenshot({ path: `${file}.tmp.png` }))
          .then(() => fs.renameSync(`${file}.tmp.png`, file))
          .catch(err => console.error(`run-integration: screenshot ${shot[1]} failed: ${err.message.split('\n')[0]}`));
      }
    }
  });
  await page.exposeFunction('codeAutomationExit', code => onExit(code));
  log('phase 1: opening the workbench with the extension and its tests');
  await page.goto(workbenchUrl({ host: server.host, workspaceDir: ws, extensionDevelopmentPath: opts.extension,
    extensionTestsPath: opts.tests }));
  const exit = await Promise.race([
    exited,
    silence,
    server.exited.then(() => 'code-server exited'),
  ]);
  clearTimeout(timer);
  log(`phase 1: finished (exit ${exit})`);
  if (exit === 'timeout') console.error(`run-integration: the extension host printed nothing for ${TESTS_SILENCE_MS / 1000} s`);
  if (typeof exit !== 'number') console.error(`run-integration: phase 1 aborted: ${exit}; see ${path.relative(REPO, RUN_DIR)}/`);
  await page.screenshot({ path: path.join(RESULTS, 'after-tests.png') }).catch(() => {});
  await page.close();
  hostLog.end();
  if (!summary) console.error('run-integration: the tests printed no "N passed, N failed" line');
  return { exit, passed: summary?.passed ?? 0, failed: summary?.failed ?? 0, hasSummary: !!summary };
}

/** Phase 2: the extension's UI comes up in a normal window; open docs.json; screenshot. */
async function screenshotPhase(context, server, opts, consoleLog) {
  // A fresh copy in a new folder: phase 1 may have left files edited (a failed test never reverts), and a new
  // folder path also means VS Code restores none of phase 1's editors or backups. Named like the source so the
  // explorer shows e.g. ACME.
  const ws = path.join(RUN_DIR, 'ui', path.basename(opts.workspace));
  fs.cpSync(opts.workspace, ws, { recursive: true });
  const page = await context.newPage();
  page.on('console', m => consoleLog.write(`[ui ${m.type()}] ${m.text()}\n`));
  page.on('pageerror', e => consoleLog.write(`[ui pageerror] ${e.stack || e}\n`));
  try {
    log('phase 2: opening the workbench with the extension');
    await page.goto(workbenchUrl({ host: server.host, workspaceDir: ws, extensionDevelopmentPath: opts.extension }));
    await waitForStatusBarItem(page, 'MintDoc', UI_TIMEOUT_MS);
    log('phase 2: MintDoc status bar item visible');
    // docs.json:LINE makes quick open reveal the "navigation" key: Monaco only renders the visible lines, and in
    // a real docs.json (examples/acme: line 78) it is often below the fold.
    const line = fs.readFileSync(path.join(ws, 'docs.json'), 'utf8').split('\n').findIndex(l => l.includes('"navigation"')) + 1;
    await quickOpen(page, line > 0 ? `docs.json:${line}` : 'docs.json', 'docs.json');
    await page.locator('.editor-group-container .monaco-editor .view-lines', { hasText: '"navigation"' }).first()
      .waitFor({ state: 'visible', timeout: 30_000 });
    // Show MintDoc's Site view (activity bar container) so the screenshot shows the site as it renders.
    await page.locator('.activitybar .action-item a[aria-label^="MintDoc"]').first().click({ timeout: 30_000 });
    // The Site view's tab "Guides" (exact and case-sensitive: the explorer has a folder "guides").
      await page.getByRole('treeitem', { name: 'Guides', exact: true }).first().waitFor({ state: 'visible', timeout: 60_000 });
      // A page of the first group: the tree rendered the group's own children.
      // Groups open on demand: select "Get started" (its click also reveals it in docs.json) and expand it with the keyboard.
      await page.getByRole('treeitem', { name: 'Get started', exact: true }).first().click();
      await page.keyboard.press('ArrowRight');
      // The side bar holds five views: the group's second page may sit below the Site view's fold.
      // Moving the focus down to it scrolls it into view (focus only: no page opens).
      await page.getByRole('treeitem', { name: /^index\b/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await page.getByRole('treeitem', { name: /^quickstart\b/ }).first().waitFor({ state: 'visible', timeout: 60_000 });
    log('phase 2: Site view shows the navigation');
    // Screenshot once fonts are in and a frame has been painted with the opened editor.
    await page.evaluate(() => document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))));
    await page.screenshot({ path: path.join(RESULTS, 'workbench.png') });
    log('phase 2: screenshot test-results/workbench.png');
    await previewScreenshot(page);
    return true;
  } catch (err) {
    console.error(`run-integration: phase 2 failed: ${err.message.split('\n')[0]}`);
    await page.screenshot({ path: path.join(RUN_DIR, 'phase2-failure.png') }).catch(() => {});
    console.error(`run-integration: see ${path.relative(REPO, RUN_DIR)}/phase2-failure.png and browser-console.log`);
    return false;
  } finally {
    await page.close().catch(() => {});
  }
}

/**
 * Phase 2, continued: an MDX page with MintDoc's preview beside it (Ctrl+K V), screenshot
 * test-results/preview-vscode.png; then a click on a sidebar link in the webview shows that page, and a
 * Ctrl+click opens its source file.
 */
async function previewScreenshot(page) {
  // Wide enough for the page's own sidebar (the preview hides it below 820 px, as the site does on a phone).
  await page.setViewportSize({ width: 1920, height: 1080 });
  // On a busy machine the workbench can miss the resize and stay at its old size (the preview then
  // hides its sidebar): it is told again until it has laid itself out at the new width.
  await page.waitForFunction(() => {
    const width = document.querySelector('.monaco-workbench')?.getBoundingClientRect().width ?? 0;
    if (width < 1900) window.dispatchEvent(new Event('resize'));
    return width >= 1900;
  }, undefined, { polling: 250, timeout: 60_000 });
  await quickOpen(page, 'quickstart.mdx', 'quickstart.mdx');
  await page.locator('.editor-group-container .monaco-editor .view-lines', { hasText: 'title: "Quickstart"' }).first()
    .waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('.editor-group-container .monaco-editor .view-lines').first().click();
  await page.keyboard.press('Control+B'); // hide the Site view: the editor and the preview share the width
  await page.locator('.part.sidebar').first().waitFor({ state: 'hidden', timeout: 10_000 });
  await page.keyboard.press('Control+K');
  await page.keyboard.press('V');
  // The webview is an iframe (VS Code's host page) holding the page's own iframe.
  const preview = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  await preview.locator('h2', { hasText: 'Create your first payment' }).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.evaluate(() => document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))));
  await page.screenshot({ path: path.join(RESULTS, 'preview-vscode.png') });
  log('phase 2: screenshot test-results/preview-vscode.png');
  // A sidebar link opens its page in the preview (the webview asks the extension, which asks the server).
  await preview.locator('.mp-sidebar a[href="/authentication"]').first().click();
  await preview.locator('h1.mp-title', { hasText: 'Authentication' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  log('phase 2: a sidebar link in the preview showed /authentication');
  // With Ctrl held, a link opens the page's source file in an editor instead.
  await preview.locator('.mp-sidebar a[href="/guides/errors"]').first().click({ modifiers: ['Control'] });
  await page.locator('.tabs-container .tab', { hasText: 'errors.mdx' }).first().waitFor({ state: 'visible', timeout: 30_000 });
  log('phase 2: Ctrl+click on /guides/errors in the preview opened guides/errors.mdx');
}

/** Ctrl+P, type `query`, wait for a result row showing `rowText`, Enter. Retries Ctrl+P until the input shows. */
async function quickOpen(page, query, rowText) {
  const input = page.locator('.quick-input-widget .quick-input-box input');
  for (let attempt = 0; ; attempt++) {
    // The keybinding only works once the workbench has keyboard focus; clicking the editor area gives it.
    await page.locator('.monaco-workbench .part.editor').click({ position: { x: 200, y: 200 } }).catch(() => {});
    await page.keyboard.press('Control+P');
    try {
      await input.waitFor({ state: 'visible', timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt >= 3) throw new Error(`quick open did not appear after Ctrl+P (${err.message.split('\n')[0]})`);
    }
  }
  await input.fill(query);
  const row = page.locator('.quick-input-list .monaco-list-row', { hasText: rowText }).first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
}

/**
 * One run at a time per checkout: a second run would wipe test-results/.run (workspace, user data) under the
 * first one's feet, which shows up as baffling "File Modified Since" test failures. Waits for a live holder
 * (polling its pid); takes over a lock whose process is gone.
 */
async function acquireRunLock() {
  const lock = path.join(RESULTS, '.run.lock');
  fs.mkdirSync(RESULTS, { recursive: true });
  const deadline = Date.now() + 15 * 60_000;
  let announced = false;
  while (true) {
    try {
      fs.writeFileSync(lock, JSON.stringify({ pid: process.pid, started: new Date().toISOString() }), { flag: 'wx' });
      process.on('exit', () => { try { if (JSON.parse(fs.readFileSync(lock, 'utf8')).pid === process.pid) fs.rmSync(lock); } catch { /* gone */ } });
      return;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder = null;
    try { holder = JSON.parse(fs.readFileSync(lock, 'utf8')); } catch { /* being written or removed: retry */ }
    if (holder && !isAlive(holder.pid)) { fs.rmSync(lock, { force: true }); continue; }
    if (Date.now() > deadline) fail(`another integration run (pid ${holder?.pid}) still holds ${lock}`);
    if (!announced && holder) { log(`waiting for the integration run in pid ${holder.pid} to finish`); announced = true; }
    await new Promise(r => setTimeout(r, 500)); // poll interval while another run holds the lock
  }
}

function isAlive(pid) {
  try { process.kill(pid, 0); return true; } catch (err) { return err.code === 'EPERM'; }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  checkInputs(opts);
  await acquireRunLock();
  fs.rmSync(RUN_DIR, { recursive: true, force: true });
  fs.mkdirSync(RUN_DIR, { recursive: true });
  for (const f of ['after-tests.png', 'workbench.png', 'preview-vscode.png']) fs.rmSync(path.join(RESULTS, f), { force: true });
  if (fs.existsSync(RESULTS)) for (const f of fs.readdirSync(RESULTS)) if (/^integration-.*\.png$/.test(f)) fs.rmSync(path.join(RESULTS, f), { force: true });
  // A copy: the tests may modify files, and examples/ must stay clean.
  const ws = path.join(RUN_DIR, 'ws');
  fs.cpSync(opts.workspace, ws, { recursive: true });
  opts.extension = devExtensionPath(opts.extension);

  let server, browser;
  const cleanup = async () => {
    await browser?.close().catch(() => {});
    await server?.stop();
  };
  for (const sig of ['SIGINT', 'SIGTERM']) {
    process.once(sig, () => {
      console.error(`run-integration: ${sig}, stopping`);
      cleanup().finally(() => { console.log('integration: 0 passed, 1 failed'); process.exit(130); });
    });
  }
  let result = { exit: 'not started', passed: 0, failed: 0, hasSummary: false };
  let uiOk = false;
  try {
    server = await startCodeServer({ port: await findFreePort(), runDir: RUN_DIR, workspaceDir: ws,
      // The tests' servers listen on 127.0.0.1: the network policy's test-only allowance.
      env: { MINTDOC_TEST_RESULTS: RESULTS, MINTDOC_TEST_ALLOW_LOOPBACK: '1' } });
    log(`code-server ready at ${server.url} (log: ${path.relative(REPO, server.logFile)})`);
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 850 } });
    const consoleLog = fs.createWriteStream(path.join(RUN_DIR, 'browser-console.log'));
    result = await runTestsPhase(context, server, opts, ws, consoleLog);
    if (server.hasExited) {
      console.error('run-integration: code-server is gone, skipping phase 2');
    } else {
      uiOk = await screenshotPhase(context, server, opts, consoleLog);
    }
    consoleLog.end();
  } catch (err) {
    console.error(`run-integration: ${err.message}`);
  } finally {
    await cleanup();
  }
  let { passed, failed } = result;
  // A run that failed without mocha reporting a failure (crash, timeout, missing summary) still counts as one.
  if ((result.exit !== 0 || !result.hasSummary) && failed === 0) failed = 1;
  if (!uiOk) failed += 1;
  log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`integration: ${passed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
}

await main();
