import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { isOffByDefault, rules, type RuleId } from '../rules';
import { matchesGlobs, ruleSettings, type RuleMap, type RuleSetting, type TeamConfig } from './teamConfig';
import { appendAll } from '../arrays';

/**
 * How a finding's severity is decided: the rule's default, then `rules` of mintdoc.json, then each
 * override whose `files` match (later ones win), then the settings of one run (`--rule`). Within one
 * map an exact code beats a family prefix, and a longer prefix a shorter one.
 */
export function ruleSettingFor(config: TeamConfig, relativePath: string | undefined, code: string, extra?: RuleMap): RuleSetting {
	return (
		configuredSetting(config, relativePath, code, extra) ??
		(isOffByDefault(code) ? 'off' : settingOf(Object.hasOwn(rules, code) ? rules[code as RuleId].severity : DiagnosticSeverity.Warning))
	);
}

/** The setting the team chose for a rule in this file, if any (undefined: the rule's default). */
function configuredSetting(config: TeamConfig, relativePath: string | undefined, code: string, extra?: RuleMap): RuleSetting | undefined {
	let setting = lookup(config.rules, code);
	for (const override of config.overrides) if (matchesGlobs(override.files, relativePath)) setting = lookup(override.rules, code) ?? setting;
	if (extra) setting = lookup(extra, code) ?? setting;
	return setting;
}

function lookup(map: RuleMap, code: string): RuleSetting | undefined {
	const exact = map.get(code);
	if (exact) return exact;
	let best: { length: number; setting: RuleSetting } | undefined;
	for (const [key, setting] of map) {
		if (!key.endsWith('*')) continue;
		const prefix = key.slice(0, -1);
		if (code.startsWith(prefix) && (!best || prefix.length > best.length)) best = { length: prefix.length, setting };
	}
	return best?.setting;
}

/**
 * Whether a rule may show in some file of the site: its setting outside any override, or in one of
 * the overrides, is not `off`. A rule no file can show is not worth running (its findings would all be dropped).
 */
export function mayShowRule(config: TeamConfig, code: string, extra?: RuleMap): boolean {
	if (ruleSettingFor(config, undefined, code, extra) !== 'off') return true;
	const forced = extra && lookup(extra, code);
	if (forced) return forced !== 'off';
	return config.overrides.some(override => {
		const setting = lookup(override.rules, code);
		return setting !== undefined && setting !== 'off';
	});
}

/** Whether `ignore` leaves out every finding of this file (the page still exists for links and navigation). */
export function isIgnoredFile(config: TeamConfig, relativePath: string | undefined): boolean {
	return matchesGlobs(config.ignore, relativePath);
}

/** A file's findings as the team configured them: ignored files have none, `off` rules are dropped, severities replaced. */
export function applyTeamConfig(
	config: TeamConfig,
	relativePath: string | undefined,
	diagnostics: readonly Diagnostic[],
	extra?: RuleMap,
	/** Receives what was left out (SARIF lists it as suppressed). */
	dropped?: Diagnostic[],
): Diagnostic[] {
	if (diagnostics.length === 0) return [];
	if (isIgnoredFile(config, relativePath)) {
		if (dropped) appendAll(dropped, diagnostics);
		return [];
	}
	const kept: Diagnostic[] = [];
	for (const diagnostic of diagnostics) {
		// Findings without a code (none today) are not the team's to tune.
		if (typeof diagnostic.code !== 'string') {
			kept.push(diagnostic);
			continue;
		}
		const setting = configuredSetting(config, relativePath, diagnostic.code, extra);
		if (setting === 'off') {
			dropped?.push(diagnostic);
			continue;
		}
		// A rule nobody turned on was never asked for: not a suppression SARIF should list.
		if (setting === undefined && isOffByDefault(diagnostic.code)) continue;
		// A rule left at its default keeps what the check chose (some rules lower a finding where the platform accepts it).
		const severity = setting === undefined ? diagnostic.severity : severityOf(setting);
		kept.push(diagnostic.severity !== severity ? { ...diagnostic, severity } : diagnostic);
	}
	return kept;
}

/** The effective setting of every rule for one file (`mintdoc check --print-config`). */
export function effectiveRules(config: TeamConfig, relativePath: string | undefined, extra?: RuleMap): Record<string, RuleSetting> {
	const result: Record<string, RuleSetting> = {};
	for (const code of Object.keys(rules).sort()) result[code] = ruleSettingFor(config, relativePath, code, extra);
	return result;
}

const severities: Readonly<Record<RuleSetting, DiagnosticSeverity | undefined>> = {
	off: undefined,
	hint: DiagnosticSeverity.Hint,
	info: DiagnosticSeverity.Information,
	warn: DiagnosticSeverity.Warning,
	error: DiagnosticSeverity.Error,
};

export function severityOf(setting: Exclude<RuleSetting, 'off'>): DiagnosticSeverity {
	return severities[setting] ?? DiagnosticSeverity.Warning;
}

export function settingOf(severity: DiagnosticSeverity): RuleSetting {
	return ruleSettings.find(s => severities[s] === severity) ?? 'warn';
}

/** Parses `code=severity` (`--rule`); undefined when the code or the setting is not one MintDoc knows. */
export function parseRuleOption(text: string): { readonly code: string; readonly setting: RuleSetting } | undefined {
	const at = text.lastIndexOf('=');
	if (at <= 0) return undefined;
	const code = text.slice(0, at).trim();
	const setting = ruleSettings.find(s => s === text.slice(at + 1).trim());
	return setting ? { code, setting } : undefined;
}
