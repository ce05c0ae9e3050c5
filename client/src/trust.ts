/**
 * MintDoc in VS Code's Restricted Mode (an untrusted workspace), decided by pure functions so the
 * rules are unit-tested: checking and previewing never execute workspace content and stay on;
 * hosted OpenAPI documents named by the workspace are not fetched (server/src/node/runtime/workspaceTrust.ts);
 * the API playground asks once per origin before sending to a server the workspace names.
 */

/** What the status item's tooltip says in Restricted Mode (Markdown-safe plain text). */
export const restrictedModeNote =
	'Restricted Mode: this workspace is not trusted. MintDoc checks and previews it, ' +
	'but does not fetch hosted OpenAPI documents it names and asks before the API playground sends a request to a server it names. ' +
	'Trust the workspace to lift these limits.';

/** The status item's text, marked when the workspace is untrusted. */
export function statusItemText(text: string, trusted: boolean): string {
	return trusted ? text : `$(shield) ${text.replace(/^\$\([^)]*\)\s*/, '')} (Restricted Mode)`;
}

/** Whether a playground Send to `origin` must be confirmed first: only untrusted, and once per origin per session. */
export function needsPlaygroundConfirmation(trusted: boolean, allowedOrigins: ReadonlySet<string>, origin: string): boolean {
	return !trusted && !allowedOrigins.has(origin);
}
