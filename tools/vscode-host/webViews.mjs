// The web layer's checks of MintDoc's preview and Site view in the browser entry (run by run-web.mjs):
// the preview opened from the command palette renders a page in its webview under the strict CSP and
// follows typing; the Site view lists the sites' navigation. Screenshots in test-results/.
import fs from 'node:fs';
import path from 'node:path';

/** The page previewed, its title (the rendered page's heading) and a heading typed at its end. */
const PREVIEWED = 'features/guides/setup.mdx';
const PREVIEWED_TITLE = 'Set up the SDK';
const TYPED_HEADING = 'Typed in the browser';

/**
 * The preview's page inside the webview: VS Code's webview element (an iframe from the webview
 * origin) holds the document MintDoc set (`#active-frame`), whose `#mp-root` holds the page.
 */
const previewRoot = page => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame').locator('#mp-root');

/** Runs a command from the palette (F1) by its title. */
export async function runCommand(page, title) {
  // Focus out of any webview first (after a click in the preview, F1 goes to its frame, not to the workbench);
  // and F1 again if the palette did not open (a busy machine may drop the first one while focus moves).
  const palette = page.locator('.quick-input-widget input');
  for (let attempt = 0; ; attempt++) {
    await page.evaluate(() => (document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined));
    await page.keyboard.press('F1');
    const opened = await palette.waitFor({ state: 'visible', timeout: 15_000 }).then(() => true, () => false);
    if (opened) break;
    if (attempt === 2) throw new Error(`the command palette did not open for "${title}"`);
  }
  await page.keyboard.type(title);
  // Enter runs the highlighted row, so the row must be the command's and highlighted (the first row may be
  // a recently used command the words also match).
  const row = page.locator('.quick-input-list .monaco-list-row.focused', { hasText: title }).first();
  await row.waitFor({ state: 'visible', timeout: 90_000 }).catch(async () => {
    throw new Error(`"${title}" was never the palette's highlighted row: ${await quickInputText(page)}`);
  });
  await page.keyboard.press('Enter');
  // The palette is done once it is hidden or shows something else in its place: a command that asks (an input
  // box, a password box, a pick) reuses the same widget, often before the hidden state could be seen.
  await page
    .waitForFunction(
      typed => {
        const widget = document.querySelector('.quick-input-widget');
        const input = widget?.querySelector('input');
        return !widget || getComputedStyle(widget).display === 'none' || !input || !input.value.includes(typed);
      },
      title,
      { timeout: 90_000 },
    )
    .catch(async () => {
      throw new Error(`the palette stayed open after "${title}": ${await quickInputText(page)}`);
    });
}

/** What the quick input shows (its title, prompt, message and rows), for a failure's message. */
export async function quickInputText(page) {
  const shown = await page.locator('.quick-input-widget').first().innerText({ timeout: 5_000 }).catch(() => '(no quick input)');
  return shown.replace(/\s+/g, ' ').slice(0, 300);
}

/** Resolves true once `locator` is attached and visible, false after `timeout`. */
const appears = (locator, timeout) => locator.waitFor({ state: 'visible', timeout }).then(() => true, () => false);

/**
 * "MintDoc: Open Preview to the Side" on a page: its title appears in the webview, the webview's CSP
 * refuses nothing (Chromium reports each refusal on the console of the frame), and a heading typed
 * in the page appears in the preview without a save. test-results/web-preview.png.
 */
export async function previewChecks({ page, check, openFile, results, log, timeoutMs }) {
  const refused = [];
  const onConsole = message => /Content Security Policy/i.test(message.text()) && refused.push(message.text());
  page.on('console', onConsole);
  try {
    await check(`Open Preview to the Side: ${PREVIEWED} rendered in the webview`, async () => {
      await openFile(page, PREVIEWED);
      await runCommand(page, 'MintDoc: Open Preview to the Side');
      // The page's own heading (the sidebar, folded at this width, names the page too).
      const title = previewRoot(page).locator('h1', { hasText: PREVIEWED_TITLE }).first();
      if (await appears(title, timeoutMs)) return undefined;
      const shown = await previewRoot(page).innerText({ timeout: 5_000 }).catch(() => '(no preview document)');
      return `"${PREVIEWED_TITLE}" never appeared in the preview: ${shown.slice(0, 200)}`;
    });
    // The preview opened beside it without taking the focus: typing goes to the page, the preview follows unsaved.
    await check('a heading typed in the page appears in the preview', async () => {
      await page.locator('.editor-instance .monaco-editor.focused').waitFor({ state: 'visible', timeout: 90_000 });
      await page.keyboard.press('Control+End');
      await page.keyboard.type(`\n## ${TYPED_HEADING}\n`);
      const heading = previewRoot(page).locator('h2', { hasText: TYPED_HEADING }).first();
      const updated = await appears(heading, timeoutMs);
      await page.screenshot({ path: path.join(results, 'web-preview.png') });
      log('screenshot test-results/web-preview.png');
      return updated ? undefined : 'the preview never showed the heading typed';
    });
    await check("the preview webview's Content-Security-Policy refused nothing", async () =>
      refused.length ? `${refused.length} refused: ${refused[0]}` : undefined,
    );
  } finally {
    page.off('console', onConsole);
    // The page back as it was on disk (the heading typed is not saved), the preview left open.
    await page.locator('.tab', { hasText: path.basename(PREVIEWED) }).first().click().catch(() => undefined);
    await runCommand(page, 'File: Revert File').catch(() => undefined);
  }
}

/**
 * The MintDoc Site view: the features site by name, and its navigation opened down to a page and a
 * nested group (tab Guides, group Start). test-results/web-site-view.png.
 */
export async function siteViewChecks({ page, check, results, log, timeoutMs }) {
  const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: 'Site' }) }).first();
  const row = label => view.locator('.monaco-list-row', { hasText: label }).first();
  await check('the Site view lists the sites, their groups and pages', async () => {
    await runCommand(page, 'MintDoc: Focus on Site View');
    await collapseOtherPanes(page, 'Site');
    const listed = await siteRows(view, row, timeoutMs);
    await page.screenshot({ path: path.join(results, 'web-site-view.png') });
    log('screenshot test-results/web-site-view.png');
    return listed;
  });
}

/**
 * Collapses every open pane of the side bar but `title`'s: the MintDoc container also holds the
 * platform's views (Feedback, Update Status), which would leave the Site view a few rows high.
 */
async function collapseOtherPanes(page, title) {
  const open = page.locator('.sidebar .pane-header[aria-expanded="true"]');
  // Their titles first: each click changes which headers are open. The click is on the title, clear of the header's actions.
  const titles = (await open.locator('.title').allInnerTexts()).map(t => t.trim()).filter(t => t && !t.toLowerCase().startsWith(title.toLowerCase()));
  for (const other of titles) await open.filter({ hasText: other }).locator('.title').first().click();
}

/** Opens the features site's tab and group (the top level is open) and finds its pages; why not, if not. */
async function siteRows(view, row, timeoutMs) {
  if (!(await appears(row('Features'), timeoutMs))) return `no row for the site "Features": ${await view.innerText().catch(() => '(no view)')}`;
  for (const label of ['Guides', 'Start']) {
    if (!(await appears(row(label), 30_000))) return `no row "${label}": ${await view.innerText()}`;
    // Selected, then opened with the arrow key, as a keyboard user would (a click toggles, and may come twice).
    await row(label).click();
    if ((await row(label).getAttribute('aria-expanded')) === 'false') await view.page().keyboard.press('ArrowRight');
  }
  // A page's row is its path in the navigation; beside it the nested group.
  for (const label of ['guides/setup', 'Advanced']) if (!(await appears(row(label), 30_000))) return `no row "${label}" under Start: ${await view.innerText()}`;
  return undefined;
}

/**
 * A third site, the API fixture (its spec named in docs.json: a page's `openapi` resolves only in
 * those), written after the checks of run-web.mjs (it would change what they count), with a page
 * documenting GET /pets and the spec's server on 127.0.0.1 (nothing is sent anyway).
 */
const API_PAGE = 'pets/list.mdx';
function writeApiSite(repo, workspaceDir) {
  const site = path.join(workspaceDir, 'pets');
  fs.cpSync(path.join(repo, 'test/fixtures/sites/api'), site, { recursive: true });
  const spec = path.join(site, 'api/pets.yaml');
  fs.writeFileSync(spec, fs.readFileSync(spec, 'utf8').replace('https://api.pets.example.com', 'http://127.0.0.1:9'));
  fs.writeFileSync(path.join(workspaceDir, API_PAGE), '---\ntitle: List pets\ndescription: Every pet.\nopenapi: "GET /pets"\n---\n');
}

/**
 * The API playground's Send in the browser: nothing is sent, and the panel says at once that Send
 * works from the desktop (client/src/preview/browserPreview.ts). test-results/web-playground.png.
 */
export async function playgroundCheck({ page, check, openFile, results, log, timeoutMs, workspaceDir, repo }) {
  await check("the API playground's Send says in the panel that it sends from the desktop only", async () => {
    writeApiSite(repo, workspaceDir);
    // The server finds the new site (the status item names three); the preview then follows the editor to the page.
    if (!(await appears(page.locator('.statusbar .statusbar-item', { hasText: '(+2)' }).first(), timeoutMs))) return `the server never found the third site: the status item says ${JSON.stringify(await page.locator('.statusbar .statusbar-item', { hasText: 'MintDoc' }).first().innerText().catch(() => '(none)'))}`;
    await openFile(page, API_PAGE);
    const send = previewRoot(page).locator('[data-pg-send]').first();
    if (!(await appears(send, timeoutMs))) return `no Send button in the preview: ${(await previewRoot(page).innerText({ timeout: 5_000 }).catch(() => '?')).slice(0, 200)}`;
    await send.click();
    const said = previewRoot(page).locator('[data-pg-response-body]', { hasText: 'Not sent: in the browser' }).first();
    const answered = await appears(said, 60_000);
    await previewRoot(page).locator('[data-pg-response]').first().scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => undefined);
    await page.screenshot({ path: path.join(results, 'web-playground.png') });
    log('screenshot test-results/web-playground.png');
    if (answered) return undefined;
    return `the response says: ${await previewRoot(page).locator('[data-pg-response-body]').first().innerText({ timeout: 5_000 }).catch(() => '(nothing)')}`;
  });
}

/** What the Problems panel lists (files, then each finding with its source and place): which findings a wrong count comes from. */
export async function problemRows(page) {
  await runCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)').catch(() => undefined);
  const rows = await page
    .locator('.markers-panel .monaco-list-row')
    .allInnerTexts()
    .catch(() => []);
  return `Problems lists ${rows.length} rows: ${rows.map(r => r.replace(/\s+/g, ' ')).join(' | ').slice(0, 1500)}`;
}
