import type { Diagnostic, DiagnosticRelatedInformation, Range } from 'vscode-languageserver-types';
import { rules, type RuleId } from './rules';

/** Name shown as the diagnostic's source in editors. */
export const diagnosticSource = 'mintdoc';

/** Builds a diagnostic for `rule` with the rule's default severity. */
export function createDiagnostic(range: Range, message: string, rule: RuleId, relatedInformation?: DiagnosticRelatedInformation[]): Diagnostic {
	const diagnostic: Diagnostic = { range, message, severity: rules[rule].severity, code: rule, source: diagnosticSource };
	if (relatedInformation?.length) diagnostic.relatedInformation = relatedInformation;
	return diagnostic;
}
