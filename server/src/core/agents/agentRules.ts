import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { rules } from '../rules';

/** A rule of the checks, as an agent reads it: its code, default severity and what it means. */
export interface AgentRuleDoc {
	readonly code: string;
	readonly defaultSeverity: 'error' | 'warning' | 'information' | 'hint';
	readonly summary: string;
	/** How a team turns it off or changes it (mintdoc.json), and how one line is excused. */
	readonly configure: string;
}

const severityNames: Record<DiagnosticSeverity, AgentRuleDoc['defaultSeverity']> = {
	[DiagnosticSeverity.Error]: 'error',
	[DiagnosticSeverity.Warning]: 'warning',
	[DiagnosticSeverity.Information]: 'information',
	[DiagnosticSeverity.Hint]: 'hint',
};

/** The rule `code` from the rules table (rules.ts); throws a message with similar codes when unknown. */
export function agentRuleDoc(code: string): AgentRuleDoc {
	const table = rules as Readonly<Record<string, { severity: DiagnosticSeverity; summary: string }>>;
	const rule = Object.prototype.hasOwnProperty.call(table, code) ? table[code] : undefined;
	if (!rule) {
		const prefix = code.split('-')[0];
		const near = Object.keys(table).filter(c => c.startsWith(prefix));
		throw new Error(`unknown rule code '${code}'${near.length ? `; codes starting with '${prefix}': ${near.slice(0, 12).join(', ')}` : ''}`);
	}
	return {
		code,
		defaultSeverity: severityNames[rule.severity],
		summary: rule.summary,
		configure: `In mintdoc.json: { "rules": { "${code}": "off" } } (or "hint", "info", "warn", "error"). On one line of a page: {/* mintdoc-disable-next-line ${code} */}.`,
	};
}

export function ruleDocText(doc: AgentRuleDoc): string {
	return `${doc.code} (default: ${doc.defaultSeverity}): ${doc.summary}\n${doc.configure}`;
}
