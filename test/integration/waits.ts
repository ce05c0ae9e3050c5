import * as vscode from 'vscode';

/**
 * Resolves with the first value `probe` returns (not undefined), checking now and on every
 * firing of `event`. Generous timeout: these wait on events, never on fixed sleeps.
 */
export function waitFor<T>(event: vscode.Event<unknown>, probe: () => T | undefined, what: string, timeoutMs = 60_000): Promise<T> {
	return new Promise((resolve, reject) => {
		const first = probe();
		if (first !== undefined) return resolve(first);
		const timer = setTimeout(() => {
			listener.dispose();
			reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
		}, timeoutMs);
		const listener = event(() => {
			const value = probe();
			if (value === undefined) return;
			clearTimeout(timer);
			listener.dispose();
			resolve(value);
		});
	});
}

/** MintDoc's diagnostics of `uri` once `predicate` holds for them. */
export function waitForDiagnostics(uri: vscode.Uri, predicate: (d: vscode.Diagnostic[]) => boolean, what: string): Promise<vscode.Diagnostic[]> {
	const ours = () => vscode.languages.getDiagnostics(uri).filter(d => d.source === 'mintdoc');
	return waitFor(vscode.languages.onDidChangeDiagnostics, () => (predicate(ours()) ? ours() : undefined), what);
}
