import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../../diagnostic';
import { closestMatch } from '../../textDistance';
import type { Frontmatter } from '../frontmatter';
import { contextualOptions, frontmatterFields, type FieldType } from './frontmatterFields';
import { iconTypes } from '../componentTable';

/** `og:*` and `twitter:*` tags are free-form SEO metadata. */
const seoPrefix = /^(og|twitter|article|robots|canonical)(:|$)/;

/**
 * Frontmatter problems: YAML syntax, a block never closed, JavaScript frontmatter (never
 * executed: an untrusted workspace must not run code), documented fields of the wrong type, and
 * keys the platform does not document (hints: custom keys are allowed).
 */
export function checkFrontmatter(document: TextDocument, frontmatter: Frontmatter | undefined): Diagnostic[] {
	const text = document.getText();
	const diagnostics: Diagnostic[] = [];
	const rangeAt = (offset: number, length: number) => ({ start: document.positionAt(offset), end: document.positionAt(offset + length) });
	const js = /^---\s*(js|javascript)\s*\r?\n/.exec(text);
	if (js)
		diagnostics.push(
			createDiagnostic(
				rangeAt(0, js[0].trimEnd().length),
				'JavaScript frontmatter is not supported (and never run): write the metadata as YAML between --- lines.',
				'frontmatter-js',
			),
		);
	if (!frontmatter) return diagnostics;
	if (!/^---[ \t]*$/m.test(text.slice(frontmatter.start))) {
		diagnostics.push(createDiagnostic(rangeAt(0, 3), 'The frontmatter is never closed: add a line with --- after the metadata.', 'frontmatter-unterminated'));
		return diagnostics;
	}
	for (const error of frontmatter.errors)
		diagnostics.push(
			error.tooDeep
				? createDiagnostic(rangeAt(error.offset, error.length), error.message, 'frontmatter-too-deep')
				: createDiagnostic(rangeAt(error.offset, error.length), `YAML: ${error.message.split('\n')[0]}`, 'frontmatter-syntax'),
		);
	if (frontmatter.errors.length) return diagnostics;
	const block = text.slice(frontmatter.start, frontmatter.end);
	for (const [key, value] of Object.entries(frontmatter.data)) {
		const keyAt = findKey(block, key);
		const keyRange = rangeAt(frontmatter.start + (keyAt ?? 0), keyAt === undefined ? 0 : key.length);
		const field = frontmatterFields[key];
		if (!field) {
			if (seoPrefix.test(key)) continue;
			const suggestion = closestMatch(key, Object.keys(frontmatterFields));
			const diagnostic = createDiagnostic(
				keyRange,
				`'${key}' is not documented page metadata (custom keys are allowed).${suggestion ? ` Did you mean '${suggestion}'?` : ''}`,
				'frontmatter-unknown-key',
			);
			if (suggestion) diagnostic.data = { replacement: suggestion };
			diagnostics.push(diagnostic);
			continue;
		}
		const problem = typeProblem(field.type, value);
		if (problem) diagnostics.push(createDiagnostic(keyRange, `'${key}' ${problem}`, 'frontmatter-type'));
	}
	return diagnostics;
}

function typeProblem(type: FieldType, value: unknown): string | undefined {
	if (value === null || value === undefined) return undefined;
	if (type === 'string') return typeof value === 'string' || typeof value === 'number' ? undefined : `must be text, not ${describe(value)}.`;
	if (type === 'boolean')
		return typeof value === 'boolean' ? undefined : `must be true or false, not ${describe(value)}${typeof value === 'string' ? ' (remove the quotes)' : ''}.`;
	if (type === 'string[]')
		return Array.isArray(value) && value.every(v => typeof v === 'string') ? undefined : `must be a list of strings, such as ["a", "b"].`;
	if (type === 'number')
		return typeof value === 'number' ? undefined : `must be a number, not ${describe(value)}${typeof value === 'string' ? ' (remove the quotes)' : ''}.`;
	if (type === 'any') return undefined;
	if ('shape' in type) return shapeProblem(type.shape, value);
	return typeof value === 'string' && type.enum.includes(value) ? undefined : `must be one of ${type.enum.map(v => `"${v}"`).join(', ')}.`;
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const isStringList = (value: unknown, nonEmpty = false) => Array.isArray(value) && value.every(v => typeof v === 'string' && (!nonEmpty || v.length > 0));

/** The shapes of the validator's page schema (@mintlify/validation 0.1.878 `reusable/page.js`, `pageGroups.js`, `icon.js`, `contextual.js`). */
function shapeProblem(shape: Extract<FieldType, { shape: string }>['shape'], value: unknown): string | undefined {
	switch (shape) {
		case 'icon':
			if (typeof value === 'string') return undefined;
			if (!isObject(value) || typeof value.name !== 'string') return 'must be an icon name, or { name, style, library }.';
			if (value.style !== undefined && !(iconTypes as readonly unknown[]).includes(value.style))
				return `style must be one of ${iconTypes.map(v => `"${v}"`).join(', ')}.`;
			return value.library === undefined || ['fontawesome', 'lucide', 'tabler'].includes(value.library as string)
				? undefined
				: 'library must be one of "fontawesome", "lucide", "tabler".';
		case 'groups':
			if (isStringList(value, true)) return undefined;
			if (
				Array.isArray(value) &&
				value.every(
					rule =>
						isObject(rule) &&
						Object.keys(rule).every(k => k === 'includes' || k === 'excludes') &&
						(rule.includes === undefined || (isStringList(rule.includes, true) && (rule.includes as unknown[]).length > 0)) &&
						(rule.excludes === undefined || (isStringList(rule.excludes, true) && !(rule.excludes as unknown[]).includes('*'))),
				)
			)
				return undefined;
			return 'must be a list of group names, or a list of { includes, excludes } rules (non-empty lists of names; no * in excludes).';
		case 'related':
			if (value === false) return undefined;
			return Array.isArray(value) &&
				value.every(e => typeof e === 'string' || (isObject(e) && Object.keys(e).length === 1 && Object.values(e).every(x => typeof x === 'string')))
				? undefined
				: 'must be false, or a list of page paths or { "Title": "/path" } entries (one link each).';
		case 'contextual': {
			if (!isObject(value) || !Array.isArray(value.options)) return 'must be { options: [...], display?: "header" | "toc" }.';
			const unknown = value.options.find(
				o =>
					!(typeof o === 'string'
						? (contextualOptions as readonly string[]).includes(o)
						: isObject(o) && typeof o.title === 'string' && typeof o.description === 'string' && o.href !== undefined),
			);
			if (unknown !== undefined)
				return typeof unknown === 'string'
					? `option "${unknown}" is not one of ${contextualOptions.map(o => `"${o}"`).join(', ')} (or a custom { title, description, href }).`
					: 'a custom option needs title, description and href.';
			if (new Set(value.options.map(o => (typeof o === 'string' ? o : JSON.stringify(o)))).size !== value.options.length)
				return 'lists an option twice: each may appear once.';
			return value.display === undefined || value.display === 'header' || value.display === 'toc' ? undefined : 'display must be "header" or "toc".';
		}
		case 'graphql':
			return isObject(value) &&
				typeof value.source === 'string' &&
				typeof value.name === 'string' &&
				['query', 'mutation', 'type'].includes(value.kind as string)
				? undefined
				: 'must be { source, kind: "query" | "mutation" | "type", name }.';
	}
}

function describe(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	return typeof value === 'string' ? `the text "${value}"` : String(value);
}

/** Offset of `key:` at the start of a line of the YAML block. */
function findKey(block: string, key: string): number | undefined {
	const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
	const match = new RegExp(`^(["']?)${escaped}\\1\\s*:`, 'm').exec(block);
	return match ? match.index + match[1].length : undefined;
}
