#!/usr/bin/env node
// MintDoc's web extension in a real VS Code's web worker extension host (code-server 4.100.3): the
// extension installed with `main` removed, so VS Code runs its `browser` entry (dist/browserClient.js),
// which starts the language server in a Web Worker (dist/browserServer.js) and answers its file
// requests with vscode.workspace.fs. On two test fixture sites it waits for the status item to name a
// site, for the Problems counter to show the Node server's findings there (2 errors, 2 infos) and for
// the status item's tooltip to name what does not run in a browser; restarts the server; then saves
// test-results/web-workbench.png.
//   node tools/vscode-host/run-web-smoke.mjs        (after `node scripts/build.mjs`; not part of npm test yet)
// Last line: `web smoke: N passed, N failed`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HOST_DIR, findFreePort, launchChromium, startCodeServer, waitForStatusBarItem, workbenchUrl } from './host.mjs';

const REPO = path.resolve(HOST_DIR, '..', '..');
const RESULTS = path.join(REPO, 'test-results');
const SITES = ['broken', 'features'];
// What the Node server finds on those sites (test/lsp/browserServer.test.ts compares the two servers finding by finding).
const EXPECTED_PROBLEMS = 'Errors: 2, Infos: 2';
const TIMEOUT_MS = 180_000;

const t0 = Date.now();
const log = (...a) => console.log(`[web smoke ${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

/** The extension as VS Code for the web gets it: the manifest without `main`, the two browser bundles, its static files. */
function webExtension(dir) {
  fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  delete manifest.main;
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
  for (const bundle of ['browserClient.js', 'browserServer.js']) {
    const from = path.join(REPO, 'dist', bundle);
    if (!fs.existsSync(from)) throw new Error(`${from} is missing: run \`node scripts/build.mjs\` first`);
    fs.copyFileSync(from, path.join(dir, 'dist', bundle));
  }
  for (const folder of ['schemas', 'syntaxes', 'media', 'snippets']) fs.cpSync(path.join(REPO, folder), path.join(dir, folder), { recursive: true });
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'mintdoc-web-smoke-'));
let server;
let browser;
let passed = 0;
let failed = 0;
try {
  const ext = path.join(tmp, 'ext');
  webExtension(ext);
  const ws = path.join(tmp, 'ws');
  for (const site of SITES) fs.cpSync(path.join(REPO, 'test/fixtures/sites', site), path.join(ws, site), { recursive: true });
  const runDir = path.join(tmp, 'run');
  fs.mkdirSync(runDir, { recursive: true });
  server = await startCodeServer({ port: await findFreePort(), runDir, workspaceDir: ws, linkExtensions: [ext] });
  log('code-server healthy');
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 850 } });
  const errors = [];
  page.on('console', m => /mintdoc/i.test(m.text()) && m.type() === 'error' && errors.push(m.text()));
  await page.goto(workbenchUrl({ host: server.host, workspaceDir: ws }));
  await waitForStatusBarItem(page, 'MintDoc', TIMEOUT_MS);
  log('extension activated');
  const site = await waitForStatusBarItem(page, 'MintDoc: broken (+1)', TIMEOUT_MS).catch(() => undefined);
  if (site) {
    passed++;
    log('PASS status item names the sites:', (await site.textContent()).trim());
  } else {
    failed++;
    log('FAIL the status item never named the sites', errors.join(' | '));
  }
  const problems = page.locator('#status\\.problems');
  const counted = await page
    .waitForFunction(expected => document.querySelector('#status\\.problems')?.getAttribute('aria-label') === expected, EXPECTED_PROBLEMS, { timeout: TIMEOUT_MS })
    .then(() => true, () => false);
  if (counted) {
    passed++;
    log(`PASS Problems: ${EXPECTED_PROBLEMS}`);
  } else {
    failed++;
    log(`FAIL Problems: ${await problems.getAttribute('aria-label').catch(() => '?')}, expected ${EXPECTED_PROBLEMS}`);
  }
  // The status item's tooltip says what does not run in a browser (client/src/browserExtension.ts browserLimits).
  await page.locator('.statusbar .statusbar-item', { hasText: 'MintDoc:' }).first().hover();
  const limits = await page
    .locator('.monaco-hover', { hasText: 'external links are not checked' })
    .first()
    .waitFor({ state: 'visible', timeout: 30_000 })
    .then(() => true, () => false);
  if (limits) {
    passed++;
    log("PASS the status item's tooltip names what does not run in the browser");
  } else {
    failed++;
    log("FAIL the status item's tooltip does not name what does not run in the browser");
  }
  await page.mouse.move(700, 300);
  // Restart Language Server: the old Worker ends, a new one finds the same sites.
  const statusText = () => document.querySelector('.statusbar')?.textContent ?? '';
  await page.keyboard.press('F1');
  await page.keyboard.type('MintDoc: Restart Language Server');
  await page.keyboard.press('Enter');
  const restarted = await page
    .waitForFunction(() => (document.querySelector('.statusbar')?.textContent ?? '').includes('MintDoc: starting'), undefined, { polling: 'raf', timeout: 30_000 })
    .then(() => page.waitForFunction(() => (document.querySelector('.statusbar')?.textContent ?? '').includes('MintDoc: broken (+1)'), undefined, { timeout: TIMEOUT_MS }))
    .then(() => true, () => false);
  if (restarted) {
    passed++;
    log('PASS Restart Language Server: the status item names the sites again');
  } else {
    failed++;
    log('FAIL Restart Language Server:', await page.evaluate(statusText));
  }
  await page.keyboard.press('Control+Shift+M');
  await page.locator('.markers-panel').waitFor({ state: 'visible', timeout: 30_000 }).catch(() => undefined);
  fs.mkdirSync(RESULTS, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS, 'web-workbench.png') });
  log('screenshot test-results/web-workbench.png');
} catch (e) {
  failed++;
  log('FAIL', e instanceof Error ? e.message : String(e));
} finally {
  await browser?.close();
  await server?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
}
console.log(`web smoke: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
