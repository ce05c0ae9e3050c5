import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';

/**
 * Where the value of a top-level frontmatter key is written (`key: value` on one line, the key
 * quoted or not), quotes included; undefined when the key is not written that way. The parsed
 * frontmatter has the values; the rules that report on one need its place in the text.
 */
export function frontmatterValueRange(document: TextDocument, key: string): Range | undefined {
	const text = document.getText();
	const end = text.indexOf('\n---', 3);
	const block = text.slice(0, end === -1 ? text.length : end);
	const match = new RegExp(`^(["']?)${key}\\1\\s*:[ \\t]*(\\S.*?)\\s*$`, 'm').exec(block);
	if (!match) return undefined;
	const start = match.index + match[0].indexOf(match[2], match[1].length * 2 + key.length + 1);
	return { start: document.positionAt(start), end: document.positionAt(start + match[2].length) };
}
