// The harness's legacy mode (`npm run conformance -- --legacy <folder with mint.json>...`): on each
// legacy site, MintDoc's upgrade against the platform's own converter (same navigation, same values
// for every mapped key), the platform's docs.json validator on MintDoc's result, `mintdoc check` on
// the legacy site itself, and the usual comparison (false alarms, misses) on a copy upgraded by MintDoc.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Comparison, MintdocFinding, OfficialFinding } from './compare';
import { compareUpgrades, type UpgradeComparison } from './upgradeCompare';

const cli = path.join(__dirname, '..', 'dist', 'cli.js');

export interface LegacyResult {
	readonly root: string;
	/** The platform's v1 validator accepts mint.json (else it converts nothing, and neither does MintDoc). */
	readonly mintValid: boolean;
	/** `mintdoc upgrade --dry-run`'s exit status. */
	readonly upgradeExit: number;
	readonly comparison?: UpgradeComparison;
	/** The platform's docs.json validator on MintDoc's docs.json, and on its own. */
	readonly oursAccepted?: boolean;
	readonly theirsAccepted?: boolean;
	readonly validatorIssues: string[];
	/** `mintdoc check` on the legacy site as it is: exit status and counts. */
	readonly legacyCheck: { readonly exit: number; readonly errors: number; readonly warnings: number };
	/** The usual comparison, on a copy of the site upgraded by MintDoc. */
	readonly upgraded?: { readonly ourErrors: number; readonly officialErrors: number; readonly officialWarnings: number; readonly comparison: Comparison };
}

export interface LegacyTools {
	readonly legacyUpgrade: string;
	readonly runMintdoc: (root: string) => MintdocFinding[];
	readonly runOfficial: (root: string) => { findings: OfficialFinding[] };
	readonly compareSite: (root: string, ours: readonly MintdocFinding[], theirs: readonly OfficialFinding[]) => Comparison;
}

function node(args: string[], cwd?: string): { status: number; stdout: string; stderr: string } {
	const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
	return { status: run.status ?? 2, stdout: run.stdout, stderr: run.stderr };
}

export function runLegacySite(root: string, tools: LegacyTools, log: (line: string) => void): LegacyResult {
	const official = JSON.parse(node([tools.legacyUpgrade, root]).stdout) as { valid: boolean; docs?: Record<string, never>; verdict?: { success: boolean } };
	const ours = node([cli, 'upgrade', root, '--dry-run']);
	const check = node([cli, 'check', root, '--format', 'json', '--no-cache']);
	const found = check.status <= 1 ? (JSON.parse(check.stdout) as MintdocFinding[]) : [];
	const legacyCheck = {
		exit: check.status,
		errors: found.filter(f => f.severity === 'error').length,
		warnings: found.filter(f => f.severity === 'warning').length,
	};
	const base = { root, mintValid: official.valid, upgradeExit: ours.status, legacyCheck, validatorIssues: [] as string[] };
	if (!official.valid || ours.status !== 0 || !official.docs) return base;
	const docs = JSON.parse(ours.stdout) as Record<string, never>;
	const comparison = compareUpgrades(docs, official.docs);
	// A copy of the site (hard links) with MintDoc's docs.json written and mint.json gone: the upgraded site.
	const copy = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-legacy-'));
	try {
		const link = spawnSync('cp', ['-al', root + '/.', copy]);
		if (link.status !== 0) throw new Error(`cannot copy ${root}: ${link.stderr}`);
		rmSync(path.join(copy, 'mint.json'));
		writeFileSync(path.join(copy, 'docs.json'), ours.stdout);
		const verdict = JSON.parse(node([tools.legacyUpgrade, '--validate', path.join(copy, 'docs.json')]).stdout) as {
			success: boolean;
			issues: { path: string; message: string }[];
		};
		log(`  upgraded copy: running mintdoc check and the platform's tooling ...`);
		const mine = tools.runMintdoc(copy);
		const theirs = tools.runOfficial(copy).findings;
		const facts = theirs.filter(f => f.severity !== 'info');
		return {
			...base,
			comparison,
			oursAccepted: verdict.success,
			theirsAccepted: official.verdict?.success,
			validatorIssues: verdict.issues.map(i => `${i.path}: ${i.message}`),
			upgraded: {
				ourErrors: mine.filter(f => f.severity === 'error').length,
				officialErrors: facts.filter(f => f.severity === 'error').length,
				officialWarnings: facts.filter(f => f.severity === 'warning').length,
				comparison: tools.compareSite(copy, mine, theirs),
			},
		};
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
}

const yes = (v: boolean | undefined) => (v === undefined ? '—' : v ? 'yes' : 'no');

export function formatLegacyReport(results: readonly LegacyResult[]): string {
	const lines = [
		"| legacy site | mint.json valid | `mintdoc check` (exit, errors / warnings) | pages (MintDoc / platform) | groups, tabs, anchors, versions, languages (MintDoc / platform) | navigation equal | mapped keys equal | platform validator accepts MintDoc's docs.json | upgraded: MintDoc errors | upgraded: platform errors / warnings | false alarms | misses | not judged (the platform's link check crashed) |",
		'|---|---|---|---|---|---|---|---|---|---|---|---|---|',
	];
	for (const r of results) {
		const c = r.comparison;
		const counts = (s: NonNullable<typeof c>['ours']) => [s.groups, s.tabs, s.anchors, s.versions, s.languages].join(', ');
		lines.push(
			`| ${r.root} | ${yes(r.mintValid)} | ${r.legacyCheck.exit}, ${r.legacyCheck.errors} / ${r.legacyCheck.warnings} | ${c ? `${c.ours.pages.length} / ${c.theirs.pages.length}` : '—'} | ${c ? `${counts(c.ours)} / ${counts(c.theirs)}` : '—'} | ${c ? (c.navigationEqual ? (c.navigationIdentical ? 'yes' : 'yes (intended difference)') : 'NO') : '—'} | ${c ? `${c.keysCompared - c.keyDifferences.length}/${c.keysCompared}` : '—'} | ${yes(r.oursAccepted)} | ${r.upgraded?.ourErrors ?? '—'} | ${r.upgraded ? `${r.upgraded.officialErrors} / ${r.upgraded.officialWarnings}` : '—'} | ${r.upgraded?.comparison.falseAlarms.length ?? '—'} | ${r.upgraded?.comparison.misses.length ?? '—'} | ${r.upgraded?.comparison.notJudged?.length ?? '—'} |`,
		);
	}
	for (const r of results) {
		const c = r.comparison;
		if (c && !c.navigationEqual) lines.push('', `Navigation differences on ${r.root}:`, ...c.navigationDifferences.map(d => `  ${d}`));
		if (c?.keyDifferences.length) lines.push('', `Keys with other values on ${r.root}: ${c.keyDifferences.join(', ')}`);
		if (r.validatorIssues.length) lines.push('', `The platform's validator rejects MintDoc's docs.json of ${r.root}:`, ...r.validatorIssues.map(i => `  ${i}`));
		const u = r.upgraded?.comparison;
		for (const f of u?.falseAlarms ?? []) lines.push(`  false alarm on the upgraded ${r.root}: ${f.file}:${f.range.start.line + 1} ${f.code} ${f.message}`);
		for (const f of u?.misses ?? []) lines.push(`  miss on the upgraded ${r.root}: ${f.check} ${f.file ?? ''} ${f.message.slice(0, 160)}`);
	}
	return lines.join('\n');
}

/** Whether the legacy run found anything to fix. */
export const legacyFailed = (results: readonly LegacyResult[]): boolean =>
	results.some(
		r =>
			r.legacyCheck.exit === 2 ||
			(r.mintValid &&
				(r.upgradeExit !== 0 ||
					!r.comparison?.navigationEqual ||
					!!r.comparison.keyDifferences.length ||
					r.oursAccepted === false ||
					!!r.upgraded?.comparison.falseAlarms.length ||
					!!r.upgraded?.comparison.misses.length)),
	);
