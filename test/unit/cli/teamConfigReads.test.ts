import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { applyTeamConfigs } from '../../../server/src/cli/teamConfigFiles';

/*
 * The disable comments are read from the pages after the check: a page the check read and found no
 * `mintdoc-` in is not read again (crewAI: 24,803 files read a second time, ~1.5 s of one thread).
 */
describe('disable comments: which pages are read again', () => {
	let folder: string;
	before(() => (folder = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-directives-'))));
	after(() => rmSync(folder, { recursive: true, force: true }));

	it('reads the pages not known to be without comments, and only those', async () => {
		const page = path.join(folder, 'page.mdx');
		writeFileSync(page, '# Page\n\n{/* mintdoc-disable-next-line link-broken */}\n[x](/nowhere)\n');
		const uri = URI.file(page).toString();
		const root = URI.file(folder).toString();
		const range = { start: { line: 3, character: 4 }, end: { line: 3, character: 12 } };
		const results = [{ uri, diagnostics: [{ range, message: 'broken', severity: 1 as const, code: 'link-broken', source: 'mintdoc' }] }];
		const codes = async (without?: ReadonlySet<string>) =>
			(await applyTeamConfigs(results, [root], new Map(), undefined, undefined, without)).flatMap(r => r.diagnostics.map(d => d.code));
		// Read: the comment silences the finding.
		assert.deepEqual(await codes(), []);
		assert.deepEqual(await codes(new Set(['file:///elsewhere.mdx'])), []);
		// Known to hold no comment (the check read it so): not read, the finding stays.
		assert.deepEqual(await codes(new Set([uri])), ['link-broken']);
	});
});
