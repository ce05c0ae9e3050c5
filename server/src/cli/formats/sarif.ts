import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { pathToFileURL } from 'node:url';
import { rules } from '../../core/rules';
import type { CheckProblem } from '../report';
import { jsonText } from '../terminalText';

/** What the SARIF log says about the tool (the CLI passes its version and where its rules are documented). */
export interface SarifTool {
	readonly version: string;
	readonly informationUri: string;
	/** The diagnostics reference: each rule's help link is this page. */
	readonly rulesUri: string;
}

type SarifLevel = 'error' | 'warning' | 'note';

/**
 * `check --format sarif`: a SARIF 2.1.0 log, the format GitHub code scanning (and other
 * security and quality dashboards) import. Every rule of the rules table is described once, with
 * its default level and help text, so a dashboard can explain a finding without MintDoc; results
 * point at the rule by id and index, with 1-based regions whose end column is exclusive.
 */
export function formatSarif(
	problems: readonly CheckProblem[],
	tool: SarifTool,
	cwd: string,
	/** Findings mintdoc.json (`external`) or a comment in the page (`inSource`) silenced: listed, marked suppressed. */
	suppressed: readonly (CheckProblem & { readonly suppression: 'external' | 'inSource' })[] = [],
): string {
	const ids = Object.keys(rules) as (keyof typeof rules)[];
	const index = new Map<string, number>(ids.map((id, i) => [id, i]));
	const log = {
		$schema: 'https://json.schemastore.org/sarif-2.1.0.json',
		version: '2.1.0',
		runs: [
			{
				tool: {
					driver: {
						name: 'MintDoc',
						semanticVersion: tool.version,
						version: tool.version,
						informationUri: tool.informationUri,
						rules: ids.map(id => ({
							id,
							name: ruleName(id),
							shortDescription: { text: rules[id].summary },
							help: {
								text: `${rules[id].summary}\n\nSee ${tool.rulesUri}`,
								markdown: `${rules[id].summary}\n\nSee [the diagnostics reference](${tool.rulesUri}).`,
							},
							helpUri: tool.rulesUri,
							defaultConfiguration: { level: levelOf(rules[id].severity) },
							properties: { tags: ['documentation', familyOf(id)] },
						})),
					},
				},
				// Relative URIs resolve against the checked folder's working directory (the checkout in CI).
				originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(cwd.endsWith('/') ? cwd : `${cwd}/`).href } },
				columnKind: 'utf16CodeUnits',
				results: [...problems, ...suppressed].map(p => ({
					ruleId: p.code,
					...(index.has(p.code) ? { ruleIndex: index.get(p.code) } : {}),
					level: levelOfName(p.severity),
					message: { text: p.message },
					...('suppression' in p ? { suppressions: [{ kind: p.suppression }] } : {}),
					locations: [
						{
							physicalLocation: {
								artifactLocation: { uri: p.file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' },
								region: {
									startLine: p.range.start.line + 1,
									startColumn: p.range.start.character + 1,
									endLine: p.range.end.line + 1,
									endColumn: p.range.end.character + 1,
								},
							},
						},
					],
				})),
			},
		],
	};
	return jsonText(JSON.stringify(log, null, 2)) + '\n';
}

/** `page-not-found` → `PageNotFound`: SARIF's readable rule name. */
function ruleName(id: string): string {
	return id.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, c: string) => c.toUpperCase());
}

/** The family a rule belongs to (`nav`, `link`, `openapi`, …), as a tag dashboards filter by. */
function familyOf(id: string): string {
	return id.split('-')[0];
}

function levelOf(severity: DiagnosticSeverity): SarifLevel {
	return severity === DiagnosticSeverity.Error ? 'error' : severity === DiagnosticSeverity.Warning ? 'warning' : 'note';
}

function levelOfName(severity: CheckProblem['severity']): SarifLevel {
	return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}
