import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { MintSchemaValidator } from '../core/legacy/mintSchema';
import { legacyConfigFileName } from '../core/legacy/mintConfig';
import { prepareUpgrade } from '../core/legacy/prepareUpgrade';
import { formatUpgradeReport } from '../core/legacy/upgradeReport';
import { readGuarded, realFolders } from '../node/runtime/guardedRead';
import { UsageError } from './check';
import { writeSiteFile } from '../node/runtime/siteFiles';
import { formatText, summary, toProblems } from './report';
import { displayText } from './terminalText';
import type { UpgradeReport } from '../core/legacy/upgradeReport';

export const upgradeUsage = `  upgrade [dir] [--dry-run] [--force]
                                        Write dir/docs.json (default dir: .) from its legacy mint.json,
                                        and report every decision; mint.json is never modified.
                                        --dry-run prints docs.json on stdout, the report on stderr,
                                        and writes nothing; --force replaces an existing docs.json.
                                        Exit: 0 written, 1 mint.json invalid (its findings on stderr),
                                        2 no mint.json, docs.json exists, or a usage error`;

/** `mintdoc upgrade`: mint.json → docs.json, as the editor's upgrade does, reviewed through the report. */
export async function runUpgrade(args: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: [...args],
			allowPositionals: true,
			options: { 'dry-run': { type: 'boolean', default: false }, force: { type: 'boolean', default: false } },
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage:\n${upgradeUsage}`);
	}
	if (parsed.positionals.length > 1) throw new UsageError(`upgrade takes one folder, not ${parsed.positionals.length}`);
	const dir = path.resolve(parsed.positionals[0] ?? '.');
	const mintFile = path.join(dir, legacyConfigFileName);
	const docsFile = path.join(dir, 'docs.json');
	// Read as the check reads a site's files: a regular file really inside the folder, to the size cap.
	const read = await readGuarded(mintFile, { inside: realFolders([dir]) });
	if (read?.kind !== 'read')
		throw new UsageError(
			`no ${legacyConfigFileName} in '${parsed.positionals[0] ?? '.'}'${!read ? '' : `: ${read.kind === 'oversized' ? 'it is too large' : read.reason === 'outside' ? 'it is a link that leads outside the folder' : 'it is not a regular file'}`}`,
		);
	const text = read.bytes.toString('utf8');
	if (!parsed.values['dry-run'] && !parsed.values.force && (await exists(docsFile)))
		throw new UsageError(
			`'${path.relative(process.cwd(), docsFile) || 'docs.json'}' exists already (the platform reads it and ignores mint.json); pass --force to replace it`,
		);
	const uri = URI.file(mintFile).toString();
	const prepared = await prepareUpgrade(TextDocument.create(uri, 'json', 1, text), new MintSchemaValidator());
	const problems = toProblems([{ uri, diagnostics: prepared.findings }], process.cwd());
	const findings = formatText(problems, summary(problems, 1));
	if (prepared.invalid || prepared.text === undefined || !prepared.upgrade) {
		err.write(`${findings}mintdoc: ${legacyConfigFileName} is invalid: fix the errors above, then upgrade (nothing was written)\n`);
		return 1;
	}
	const report = formatUpgradeReport(displayedReport(prepared.upgrade.report)) + '\n';
	if (prepared.findings.length) err.write(findings);
	if (parsed.values['dry-run']) {
		out.write(prepared.text);
		err.write(report);
		return 0;
	}
	try {
		// Never through a link: a docs.json that is one (even dangling) would write a file outside the site.
		await writeSiteFile(dir, docsFile, prepared.text, { overwrite: true });
	} catch (e) {
		throw new UsageError(`cannot write docs.json: ${e instanceof Error ? e.message : String(e)}`);
	}
	out.write(
		`Wrote ${path.relative(process.cwd(), docsFile) || 'docs.json'} (review it, then delete ${legacyConfigFileName}: the platform ignores it now).\n${report}`,
	);
	return 0;
}

/** The report with every key, value and reason on one line each (keys and group names come from mint.json). */
function displayedReport(report: UpgradeReport): UpgradeReport {
	return {
		mapped: report.mapped.map(m => ({ from: displayText(m.from), to: displayText(m.to) })),
		defaults: report.defaults.map(d => ({ key: displayText(d.key), value: d.value, why: displayText(d.why) })),
		dropped: report.dropped.map(d => ({ key: displayText(d.key), why: displayText(d.why) })),
		navigation: report.navigation.map(displayText),
	};
}

// lstat: a dangling link counts as existing (stat would say it does not, and the write would follow it).
const exists = (file: string) =>
	fs.lstat(file).then(
		() => true,
		() => false,
	);
