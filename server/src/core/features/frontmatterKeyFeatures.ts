import { CompletionItemKind, MarkupKind, type CompletionItem, type CompletionList, type Hover, type Position, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { fieldGroup, fieldGroups, frontmatterFields, type FieldGroup, type FieldType, type FrontmatterField } from '../mdx/rules/frontmatterFields';
import type { IconLibrary } from '../icons/iconSets';
import { iconCompletion, iconHover } from './iconCompletion';
import { maxPageItems } from './completion';

/** What value completion and hover need from the site: its icon library, and its page routes for `related`. */
export interface FrontmatterSite {
	readonly library: IconLibrary;
	/** Sorted; snippets among them are left out here. */
	readonly pagePaths: () => readonly string[];
}

const noSite: FrontmatterSite = { library: 'fontawesome', pagePaths: () => [] };

/** The line range of the frontmatter block (the lines between the `---`s), or undefined when the page has none. */
function blockLines(document: TextDocument): { first: number; last: number } | undefined {
	const text = document.getText();
	if (!/^---[ \t]*\r?\n/.test(text)) return undefined;
	const lines = text.split(/\r?\n/);
	const close = lines.findIndex((line, i) => i > 0 && /^---[ \t]*$/.test(line));
	return { first: 1, last: close === -1 ? lines.length - 1 : close - 1 };
}

const typeName = (type: FieldType): string => (typeof type === 'string' ? type : 'enum' in type ? type.enum.map(v => `\`${v}\``).join(' \\| ') : type.shape);

const own = (key: string): FrontmatterField | undefined => (Object.prototype.hasOwnProperty.call(frontmatterFields, key) ? frontmatterFields[key] : undefined);

/** Completion lists the groups in this order, so a writer sees the page's own keys before SEO, API and navigation. */
const groupOrder: readonly FieldGroup[] = ['page', 'seo', 'api', 'navigation'];

/** The markdown a key's hover and completion show: its doc, its type, where it comes from, and the platform's page for its group. */
export function fieldDoc(key: string, field: FrontmatterField): string {
	const from = field.source === 'validator' ? "a key of the platform's page schema" : 'documented by the platform';
	const group = fieldGroups[fieldGroup(key)];
	return `**${key}** — ${field.doc}\n\nType: ${typeName(field.type)} (${from})\n\n[${group.label} metadata in the platform docs](${group.docs})`;
}

/** The key a frontmatter line sets, or (for a `- item` line) the key of the list it continues. */
function keyAbove(document: TextDocument, line: number, first: number): string | undefined {
	for (let i = line; i >= first; i--) {
		const text = document.getText({ start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } });
		const key = /^(["']?)([\w:-]+)\1\s*:/.exec(text);
		if (key) return key[2];
		if (!/^\s/.test(text) && text.trim()) return undefined;
	}
	return undefined;
}

/**
 * Completion in the frontmatter block: page keys at the start of a line (those not written yet,
 * grouped), and after `key: ` the values the key takes (listed values, booleans, icon names); in a
 * `related` list, the site's page routes.
 */
export function frontmatterKeyCompletion(document: TextDocument, position: Position, site: FrontmatterSite = noSite): CompletionList | undefined {
	const block = blockLines(document);
	if (!block || position.line < block.first || position.line > block.last) return undefined;
	const before = document.getText({ start: { line: position.line, character: 0 }, end: position });
	const value = /^([\w:-]+)\s*:\s*(["']?)([\w-]*)$/.exec(before);
	if (value) {
		const range = { start: { line: position.line, character: position.character - value[3]!.length }, end: position };
		return valueCompletion(own(value[1]!)?.type, range, value[3]!, site);
	}
	const item = /^\s+-\s*(["']?)([\w/.#-]*)$/.exec(before);
	if (item) {
		if (keyAbove(document, position.line - 1, block.first) !== 'related') return undefined;
		const range = { start: { line: position.line, character: position.character - item[2]!.length }, end: position };
		return relatedCompletion(site.pagePaths(), item[2]!, range);
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
		.map<CompletionItem>(([name, field], i) => {
			const group = fieldGroup(name);
			return {
				label: name,
				kind: CompletionItemKind.Property,
				labelDetails: { description: fieldGroups[group].label },
				detail: `${fieldGroups[group].label} · ${typeName(field.type)}`,
				documentation: { kind: MarkupKind.Markdown, value: fieldDoc(name, field) },
				// Group first, then the table's order (the platform's docs list the common keys first).
				sortText: `${groupOrder.indexOf(group)}${String(i).padStart(3, '0')}`,
				textEdit: { range, newText: `${name}: ` },
			};
		});
	return { isIncomplete: false, items };
}

/**
 * Page routes for a `related` item: those containing what is typed, in path order. Snippets are
 * imported, never shown as pages. On a site of 25,000 pages every route in every answer was over a
 * second a keystroke: at most `maxPageItems`, the list then marked incomplete so the editor asks
 * again as the writer narrows it (as docs.json page completion does).
 */
function relatedCompletion(paths: readonly string[], typed: string, range: Range): CompletionList {
	const needle = typed.replace(/^\/+/, '').toLowerCase();
	const items: CompletionItem[] = [];
	for (const path of paths) {
		if (path === 'snippets' || path.startsWith('snippets/')) continue;
		if (needle && !path.toLowerCase().includes(needle)) continue;
		if (items.length === maxPageItems) return { isIncomplete: true, items };
		items.push({ label: `/${path}`, kind: CompletionItemKind.File, textEdit: { range, newText: `/${path}` } });
	}
	return { isIncomplete: false, items };
}

function valueCompletion(type: FieldType | undefined, range: Range, typed: string, site: FrontmatterSite): CompletionList | undefined {
	if (type === 'boolean')
		return {
			isIncomplete: false,
			items: ['true', 'false'].map<CompletionItem>(v => ({ label: v, kind: CompletionItemKind.Value, textEdit: { range, newText: v } })),
		};
	if (type && typeof type !== 'string' && 'shape' in type && type.shape === 'icon') return iconCompletion(site.library, range, typed);
	if (!type || typeof type === 'string' || !('enum' in type)) return undefined;
	return {
		isIncomplete: false,
		items: type.enum.map<CompletionItem>(v => ({ label: v, kind: CompletionItemKind.EnumMember, textEdit: { range, newText: v } })),
	};
}

/** Hover on a page key of the frontmatter block, or on its value (an icon's library, a listed value among the others). */
export function frontmatterKeyHover(document: TextDocument, position: Position, site: FrontmatterSite = noSite): Hover | undefined {
	const block = blockLines(document);
	if (!block || position.line < block.first || position.line > block.last) return undefined;
	const line = document.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } });
	const key = /^(["']?)([\w:-]+)\1(\s*:\s*)(.*?)\s*$/.exec(line);
	if (!key) return undefined;
	const name = key[2]!;
	const field = own(name);
	if (!field) return undefined;
	const start = key[1]!.length;
	const end = start + name.length;
	const at = (from: number, to: number) => ({ start: { line: position.line, character: from }, end: { line: position.line, character: to } });
	if (position.character >= start && position.character <= end)
		return { range: at(start, end), contents: { kind: MarkupKind.Markdown, value: fieldDoc(name, field) } };
	const valueStart = end + key[1]!.length + key[3]!.length;
	const written = key[4]!;
	if (!written || position.character < valueStart || position.character > valueStart + written.length) return undefined;
	const value = written.replace(/^(["'])(.*)\1$/, '$2');
	return { range: at(valueStart, valueStart + written.length), contents: { kind: MarkupKind.Markdown, value: valueDoc(name, field, value, site) } };
}

/** What a written value means for its key. */
function valueDoc(key: string, field: FrontmatterField, value: string, site: FrontmatterSite): string {
	const { type } = field;
	if (typeof type !== 'string' && 'shape' in type && type.shape === 'icon') return iconHover(value, site.library);
	if (typeof type !== 'string' && 'enum' in type) {
		const listed = type.enum.includes(value);
		return `\`${key}: ${value}\` — ${listed ? 'one' : 'not one'} of the values the platform lists: ${typeName(type)}\n\n${field.doc}`;
	}
	if (type === 'boolean' && (value === 'true' || value === 'false')) return `\`${key}: ${value}\` — ${field.doc}`;
	return fieldDoc(key, field);
}
