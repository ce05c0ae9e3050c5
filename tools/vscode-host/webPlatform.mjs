// The web layer's checks of MintDoc's platform views in the browser entry (run by run-web.mjs): the
// views and the assistant call the platform API with the browser's fetch, against stand-ins of the API
// on 127.0.0.1 (`dist/cli.js api-server`), one answering this page's origin with CORS, one refusing it.
// Screenshots in test-results/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { quickInputText, runCommand } from './webViews.mjs';

/** The stand-in's demo key and project (server/src/cli/apiServer.ts standInDefaults). */
const STAND_IN = { adminKey: 'mint_demo_admin_key', assistantKey: 'mint_dsc_demo_key', projectId: 'demo', assistantDomain: 'demo' };

/**
 * `dist/cli.js api-server` on a free 127.0.0.1 port, until it prints its listening line: `args` pick
 * its origin policy. Its log lines (one per request, never a key) are kept for the checks.
 */
export function startStandIn(repo, args) {
  const child = spawn(process.execPath, [path.join(repo, 'dist', 'cli.js'), 'api-server', '--port', '0', '--assistant-delay-ms', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const stop = () => new Promise(resolve => (child.exitCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill('SIGTERM'))));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API stand-in did not start within 60 s:\n${output}`)), 60_000);
    child.stderr.on('data', chunk => (output += chunk));
    child.stdout.on('data', chunk => {
      output += chunk;
      const listening = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        resolve({ url: listening[1], output: () => output, stop });
      }
    });
    child.once('exit', code => reject(new Error(`the API stand-in exited (${code}):\n${output}`)));
  });
}

/**
 * The platform API settings in the user settings, where code-server keeps them (server side), before the
 * workbench loads: the base URL is machine-scoped (a workspace cannot send the key elsewhere), so a
 * workspace's value would be ignored.
 */
export function writePlatformSettings(server, baseUrl) {
  const file = path.join(server.userDataDir, 'User', 'settings.json');
  const settings = {
    ...JSON.parse(fs.readFileSync(file, 'utf8')),
    'mintdoc.api.baseUrl': baseUrl,
    'mintdoc.projectId': STAND_IN.projectId,
    'mintdoc.assistant.domain': STAND_IN.assistantDomain,
  };
  fs.writeFileSync(file, JSON.stringify(settings, null, 2) + '\n');
}

/**
 * Sets a setting in the Settings editor, as a user would: Preferences: Open Settings (UI), the setting
 * searched by its id (in the Remote tab with `remote`), its text box cleared and typed into; the editor
 * writes it. (code-server's workbench did not follow the user settings file written from outside while it
 * ran: not within 180 s.) The editor is closed again.
 */
async function setSetting(page, id, title, value, { remote = false, results }) {
  await runCommand(page, 'Preferences: Open Settings (UI)');
  const editor = page.locator('.settings-editor');
  await editor.waitFor({ state: 'visible', timeout: 60_000 });
  await editor.locator('.settings-header .suggest-input-container').click();
  await page.keyboard.type(`@id:${id}`);
  // code-server's window is a remote one: a machine-scoped setting (the base URL) is offered in the Remote tab
  // only, whose settings win over the user's.
  if (remote) await editor.locator('.settings-tabs-widget .action-label', { hasText: 'Remote' }).first().click();
  // The list filters a moment after typing: the row is found by its title, never "the first text box".
  const row = editor.locator('.setting-item-contents', { hasText: title });
  const found = await page
    .waitForFunction(() => document.querySelectorAll('.settings-editor .setting-item-contents').length === 1, undefined, { timeout: 60_000 })
    .then(() => true, () => false);
  if (!found) {
    await page.screenshot({ path: path.join(results, 'web-settings-failed.png') });
    const shown = await editor.locator('.settings-header').innerText().catch(() => '?');
    throw new Error(`the Settings editor did not come to show ${id} alone (test-results/web-settings-failed.png): ${shown.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  const input = row.locator('input').first();
  await input.waitFor({ state: 'visible', timeout: 60_000 });
  await input.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
  await page.locator('.tab.active', { hasText: 'Settings' }).waitFor({ state: 'visible', timeout: 90_000 });
  await page.keyboard.press('Control+W');
}

/** Stores a key with its command and the password box, as a user would; resolves once MintDoc says it is saved. */
async function storeKey(page, command, key, saved) {
  await runCommand(page, command);
  const box = await page
    .locator('.quick-input-widget input[type="password"]')
    .waitFor({ state: 'visible', timeout: 90_000 })
    .then(() => true, () => false);
  if (!box) {
    const notes = await page.locator('.notifications-toasts').innerText({ timeout: 5_000 }).catch(() => '');
    return `"${command}" showed no password box; the quick input: ${await quickInputText(page)}; notifications: ${notes.replace(/\s+/g, ' ').slice(0, 200)}`;
  }
  await page.keyboard.type(key);
  await page.keyboard.press('Enter');
  const toast = page.locator('.notifications-toasts', { hasText: saved });
  return (await toast.waitFor({ state: 'visible', timeout: 60_000 }).then(() => true, () => false)) ? undefined : `no "${saved}" notification`;
}

/** The assistant's chat page (opened in an editor tab only, so it is the one webview): VS Code's webview frame holding the page's own frame. */
const assistantChat = page => page.frameLocator('iframe.webview.ready').first().frameLocator('iframe#active-frame');

/** Asks the assistant panel a question with the keyboard (typed in its box, Enter). */
async function askAssistant(page, question) {
  const input = assistantChat(page).locator('textarea.input');
  await input.waitFor({ state: 'visible', timeout: 60_000 });
  await input.click();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}

/** The Feedback view's pane in the MintDoc side bar. */
const feedbackPane = page => page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^Feedback/ }) }).first();

/** Whether the Feedback view comes to show a row whose text matches `pattern` (a load finished: rows or its error row). */
function feedbackShows(page, pattern, TIMEOUT_MS) {
  return page
    .waitForFunction(
      source => {
        const header = [...document.querySelectorAll('.pane-header')].find(h => /^Feedback/.test(h.textContent ?? ''));
        const rows = header?.closest('.pane')?.querySelectorAll('.pane-body .monaco-list-row') ?? [];
        return [...rows].some(row => new RegExp(source).test(row.textContent ?? ''));
      },
      pattern.source,
      { timeout: TIMEOUT_MS },
    )
    .then(() => true, () => false);
}

const feedbackRowsText = async page => (await feedbackPane(page).locator('.pane-body').innerText().catch(() => '(no Feedback view)')).replace(/\s+/g, ' ').slice(0, 400);

/**
 * The platform views in the browser: the admin key stored with MintDoc: Set Admin API Key (the password
 * input box), the Feedback view loaded from `allowing` (a stand-in answering this page's origin with CORS):
 * its rows are the stand-in's pages (test-results/web-platform.png); the assistant key stored the same way,
 * a question typed in the assistant's editor tab streams its answer with sources (web-assistant.png). Then
 * the base URL moved to `refusing` (`--allow-origin none`): the browser gets no answer it may read, and the
 * view and the assistant say the platform API may not accept requests from a web page, with the desktop as
 * the way out (web-platform-refused.png, web-assistant-refused.png). The stand-ins' logs show what the
 * browser did: a preflight answered 204 from this page's origin, then 403s.
 */
export async function platformChecks({ page, check, log, results: RESULTS, timeoutMs: TIMEOUT_MS }, allowing, refusing) {
  await check('the admin API key stored as a user does (MintDoc: Set Admin API Key, the password box)', () =>
    storeKey(page, 'MintDoc: Set Admin API Key', STAND_IN.adminKey, 'admin API key saved in secret storage'),
  );
  await check('the Feedback view lists the rows of the stand-in, over fetch with its CORS headers', async () => {
    await runCommand(page, 'MintDoc: Focus on Feedback View');
    await feedbackPane(page).waitFor({ state: 'visible', timeout: 60_000 });
    await runCommand(page, 'MintDoc: Refresh Feedback');
    // Grouped by page: the example site's pages, with their counts.
    const listed = await feedbackShows(page, /\/(quickstart|guides|api|sdks|index|introduction)/, TIMEOUT_MS);
    await page.mouse.move(700, 300);
    await page.screenshot({ path: path.join(RESULTS, 'web-platform.png') });
    log('screenshot test-results/web-platform.png');
    if (!listed) return `no feedback rows: ${await feedbackRowsText(page)}`;
    const preflight = /OPTIONS \/\S+ -> 204 \(preflight of GET from (\S+)\)/.exec(allowing.output());
    if (!preflight) return `the stand-in saw no preflight from the page: ${allowing.output().slice(-600)}`;
    log(`the browser's preflight came from ${preflight[1]}; feedback: ${(await feedbackRowsText(page)).slice(0, 160)}`);
    return /GET \/\S*feedback\S* -> 200/.test(allowing.output()) ? undefined : 'the stand-in served no feedback page';
  });
  await check("the assistant answers over the browser's fetch: the stand-in's stream, read with its CORS headers", async () => {
    // The assistant's tab must be the one webview (the preview's panel may still be open); a page typed
    // into by the preview's check is saved first, so closing asks nothing.
    await runCommand(page, 'File: Save All Files');
    await runCommand(page, 'View: Close All Editors');
    const stored = await storeKey(page, 'MintDoc: Set Assistant Key', STAND_IN.assistantKey, 'assistant key saved in secret storage');
    if (stored) return stored;
    await runCommand(page, 'MintDoc: Open Assistant in Editor');
    await askAssistant(page, 'How do I verify webhook signatures?');
    const answer = assistantChat(page).locator('.turn .markdown:not(.streaming):not(.empty)', { hasText: /signature/i }).first();
    const answered = await answer.waitFor({ state: 'visible', timeout: TIMEOUT_MS }).then(() => true, () => false);
    await page.screenshot({ path: path.join(RESULTS, 'web-assistant.png') });
    log('screenshot test-results/web-assistant.png');
    if (!answered) return `no answer: ${(await assistantChat(page).locator('body').innerText().catch(() => '(no chat page)')).slice(0, 300)}`;
    return /POST \/discovery\/v\d\/assistant\/demo\/message -> 200/.test(allowing.output()) ? undefined : 'the stand-in answered no question';
  });
  await check('the API refusing web pages: the view says so and names the desktop', async () => {
    await setSetting(page, 'mintdoc.api.baseUrl', 'Base Url', refusing.url, { remote: true, results: RESULTS });
    // The view starts over when the base URL changes and reloads, as it was asked to load before.
    const said = await feedbackShows(page, /may not accept requests from a web page/, TIMEOUT_MS);
    // The row is cut to the side bar's width: its tooltip, hovered, shows the whole message in the screenshot.
    await feedbackPane(page).locator('.monaco-list-row', { hasText: 'Could not reach' }).first().hover().catch(() => undefined);
    await page
      .locator('.monaco-hover, .workbench-hover', { hasText: 'use VS Code on the desktop' })
      .first()
      .waitFor({ state: 'visible', timeout: 90_000 })
      .catch(() => log('(the error row showed no tooltip)'));
    await page.screenshot({ path: path.join(RESULTS, 'web-platform-refused.png') });
    log('screenshot test-results/web-platform-refused.png');
    if (!said) return `the view does not say so: ${await feedbackRowsText(page)}`;
    const text = await feedbackRowsText(page);
    if (!/use VS Code on the desktop/.test(text)) return `the row does not name the desktop: ${text}`;
    if (text.includes(STAND_IN.adminKey)) return 'the key is shown';
    return /-> 403 \(a web page of \S+: not an allowed origin\)/.test(refusing.output())
      ? undefined
      : `the refusing stand-in did not see the page's request: ${refusing.output().slice(-600)}`;
  });
  await check('the assistant refused as a web page: its error card says so (not "Offline")', async () => {
    await runCommand(page, 'MintDoc: Open Assistant in Editor');
    await askAssistant(page, 'How do I paginate?');
    const card = assistantChat(page).locator('.error-card.kind-webPage', { hasText: 'may not accept requests from a web page' }).first();
    const shown = await card.waitFor({ state: 'visible', timeout: TIMEOUT_MS }).then(() => true, () => false);
    await page.screenshot({ path: path.join(RESULTS, 'web-assistant-refused.png') });
    log('screenshot test-results/web-assistant-refused.png');
    if (!shown) return `no such card: ${(await assistantChat(page).locator('body').innerText().catch(() => '(no chat page)')).slice(-400)}`;
    const title = await card.locator('.error-title').innerText();
    return title === 'No answer to this web page' ? undefined : `its title is ${title}`;
  });
}

