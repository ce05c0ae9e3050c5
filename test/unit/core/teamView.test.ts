import * as assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Diagnostic } from 'vscode-languageserver-types';
import { noCancellation } from '../../../server/src/core/cancellation';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { mayShowRule } from '../../../server/src/core/config/ruleResolution';
import { emptyTeamConfig, parseTeamConfig } from '../../../server/src/core/config/teamConfig';
import { TeamView } from '../../../server/src/core/config/teamView';
import { createLanguageService, type LanguageServiceOptions } from '../../../server/src/core/languageService';
import { ShownFindings } from '../../../server/src/core/site/shownFindings';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

const docsJson = JSON.stringify({ name: 'Acme', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { pages: ['index', 'guide'] } });

/** What a file shows, as `line:code:severity` (1 error, 2 warning, 3 info, 4 hint). */
function shown(diagnostics: readonly Diagnostic[]): string[] {
	return diagnostics.map(d => `${d.range.start.line}:${String(d.code)}:${d.severity}`).sort();
}

function serviceOver(files: Record<string, string>, options: Partial<LanguageServiceOptions> = {}) {
	const workspace = new InMemoryWorkspace({ 'docs.json': docsJson, ...files });
	const service = createLanguageService({ workspace, changesReported: true, ...options });
	return { workspace, service };
}

describe("the team's view: checks answer findings as mintdoc.json, disable comments and the switches say", () => {
	const guide = [
		'---',
		'title: Guide',
		'description: How to use it.',
		'---',
		'',
		'[gone](/missing)',
		'',
		'{/* mintdoc-disable-next-line link-broken */}',
		'[also gone](/nowhere)',
		'',
		'![](/logo.png)',
		'',
	].join('\n');
	const index = '---\ntitle: Home\ndescription: The start.\n---\n\n# Home\n';

	it('checkPage applies mintdoc.json (a severity, an override) and the page comments; the a11y switch re-shows without a check', async () => {
		const { service } = serviceOver({
			'index.mdx': index,
			'guide.mdx': guide,
			'mintdoc.json': JSON.stringify({ rules: { 'link-broken': 'warn' } }),
			'logo.png': 'x',
		});
		await service.findDocsRoots(noCancellation);
		const uri = workspaceUri('guide.mdx');
		assert.deepEqual(shown(await service.checkPage(uri, noCancellation)), ['10:a11y-missing-alt:2', '5:link-broken:2']);
		// The switch: every held file is shown again, nothing is checked.
		const again = await service.setTeamSwitches({ a11y: false });
		assert.deepEqual(
			again.filter(f => f.uri === uri).map(f => shown(f.diagnostics)),
			[['5:link-broken:2']],
		);
		assert.deepEqual(await service.setTeamSwitches({ a11y: false }), [], 'an unchanged switch shows nothing again');
		assert.deepEqual(shown(await service.checkPage(uri, noCancellation)), ['5:link-broken:2']);
	});

	it('a comment silences a finding held beside the checks, and is unused again once that finding is gone', async () => {
		const page = '---\ntitle: Guide\ndescription: x\n---\n\n{/* mintdoc-disable-next-line link-external-broken */}\n[site](https://example.com/gone)\n';
		const { service } = serviceOver({ 'index.mdx': index, 'guide.mdx': page });
		await service.findDocsRoots(noCancellation);
		const uri = workspaceUri('guide.mdx');
		assert.deepEqual(shown(await service.checkPage(uri, noCancellation)), ['5:unused-disable-directive:2'], 'nothing to silence yet');
		const external: Diagnostic = {
			range: { start: { line: 6, character: 0 }, end: { line: 6, character: 32 } },
			message: 'gone',
			severity: 1,
			code: 'link-external-broken',
			source: 'mintdoc',
		};
		const changed = await service.setBesideFindings('external', undefined, new Map([[uri, [external]]]));
		assert.deepEqual(
			changed.map(f => [f.uri, shown(f.diagnostics)]),
			[[uri, []]],
			'judged with the check findings: silenced, and the comment used',
		);
		assert.deepEqual(shown(await service.checkPage(uri, noCancellation)), [], 'a new check of the page keeps what is held beside');
		const cleared = await service.setBesideFindings('external', undefined, new Map());
		assert.deepEqual(
			cleared.map(f => [f.uri, shown(f.diagnostics)]),
			[[uri, ['5:unused-disable-directive:2']]],
		);
	});

	it('a mintdoc.json change comes in by the doors: showAllFindings shows every page as it says, checkSite reports on it', async () => {
		const { workspace, service } = serviceOver({ 'index.mdx': index, 'guide.mdx': guide, 'logo.png': 'x' });
		const root = (await service.findDocsRoots(noCancellation))[0];
		const uri = workspaceUri('guide.mdx');
		assert.deepEqual(shown(await service.checkPage(uri, noCancellation)), ['10:a11y-missing-alt:2', '5:link-broken:1']);
		workspace.write(
			'mintdoc.json',
			'{"rules": {"link-broken": "off", "no-such-rule": "warn"}, "overrides": [{"files": ["guide.mdx"], "rules": {"a11y-*": "info"}}]}',
		);
		assert.deepEqual(await service.didChangeFiles([{ uri: workspaceUri('mintdoc.json'), type: 'created' }]), [root], 'every site is affected');
		const all = await service.showAllFindings();
		assert.deepEqual(
			all.filter(f => f.uri === uri).map(f => shown(f.diagnostics)),
			// link-broken off: the comment that silenced it is unused now.
			[['10:a11y-missing-alt:3', '7:unused-disable-directive:2']],
		);
		const site = await service.checkSite(root, noCancellation);
		const teamFile = site.find(f => f.uri === workspaceUri('mintdoc.json'));
		assert.deepEqual(teamFile && shown(teamFile.diagnostics), ['0:mintdoc-json-unknown-rule:1']);
		assert.equal(await service.teamConfigUri(root), workspaceUri('mintdoc.json'));
	});

	it('keeps what the team silenced, by kind, only when asked (SARIF)', async () => {
		const files = { 'index.mdx': index, 'guide.mdx': guide, 'logo.png': 'x', 'mintdoc.json': '{"rules": {"a11y-missing-alt": "off"}}' };
		const kept = serviceOver(files, { teamSwitches: { keepSuppressed: true } }).service;
		const root = (await kept.findDocsRoots(noCancellation))[0];
		const pages: { uri: string; suppressed?: readonly { kind: string; diagnostic: Diagnostic }[] }[] = [];
		await kept.checkPages(root, noCancellation, page => pages.push(page));
		const guidePage = pages.find(p => p.uri === workspaceUri('guide.mdx'));
		assert.deepEqual(guidePage?.suppressed?.map(s => `${s.kind}:${String(s.diagnostic.code)}`).sort(), ['external:a11y-missing-alt', 'inSource:link-broken']);
		const plain = serviceOver(files).service;
		const plainPages: { uri: string; suppressed?: unknown }[] = [];
		await plain.checkPages((await plain.findDocsRoots(noCancellation))[0], noCancellation, page => plainPages.push(page));
		assert.ok(plainPages.every(p => p.suppressed === undefined));
	});

	it('a rule off by default runs only when some file can show it (mintdoc.json, an override, --rule)', () => {
		const config = (text: string) => parseTeamConfig(TextDocument.create('file:///ws/mintdoc.json', 'json', 0, text));
		const code = 'page-description-length';
		assert.equal(mayShowRule(emptyTeamConfig, code), false);
		assert.equal(mayShowRule(emptyTeamConfig, 'page-description-missing'), true);
		assert.equal(mayShowRule(config(`{"rules": {"${code}": "warn"}}`), code), true);
		assert.equal(mayShowRule(config(`{"overrides": [{"files": ["guides/**"], "rules": {"page-*": "info"}}]}`), code), true);
		assert.equal(mayShowRule(config(`{"rules": {"${code}": "warn"}}`), code, new Map([['page-*', 'off']])), false, '--rule wins');
		assert.equal(mayShowRule(emptyTeamConfig, code, new Map([[code, 'error']])), true);
		assert.equal(mayShowRule(config('{"rules": {"page-description-missing": "off"}}'), 'page-description-missing'), false);
	});

	it('a report from a check that started before the last one is not kept', async () => {
		const team = new TeamView(async () => undefined);
		const findings = new ShownFindings(team, () => workspaceRoot);
		const uri = workspaceUri('a.mdx');
		const finding = (code: string): Diagnostic => ({
			range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } },
			message: code,
			severity: 1,
			code,
		});
		await findings.checked(uri, [], 5);
		const stale = await findings.checked(uri, [finding('link-broken')], 3);
		assert.deepEqual(shown(stale.diagnostics), [], 'the newer (clean) check wins');
		assert.deepEqual(shown((await findings.checked(uri, [finding('mdx-syntax')], 6)).diagnostics), ['1:mdx-syntax:1']);
		assert.deepEqual(shown((await findings.show(uri)).diagnostics), ['1:mdx-syntax:1']);
	});

	it('holds one copy of a message many pages repeat', async () => {
		// A versioned site repeats its findings release after release (crewAI: 329 copies of one redirect message).
		const message = (i: number) =>
			[`'/guides/page-${i}' is a redirect to '/v2/guides/page-${i}': readers take one hop more.`, ' Link to the destination.'].join('');
		const hold = async (messageOf: (page: number) => string) => {
			const findings = new ShownFindings(new TeamView(async () => undefined), () => workspaceRoot);
			const range = { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } };
			const before = liveHeap();
			for (let page = 0; page < 20_000; page++)
				await findings.checked(workspaceUri(`v${page}/a.mdx`), [{ range, message: messageOf(page), severity: 2, code: 'link-redirected' }], 1);
			const used = liveHeap() - before;
			assert.ok(findings);
			return used;
		};
		const distinct = await hold(page => message(page));
		// Equal texts, each made anew (as each page's check makes its message).
		const repeated = await hold(page => message(page % 10));
		assert.ok(distinct - repeated > 2 * 2 ** 20, `20,000 distinct messages held ${distinct} bytes, the same 10 repeated ${repeated}`);
	});
});

/** The live heap in bytes after a full collection (gc exposed at run time, taken from a fresh context). */
function liveHeap(): number {
	setFlagsFromString('--expose-gc');
	(runInNewContext('gc') as () => void)();
	return process.memoryUsage().heapUsed;
}
