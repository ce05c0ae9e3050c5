import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import { closestMatch } from '../textDistance';
import type { Frontmatter } from './frontmatter';

type FieldType = 'string' | 'boolean' | 'string[]' | { readonly enum: readonly string[] };

/**
 * Page metadata the platform documents, with its type. Follows the docs, not code: the pages
 * mintlify.com/docs/organize/pages, optimize/seo and api-playground/mdx-setup list these keys
 * (the build passes any key through, so `frontmatter-unknown-key` is only a hint).
 */
export const frontmatterFields: Record<string, { readonly type: FieldType; readonly doc: string }> = {
	title: { type: 'string', doc: 'Title of the page, in navigation and the browser tab (default: from the file name).' },
	description: { type: 'string', doc: 'Summary shown under the title; also the SEO description.' },
	sidebarTitle: { type: 'string', doc: 'Shorter title for the sidebar.' },
	icon: { type: 'string', doc: 'Icon beside the sidebar entry: an icon name, a URL or a file path.' },
	iconType: { type: { enum: ['regular', 'solid', 'light', 'thin', 'sharp-solid', 'duotone', 'brands'] }, doc: 'Font Awesome icon style.' },
	tag: { type: 'string', doc: 'A label beside the title in the sidebar (for example NEW).' },
	hidden: { type: 'boolean', doc: 'Remove the page from the sidebar (still reachable by URL, not indexed).' },
	noindex: { type: 'boolean', doc: 'Ask search engines not to index the page.' },
	deprecated: { type: 'boolean', doc: 'Show a deprecated label beside the title.' },
	groups: { type: 'string[]', doc: 'Only users in one of these groups may open the page (needs authentication).' },
	mode: { type: { enum: ['default', 'wide', 'custom', 'frame', 'center'] }, doc: 'Page layout.' },
	url: { type: 'string', doc: 'Make the sidebar entry an external link.' },
	keywords: { type: 'string[]', doc: 'Extra search keywords (not shown on the page).' },
	timestamp: { type: 'boolean', doc: 'Show or hide the "last modified" timestamp on this page.' },
	openapi: { type: 'string', doc: 'Document an endpoint: `[file] METHOD /path`, or a webhook: `[file] webhook <name>`.' },
	'openapi-schema': { type: 'string', doc: 'Document a schema of `components.schemas`: `[file] <SchemaName>`.' },
	api: { type: 'string', doc: 'Document an endpoint without OpenAPI: `METHOD https://base/path`.' },
	version: { type: 'string', doc: 'Version label of an API page.' },
	playground: { type: { enum: ['interactive', 'simple', 'none', 'auth'] }, doc: 'API playground display for this page.' },
	authMethod: { type: 'string', doc: 'Authentication method of an `api` page (bearer, basic, key, cobo, none).' },
	public: { type: 'boolean', doc: 'Make the page public when the site requires authentication.' },
	rss: { type: 'boolean', doc: "Offer an RSS feed of the page's Update components." },
};

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
	return typeof value === 'string' && type.enum.includes(value) ? undefined : `must be one of ${type.enum.map(v => `"${v}"`).join(', ')}.`;
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
