// The web layer's checks on a copy of a real site (run-web.mjs --site DIR; not in npm test, CI has no
// corpus): after the Problems counter came to the CLI's counts, a writer's three everyday steps in
// the browser entry, on the site's own pages — a page path completed in docs.json
// (test-results/web-site-completion.png), a page previewed beside its editor
// (test-results/web-site-preview.png), and format on save of a page (the file written is what
// `mintdoc format` makes of the same text).
import fs from 'node:fs';
import path from 'node:path';
import { problemRows, runCommand } from './webViews.mjs';

/** Typed at the end of a page before it is saved. */
const TYPED = 'Some text typed in the browser.';

/** The strings of every `pages` array of a docs.json value, in order. */
function pageEntries(value, found = []) {
  if (Array.isArray(value)) for (const item of value) pageEntries(item, found);
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      if (key === 'pages' && Array.isArray(item)) for (const entry of item) if (typeof entry === 'string') found.push(entry);
      pageEntries(item, found);
    }
  return found;
}

/** The site's pages named in its navigation whose `.mdx` file is in the copy: [entry, relative file]. */
function navigationPages(workspaceDir) {
  let config;
  try {
    config = JSON.parse(fs.readFileSync(path.join(workspaceDir, 'docs.json'), 'utf8'));
  } catch {
    return [];
  }
  return pageEntries(config)
    .map(entry => [entry, `${entry.replace(/^\//, '')}.mdx`])
    .filter(([entry, file]) => !/^[a-z]+:|\s/i.test(entry) && fs.existsSync(path.join(workspaceDir, file)));
}

/** The preview's page inside its webview (VS Code's webview frame, then the document MintDoc set). */
const previewRoot = page => page.frameLocator('iframe.webview.ready').first().frameLocator('#active-frame').locator('#mp-root');

/**
 * `problemsBack()` resolves true once the Problems counter shows the site's counts again (after the
 * completion's text is reverted, the findings it caused are gone).
 */
export async function realSiteEditorChecks({ page, check, openFile, goToLineEnd, formattedByCli, untilFile, problemsBack, results, log, timeoutMs, workspaceDir }) {
  const pages = navigationPages(workspaceDir);
  await check('the site names pages in its navigation (docs.json parsed, their files present)', async () => (pages.length >= 2 ? undefined : `${pages.length} found`));
  if (pages.length < 2) return;
  const [previewed, formatted] = [pages[0], pages[Math.floor(pages.length / 2)]];

  await check(`a page path completed in docs.json after "${previewed[0]}"`, async () => {
    const text = fs.readFileSync(path.join(workspaceDir, 'docs.json'), 'utf8');
    const line = text.slice(0, text.indexOf(`"${previewed[0]}"`)).split('\n').length;
    // An empty entry: the server offers the site's pages not yet in this array (a site has some beside it).
    await openFile(page, 'docs.json');
    await goToLineEnd(page, line);
    // After the entry's comma (or before it, when it is the last one): a new entry of the same array.
    const last = !text.split('\n')[line - 1].trimEnd().endsWith(',');
    await page.keyboard.type(last ? ',\n"' : '\n"');
    await page.keyboard.press('Control+Space');
    const offered = page.locator('.suggest-widget.visible .monaco-list-row').first();
    const shown = await offered.waitFor({ state: 'visible', timeout: 60_000 }).then(() => true, () => false);
    await page.screenshot({ path: path.join(results, 'web-site-completion.png') });
    log('screenshot test-results/web-site-completion.png');
    if (shown) log(`  offered: ${(await offered.innerText()).replace(/\s+/g, ' ').slice(0, 80)}`);
    await page.keyboard.press('Escape');
    // Undone as a writer undoes it, until the editor shows the entry's lines as they were (nothing is saved).
    // Judged by the lines shown, not by a save: on upstash one undo took back the new line and quotes but left the
    // comma, a save of each step crossed the disk check, and the check went on with a trailing comma in the buffer
    // (VS Code's own JSON check and MintDoc's both showed it, rightly).
    const file = path.join(workspaceDir, 'docs.json');
    const before = text.split('\n').slice(line - 2, line + 1).map(l => l.trim());
    let undone = false;
    for (let undo = 0; undo < 12 && !undone; undo++) {
      await page.keyboard.press('Control+Z');
      undone = await page
        .waitForFunction(
          expected => {
            const rows = [...document.querySelectorAll('.editor-instance .view-lines .view-line')]
              .sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top))
              .map(row => (row.textContent ?? '').replace(/\u00a0/g, ' ').trim());
            const at = rows.indexOf(expected[1]);
            return at > 0 && rows[at - 1] === expected[0] && rows[at + 1] === expected[2];
          },
          before,
          { timeout: 3_000 },
        )
        .then(() => true, () => false);
    }
    if (!undone) return `docs.json could not be undone to its text (the editor shows no ${JSON.stringify(before)})`;
    // code-server's workbench may have saved the typing meanwhile: the undone text is saved back (not Ctrl+S:
    // format on save, on in this workspace, would rewrite docs.json in the JSON formatter's layout).
    if (fs.readFileSync(file, 'utf8') !== text) {
      await runCommand(page, 'File: Save without Formatting');
      if ((await untilFile(file, now => now === text, 60_000)) === undefined) return 'docs.json undone in the editor, but its file was not saved back';
    }
    if (!shown) return 'nothing offered';
    if (await problemsBack()) return undefined;
    const label = await page.locator('#status\\.problems').getAttribute('aria-label').catch(() => '?');
    return `docs.json undone, but the Problems counter did not come back to the site's counts: ${label}; ${await problemRows(page)}`;
  });

  await check(`${previewed[1]} previewed beside its editor`, async () => {
    const source = fs.readFileSync(path.join(workspaceDir, previewed[1]), 'utf8');
    const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(source)?.[1];
    await openFile(page, previewed[1]);
    await runCommand(page, 'MintDoc: Open Preview to the Side');
    const heading = title ? previewRoot(page).locator('h1', { hasText: title }).first() : previewRoot(page).locator('h1').first();
    const rendered = await heading.waitFor({ state: 'visible', timeout: timeoutMs }).then(() => true, () => false);
    await page.screenshot({ path: path.join(results, 'web-site-preview.png') });
    log(`screenshot test-results/web-site-preview.png (${previewed[1]}, title ${JSON.stringify(title)})`);
    return rendered ? undefined : `no heading ${JSON.stringify(title)}: ${(await previewRoot(page).innerText({ timeout: 5_000 }).catch(() => '(no preview)')).slice(0, 200)}`;
  });

  await check(`format on save of ${formatted[1]} writes what \`mintdoc format\` writes`, async () => {
    const file = path.join(workspaceDir, formatted[1]);
    const before = fs.readFileSync(file, 'utf8');
    const typed = before.endsWith('\n') ? TYPED : `\n${TYPED}`;
    const expected = formattedByCli(before + typed, file);
    await openFile(page, formatted[1]);
    await page.keyboard.press('Control+End');
    await page.keyboard.type(typed);
    await page.keyboard.press('Control+S');
    const saved = await untilFile(file, text => text.includes(TYPED), 60_000);
    if (saved === undefined) return 'the page was not saved';
    return saved === expected ? undefined : `saved ${JSON.stringify(saved.slice(-200))}, \`mintdoc format\` makes ${JSON.stringify(expected.slice(-200))}`;
  });
}
