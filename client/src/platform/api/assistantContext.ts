import type { AssistantContext } from './assistantTypes';

/**
 * Pure helpers that turn editor facts into parts of the assistant request: the `fp` fingerprint
 * and the `context` of "Ask MintDoc Assistant about Selection". The panel's host side passes in
 * what VS Code knows (setting value, `env.machineId`, language id, document text); nothing here
 * imports `vscode`.
 */

/** Values of the setting `mintdoc.assistant.fingerprint`. */
export type FingerprintSetting = 'anonymous' | 'machine';

/**
 * The `fp` to send: `anonymous`, or a stable per-installation id when the setting says
 * `machine` and one is given (VS Code's `env.machineId`, already an anonymous hash). Anything
 * unusable (empty, the telemetry placeholder, control characters) falls back to `anonymous`.
 */
export function fingerprintFor(setting: string | undefined, machineId?: string): string {
	if (setting !== 'machine') return 'anonymous';
	const id = machineId?.trim() ?? '';
	// VS Code reports this value when telemetry is disabled in some builds.
	if (!id || id === 'someValue.machineId' || id.length > 200 || /[\u0000-\u001f\u007f\s]/.test(id)) return 'anonymous';
	return id;
}

/** Languages whose selections are prose; any other language id is code. */
const proseLanguages = new Set(['markdown', 'mdx', 'plaintext', 'restructuredtext', 'asciidoc', 'latex', 'html', '']);

/** Longest selection sent as context; a longer one is cut (and says so). */
export const maxContextLength = 20_000;

export interface SelectionFacts {
	/** The selected text, as in the editor. */
	readonly text: string;
	/** The document's language id (`mdx`, `typescript`, ...). */
	readonly languageId: string;
	/** True when the selection starts inside a fenced code block of a Markdown/MDX page. */
	readonly insideCodeFence?: boolean;
	/** Identifier of the UI element holding the selection, when known. */
	readonly elementId?: string;
	/** The workspace-relative path of the file (sent as the context's `path` on v2). */
	readonly path?: string;
}

/**
 * The `context` entries for a selection: `code` when it is in a code file or inside a code
 * fence, else `textSelection`. An empty or blank selection gives no entry.
 */
export function contextFromSelection(facts: SelectionFacts): AssistantContext[] {
	if (!facts.text.trim()) return [];
	const isCode = facts.insideCodeFence === true || !proseLanguages.has(facts.languageId.toLowerCase());
	const value =
		facts.text.length > maxContextLength ? `${facts.text.slice(0, maxContextLength)}\n[… selection cut at ${maxContextLength} characters]` : facts.text;
	const elementId = facts.elementId?.trim();
	const path = facts.path?.trim();
	return [{ type: isCode ? 'code' : 'textSelection', value, ...(elementId ? { elementId } : {}), ...(path ? { path } : {}) }];
}

/**
 * True when `offset` of a Markdown/MDX text is inside a fenced code block (``` or ~~~, closed by
 * a fence of the same character at least as long, as in CommonMark); the fence lines count as inside.
 * An unclosed fence runs to the end of the text.
 */
export function isInsideCodeFence(text: string, offset: number): boolean {
	let open: { char: string; length: number } | undefined;
	let lineStart = 0;
	while (lineStart <= text.length) {
		const newline = text.indexOf('\n', lineStart);
		const lineEnd = newline === -1 ? text.length : newline;
		const line = text.slice(lineStart, lineEnd);
		// Any indentation: in MDX, fences inside components (<Step>, <Tab>) are indented.
		const fence = /^[ \t]*(`{3,}|~{3,})(.*)$/.exec(line.replace(/\r$/, ''));
		const wasOpen = open !== undefined;
		if (fence) {
			const char = fence[1][0];
			if (!open) {
				// A backtick fence's info string cannot contain backticks.
				if (!(char === '`' && fence[2].includes('`'))) open = { char, length: fence[1].length };
			} else if (char === open.char && fence[1].length >= open.length && !fence[2].trim()) {
				open = undefined;
			}
		}
		if (offset >= lineStart && offset <= lineEnd) return wasOpen || open !== undefined;
		if (newline === -1) break;
		lineStart = newline + 1;
	}
	return false;
}
