import type * as vscode from 'vscode';
import { redactCredentials } from './redaction';

/**
 * The MintDoc output channel with a memory of what was written to it (the last few megabytes),
 * so tests can read it back: VS Code offers no API to read an output channel. Everything written is
 * stripped of credentials first (see redactCredentials).
 */
export function recordOutput(channel: vscode.OutputChannel, maxChars = 4_000_000): { readonly channel: vscode.OutputChannel; text(): string } {
	let text = '';
	const add = (value: string) => {
		text += value;
		if (text.length > maxChars) text = text.slice(text.length - maxChars);
	};
	const wrapped = new Proxy(channel, {
		get(target, property, receiver) {
			// Credentials never reach the channel: a verbose LSP trace prints the API playground's headers.
			if (property === 'append') return (value: string) => ((value = redactCredentials(value)), add(value), target.append(value));
			if (property === 'appendLine') return (value: string) => ((value = redactCredentials(value)), add(`${value}\n`), target.appendLine(value));
			if (property === 'replace') return (value: string) => ((value = redactCredentials(value)), add(`${value}\n`), target.replace(value));
			const value = Reflect.get(target, property, receiver) as unknown;
			return typeof value === 'function' ? value.bind(target) : value;
		},
	});
	return { channel: wrapped, text: () => text };
}
