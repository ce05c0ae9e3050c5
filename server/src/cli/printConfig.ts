import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { applyTeamConfig, effectiveRules, isIgnoredFile, parseRuleOption } from '../core/config/ruleResolution';
import { emptyTeamConfig, isKnownRuleKey, ruleSettings, type RuleMap, type RuleSetting } from '../core/config/teamConfig';
import { pathInRoot } from '../core/config/teamConfigLookup';
import { rules } from '../core/rules';
import { closestMatch } from '../core/textDistance';
import { loadTeamConfigs, type SuppressedFinding, type TeamConfigChoice } from './teamConfigFiles';
import { relativeFile, toProblems, type CheckProblem } from './report';
import { UsageError } from './usageError';
import { displayText, jsonText } from './terminalText';

/** `--rule code=setting`, each checked like a mintdoc.json entry: a typo is a usage error, never a silent no-op. */
export function parseRuleOptions(values: readonly string[]): RuleMap {
	const map = new Map<string, RuleSetting>();
	for (const value of values) {
		const parsed = parseRuleOption(value);
		if (!parsed) throw new UsageError(`--rule takes code=setting with a setting of ${ruleSettings.join(', ')}, not '${value}'`);
		if (!isKnownRuleKey(parsed.code)) {
			const suggestion = closestMatch(parsed.code.replace(/\*$/, ''), Object.keys(rules));
			throw new UsageError(`--rule: unknown rule '${parsed.code}'${suggestion ? ` (did you mean '${suggestion}'?)` : ''}`);
		}
		map.set(parsed.code, parsed.setting);
	}
	return map;
}

/**
 * `mintdoc check --print-config <file>`: the setting of every rule for that file, from the
 * mintdoc.json of its docs site (the nearest folder above it holding docs.json), as JSON. Findings
 * on the mintdoc.json go to stderr; an error among them exits 1, as in a check.
 */
export async function printConfig(
	file: string,
	choice: TeamConfigChoice,
	cwd: string,
	out: NodeJS.WritableStream,
	err: NodeJS.WritableStream,
): Promise<number> {
	const absolute = path.resolve(cwd, file);
	const root = await docsRootAbove(absolute);
	if (root === undefined) throw new UsageError(`--print-config: no docs.json in a folder at or above '${file}'`);
	const rootUri = URI.file(root).toString();
	const loaded = (await loadTeamConfigs([rootUri], choice, cwd)).get(rootUri);
	const config = loaded?.config ?? emptyTeamConfig;
	const relative = pathInRoot(rootUri, URI.file(absolute).toString());
	const report = {
		file: relative ?? '.',
		docsRoot: relativeFile(rootUri, cwd) || '.',
		config: loaded ? relativeFile(loaded.uri, cwd) : null,
		ignored: isIgnoredFile(config, relative),
		rules: effectiveRules(config, relative, choice.rules),
	};
	out.write(jsonText(JSON.stringify(report, null, 2)) + '\n');
	if (!loaded) return 0;
	const findings = applyTeamConfig(config, pathInRoot(rootUri, loaded.uri), config.findings, choice.rules);
	for (const d of findings) {
		const severity = d.severity === DiagnosticSeverity.Error ? 'error' : d.severity === DiagnosticSeverity.Warning ? 'warning' : 'information';
		err.write(
			`${displayText(relativeFile(loaded.uri, cwd))}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severity} ${displayText(d.message)} [${String(d.code)}]\n`,
		);
	}
	return findings.some(d => d.severity === DiagnosticSeverity.Error) ? 1 : 0;
}

async function docsRootAbove(absolute: string): Promise<string | undefined> {
	const isDirectory = (await fs.stat(absolute).catch(() => undefined))?.isDirectory() ?? false;
	for (let dir = isDirectory ? absolute : path.dirname(absolute); ; dir = path.dirname(dir)) {
		if (await fs.stat(path.join(dir, 'docs.json')).catch(() => undefined)) return dir;
		if (path.dirname(dir) === dir) return undefined;
	}
}

/** Silenced findings as SARIF results' problems, each with how it was silenced. */
export function suppressedProblems(
	suppressed: readonly SuppressedFinding[],
	cwd: string,
): (CheckProblem & { readonly suppression: 'external' | 'inSource' })[] {
	return suppressed.flatMap(s => toProblems([{ uri: s.uri, diagnostics: [s.diagnostic] }], cwd).map(p => ({ ...p, suppression: s.kind })));
}
