import ignore, { type Ignore } from 'ignore';
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { createDiagnostic } from '../diagnostic';
import { rules, type RuleId } from '../rules';
import { closestMatch } from '../textDistance';
import { checkTextIsParsable, isReadWhole } from '../textGuards';

/** The file a team tunes MintDoc with, beside docs.json or in the workspace folder above it. */
export const teamConfigFileName = 'mintdoc.json';

/** What a rule can be set to: `off` drops its findings, the others replace its default severity. */
export const ruleSettings = ['off', 'hint', 'info', 'warn', 'error'] as const;
export type RuleSetting = (typeof ruleSettings)[number];

/** Rule settings keyed by a rule code or a family prefix ending in `*` (`a11y-*`). */
export type RuleMap = ReadonlyMap<string, RuleSetting>;

export interface ConfigOverride {
	/** gitignore-style globs, relative to the docs root. */
	readonly files: readonly string[];
	readonly rules: RuleMap;
}

/** A parsed `mintdoc.json`: what was valid in it, and findings on what was not. */
export interface TeamConfig {
	readonly rules: RuleMap;
	/** Later entries win. */
	readonly overrides: readonly ConfigOverride[];
	/** gitignore-style globs, relative to the docs root: files whose findings are not reported. */
	readonly ignore: readonly string[];
	/** The formatter's part (`format.ignore`), relative to the folder holding mintdoc.json. */
	readonly formatIgnore: readonly string[];
	/** Findings on mintdoc.json itself, at the range of what is wrong. */
	readonly findings: readonly Diagnostic[];
	/** `site.url`: where the site is published (the links of `mintdoc llms`). */
	readonly siteUrl?: string;
	/** Options of rules written ESLint's way, `"code": ["warn", { ... }]` in `rules` (the options object as written). */
	readonly ruleOptions?: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
}

export const emptyTeamConfig: TeamConfig = { rules: new Map(), overrides: [], ignore: [], formatIgnore: [], findings: [] };

const topLevelKeys = ['$schema', 'rules', 'overrides', 'ignore', 'format', 'site'];
const ruleCodes = Object.keys(rules);

/**
 * Reads `mintdoc.json` (JSON with comments and trailing commas allowed). Never throws: what is
 * malformed is reported as a finding at its range and left out, and the rest applies.
 */
export function parseTeamConfig(document: TextDocument): TeamConfig {
	// A file not read (a device, a link leading outside: see textGuards.ts) is its one finding, never "empty".
	const unreadable = !isReadWhole(document) && checkTextIsParsable(document, teamConfigFileName);
	if (unreadable) return { ...emptyTeamConfig, findings: [unreadable] };
	const text = document.getText();
	const findings: Diagnostic[] = [];
	const at = (node: { offset: number; length: number }, message: string, rule: RuleId) =>
		findings.push(createDiagnostic({ start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) }, message, rule));
	const errors: ParseError[] = [];
	const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
	// The first error only: the parser's recovery makes the ones after it echoes of the first.
	if (errors.length) at(errors[0], `mintdoc.json is not valid JSON: ${describeParseError(errors[0])}.`, 'mintdoc-json-syntax');
	if (!root) {
		if (errors.length === 0) at({ offset: 0, length: 0 }, 'mintdoc.json is empty: expected an object.', 'mintdoc-json-syntax');
		return { ...emptyTeamConfig, findings };
	}
	if (root.type !== 'object') {
		at(root, 'mintdoc.json must hold an object ({ "rules": { ... } }).', 'mintdoc-json-shape');
		return { ...emptyTeamConfig, findings };
	}
	let config: Omit<TeamConfig, 'findings'> = emptyTeamConfig;
	for (const [key, value] of properties(root)) {
		if (key.value === 'rules') {
			const options = new Map<string, Record<string, unknown>>();
			config = { ...config, rules: readRules(value, at, options), ...(options.size ? { ruleOptions: options } : {}) };
		} else if (key.value === 'site') config = { ...config, ...readSite(value, at) };
		else if (key.value === 'overrides') config = { ...config, overrides: readOverrides(value, at) };
		else if (key.value === 'ignore') config = { ...config, ignore: readGlobs(value, at, '`ignore`') };
		else if (key.value === 'format') config = { ...config, formatIgnore: readFormat(value, at) };
		else if (key.value !== '$schema') at(key, unknownKeyMessage(String(key.value), topLevelKeys), 'mintdoc-json-unknown-key');
	}
	return { ...config, findings };
}

type Report = (node: Node, message: string, rule: RuleId) => void;

function properties(object: Node): [Node, Node][] {
	const pairs: [Node, Node][] = [];
	for (const property of object.children ?? []) {
		const [key, value] = property.children ?? [];
		// A property the parser could not finish ("rules": <nothing>) has no value: its syntax error is reported already.
		if (key && value) pairs.push([key, value]);
	}
	return pairs;
}

function readRules(node: Node, report: Report, options?: Map<string, Record<string, unknown>>): RuleMap {
	const map = new Map<string, RuleSetting>();
	if (node.type !== 'object') {
		report(node, '`rules` must be an object of rule codes and settings ({ "link-anchor-missing": "off" }).', 'mintdoc-json-shape');
		return map;
	}
	for (const [key, value] of properties(node)) {
		const code = String(key.value);
		if (!isKnownRuleKey(code)) {
			const suggestion = closestMatch(code.replace(/\*$/, ''), ruleCodes);
			report(
				key,
				`Unknown rule '${code}'${suggestion ? `: did you mean '${suggestion}'?` : ' (the codes are listed in docs/diagnostics.md).'}`,
				'mintdoc-json-unknown-rule',
			);
			continue;
		}
		// ESLint's form: ["warn", { options }]; the options go to the rule (only in `rules`: overrides change severities).
		const [settingNode, optionsNode] = value.type === 'array' ? (value.children ?? []) : [value];
		if (value.type === 'array' && optionsNode !== undefined) {
			if (optionsNode.type !== 'object' || !options)
				report(optionsNode, `The options of '${code}' must be an object, in \`rules\` (not in overrides).`, 'mintdoc-json-shape');
			else options.set(code, getNodeValue(optionsNode) as Record<string, unknown>);
		}
		const setting =
			settingNode?.type === 'string'
				? (ruleSettings.find(s => s === settingNode.value) ?? (value.type === 'array' ? settingAliases[String(settingNode.value)] : undefined))
				: undefined;
		if (!setting) {
			const written = settingNode?.type === 'string' ? String(settingNode.value) : undefined;
			const suggestion = written === undefined ? undefined : (settingAliases[written.toLowerCase()] ?? closestMatch(written, ruleSettings));
			report(
				settingNode ?? value,
				`'${code}' must be set to one of ${ruleSettings.map(s => `"${s}"`).join(', ')}${suggestion ? `: did you mean "${suggestion}"?` : '.'}`,
				'mintdoc-json-severity',
			);
			continue;
		}
		map.set(code, setting);
	}
	return map;
}

/** Words other linters use for the same settings (ESLint's "warning", LSP's "information"). */
const settingAliases: Readonly<Record<string, RuleSetting>> = { warning: 'warn', information: 'info', none: 'off', ignore: 'off' };

/** A rule code, or a family prefix (`a11y-*`, `*`) that names at least one. */
export function isKnownRuleKey(key: string): boolean {
	// Own keys only: `__proto__`, `constructor` and `toString` are in every object, and are no rule codes.
	if (Object.hasOwn(rules, key)) return true;
	if (!key.endsWith('*')) return false;
	const prefix = key.slice(0, -1);
	return ruleCodes.some(code => code.startsWith(prefix));
}

/** `site`: `{ "url": "https://example.com/docs" }`, an absolute http(s) URL. */
function readSite(node: Node, report: Report): { siteUrl?: string } {
	if (node.type !== 'object') {
		report(node, '`site` must be an object ({ "url": "https://example.com/docs" }).', 'mintdoc-json-shape');
		return {};
	}
	let siteUrl: string | undefined;
	for (const [key, value] of properties(node)) {
		if (key.value !== 'url') report(key, unknownKeyMessage(String(key.value), ['url']), 'mintdoc-json-unknown-key');
		else if (value.type === 'string' && /^https?:\/\/[^/\s]+[^\s]*$/i.test(String(value.value))) siteUrl = String(value.value);
		else report(value, '`site.url` must be the absolute http(s) URL the site is published at ("https://example.com/docs").', 'mintdoc-json-shape');
	}
	return siteUrl ? { siteUrl } : {};
}

function readOverrides(node: Node, report: Report): ConfigOverride[] {
	if (node.type !== 'array') {
		report(node, '`overrides` must be a list of { "files": [...], "rules": { ... } }.', 'mintdoc-json-shape');
		return [];
	}
	const overrides: ConfigOverride[] = [];
	for (const item of node.children ?? []) {
		if (item.type !== 'object') {
			report(item, 'An override must be an object: { "files": [...], "rules": { ... } }.', 'mintdoc-json-shape');
			continue;
		}
		let files: string[] | undefined;
		let ruleMap: RuleMap = new Map();
		for (const [key, value] of properties(item)) {
			if (key.value === 'files') files = readGlobs(value, report, '`files`');
			else if (key.value === 'rules') ruleMap = readRules(value, report);
			else report(key, unknownKeyMessage(String(key.value), ['files', 'rules']), 'mintdoc-json-unknown-key');
		}
		if (files === undefined) report(item, 'An override without `files` applies to nothing: add "files": ["<glob>", ...].', 'mintdoc-json-shape');
		else overrides.push({ files, rules: ruleMap });
	}
	return overrides;
}

function readGlobs(node: Node, report: Report, what: string): string[] {
	// One glob written without the list is what it obviously means.
	if (node.type === 'string') return isUsableGlob(String(node.value)) ? [String(node.value)] : [];
	if (node.type !== 'array') {
		report(node, `${what} must be a list of globs relative to the docs root (["changelog/**"]).`, 'mintdoc-json-shape');
		return [];
	}
	const globs: string[] = [];
	for (const item of node.children ?? []) {
		if (item.type === 'string' && isUsableGlob(String(item.value))) globs.push(String(item.value));
		else report(item, `${what} holds globs (non-empty strings) relative to the docs root.`, 'mintdoc-json-shape');
	}
	return globs;
}

function isUsableGlob(glob: string): boolean {
	return glob.trim() !== '';
}

function readFormat(node: Node, report: Report): string[] {
	if (node.type !== 'object') {
		report(node, '`format` must be an object ({ "ignore": ["changelog/**"] }).', 'mintdoc-json-shape');
		return [];
	}
	let globs: string[] = [];
	for (const [key, value] of properties(node)) {
		if (key.value === 'ignore') globs = readGlobs(value, report, '`format.ignore`');
		else report(key, unknownKeyMessage(String(key.value), ['ignore']), 'mintdoc-json-unknown-key');
	}
	return globs;
}

function unknownKeyMessage(key: string, known: readonly string[]): string {
	const suggestion = closestMatch(key, known);
	return `Unknown key '${key}' in mintdoc.json${suggestion ? `: did you mean '${suggestion}'?` : ` (known: ${known.filter(k => k !== '$schema').join(', ')}).`}`;
}

function describeParseError(error: ParseError): string {
	const name = printParseErrorCode(error.error);
	return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** Compiled once per glob list: a site has thousands of files to match. */
const matchers = new WeakMap<readonly string[], Ignore>();

/**
 * Whether a path (relative to the docs root, `/`-separated) matches gitignore-style globs. A path
 * outside the root (a `$ref` file above it, mintdoc.json in the workspace folder) matches nothing.
 */
export function matchesGlobs(globs: readonly string[], relativePath: string | undefined): boolean {
	if (globs.length === 0 || !relativePath || relativePath.startsWith('../') || relativePath === '..' || relativePath.startsWith('/')) return false;
	let matcher = matchers.get(globs);
	if (!matcher) {
		matcher = ignore().add([...globs]);
		matchers.set(globs, matcher);
	}
	try {
		return matcher.ignores(relativePath);
	} catch {
		// `ignore` rejects paths it considers not relative (`./x`, a drive letter): they match nothing.
		return false;
	}
}
