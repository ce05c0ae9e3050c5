import type { Diagnostic } from 'vscode-languageserver-types';

/** Whether a diagnostic is of the accessibility family (`a11y-*`), which a setting and `mintdoc check --no-a11y` turn off. */
export function isA11yFinding(diagnostic: Diagnostic): boolean {
	return typeof diagnostic.code === 'string' && diagnostic.code.startsWith('a11y-');
}

/** The diagnostics without the accessibility family when it is off. */
export function filterA11y(diagnostics: readonly Diagnostic[], enabled: boolean): readonly Diagnostic[] {
	return enabled || !diagnostics.some(isA11yFinding) ? diagnostics : diagnostics.filter(d => !isA11yFinding(d));
}
