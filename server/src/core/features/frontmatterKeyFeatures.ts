import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { frontmatterFields, type FieldType, type FrontmatterField } from '../mdx/frontmatterFields';

/** The line range of the frontmatter block (the lines between the `---`s), or undefined when the page has none. */
function blockLines(document: TextDocument): { first: number; last: number } | undefined {
	const text = document.getText();
	if (!/^---[ \t]*\r?\n/.test(text)) return undefined;
	const lines = text.split(/\r?\n/);
	const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
	return { first: 1, last: close === -1 ? lines.length - 1 : close - 1 };
}

const typeName = (type: FieldType): string => (typeof type === 'string' ? type : 'enum' in type ? type.enum.map(v => `\`${v}\``).join(' \\| ') : type.shape);

/** The markdown a key's hover and completion show: its doc, its type, and where it comes from. */
export function fieldDoc(key: string, field: FrontmatterField): string {
	const from = field.source === 'validator' ? "a key of the platform's page schema" : 'documented by the platform';
	return `**${key}** — ${field.doc}\n\nType: ${typeName(field.type)} (${from})`;
}

/** Completion in the frontmatter block: page keys at the start of a line (those not written yet), listed values after `key: `. */
export function frontmatterKeyCompletion(document: TextDocument, position: Position): CompletionList | undefined {
	const block = blockLines(document);
	if (!block || position.line < block.first || position.line > block.last) return undefined;
	const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
	const value = /^([\w:-]+)\s*:\s*(["']?)([\w-]*)$/.exec(before);
	if (value) {
		const type = frontmatterFields[value[1]!]?.type;
		if (!type || typeof type === 'string' || !('enum' in type)) return undefined;
		const range = { start: { line: position.line, character: position.character - value[3]!.length }, end: position };
		return {
			isIncomplete: false,
			items: type.enum.map<CompletionItem>(v => ({ label: v, kind: CompletionItemKind.EnumMember, textEdit: { range, newText: v } })),
		};
	}
	const key = /^([\w:-]*)$/.exec(before);
	if (!key) return undefined;
	const written = new Set(
		document
			.getText({ start: { line: block.first, character: 0 }, end: { line: block.last + 1, character: 0 } })
			.split(/\r?\n/)
			.map(line => /^([\w:-]+)\s*:/.exec(line)?.[1])
			.filter(Boolean),
	);
	const range = { start: { line: position.line, character: 0 }, end: position };
	const items = Object.entries(frontmatterFields)
		.filter(([name, field]) => !field.generated && !written.has(name))
		.map<CompletionItem>(([name, field]) => ({
			label: name,
			kind: CompletionItemKind.Property,
			detail: typeName(field.type),
			documentation: { kind: MarkupKind.Markdown, value: fieldDoc(name, field) },
			textEdit: { range, newText: `${name}: ` },
		}));
	return { isIncomplete: false, items };
}

/** Hover on a page key of the frontmatter block. */
export function frontmatterKeyHover(document: TextDocument, position: Position): Hover | undefined {
	const block = blockLines(document);
	if (!block || position.line < block.first || position.line > block.last) return undefined;
	const line = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
	const key = /^(["']?)([\w:-]+)\1\s*:/.exec(line);
	if (!key) return undefined;
	const start = key[1]!.length;
	const end = start + key[2]!.length;
	if (position.character < start || position.character > end) return undefined;
	const field = Object.prototype.hasOwnProperty.call(frontmatterFields, key[2]!) ? frontmatterFields[key[2]!] : undefined;
	if (!field) return undefined;
	return {
		range: { start: { line: position.line, character: start }, end: { line: position.line, character: end } },
		contents: { kind: MarkupKind.Markdown, value: fieldDoc(key[2]!, field) },
	};
}
