import type { Element, ElementContent } from 'hast';
import { common, createLowlight } from 'lowlight';

/**
 * highlight.js grammars of the common languages (about 35), plus the names docs sites write for
 * them. Registered when the preview first highlights code: registering them took ~15 ms of every
 * language server's start, before its first diagnostics.
 */
let registered: ReturnType<typeof createLowlight> | undefined;
function lowlight(): ReturnType<typeof createLowlight> {
	if (registered) return registered;
	registered = createLowlight(common);
	registered.registerAlias({
		bash: ['curl', 'zsh', 'console', 'terminal'],
		javascript: ['jsx', 'node', 'mjs', 'cjs'],
		typescript: ['tsx', 'mts'],
		markdown: ['mdx'],
		xml: ['vue', 'svelte'],
		json: ['jsonc', 'json5'],
	});
	return registered;
}

/** Language and title of a fenced code block: ```js index.js, ```bash Install step, ```ts title="x.ts". */
export function parseCodeMeta(lang: string | null | undefined, meta: string | null | undefined): { language?: string; title?: string } {
	const rest = (meta ?? '')
		// Line-highlight ranges and boolean/valued options are not part of the title.
		.replace(/\{[^}]*\}/g, ' ')
		.replace(/\b(title|filename)\s*=\s*("([^"]*)"|'([^']*)'|(\S+))/, (_m, _k, _v, a, b, c) => ` \u0000${a ?? b ?? c}\u0000 `);
	const explicit = /\u0000([^\u0000]*)\u0000/.exec(rest)?.[1];
	const title =
		explicit ??
		rest
			.replace(/\b[\w-]+=("[^"]*"|'[^']*'|\S+)/g, ' ')
			.replace(/\b(wrap|lines|expandable|highlight|focus)\b/g, ' ')
			.replace(/\s+/g, ' ')
			.trim();
	return { language: lang?.trim() || undefined, title: title || undefined };
}

/** Whether a language name has a grammar (its aliases included). */
export function canHighlight(language: string | undefined): boolean {
	return !!language && lowlight().registered(language.toLowerCase());
}

/** The code as highlighted hast (spans with `hljs-*` classes), or plain text when the language is unknown. */
export function highlightCode(value: string, language: string | undefined): ElementContent[] {
	if (!canHighlight(language)) return [{ type: 'text', value }];
	try {
		return lowlight().highlight(language!.toLowerCase(), value).children as ElementContent[];
	} catch {
		return [{ type: 'text', value }];
	}
}

/**
 * A code block as the platform shows it: a header with the title (or language) and a copy button,
 * then the highlighted code. `header: false` inside CodeGroup/Tabs, whose tab shows the title.
 */
export function codeBlock(
	value: string,
	lang: string | null | undefined,
	meta: string | null | undefined,
	options: { readonly header?: boolean } = {},
): Element {
	const { language, title } = parseCodeMeta(lang, meta);
	const code: Element = {
		type: 'element',
		tagName: 'code',
		properties: { className: ['hljs', ...(language ? [`language-${language.toLowerCase()}`] : [])] },
		children: highlightCode(value.replace(/\n$/, ''), language),
	};
	const pre: Element = { type: 'element', tagName: 'pre', properties: {}, children: [code] };
	const copy: Element = {
		type: 'element',
		tagName: 'button',
		properties: { type: 'button', className: ['md-copy'], ariaLabel: 'Copy code', dataCopy: '' },
		children: [{ type: 'text', value: 'Copy' }],
	};
	const head: Element = {
		type: 'element',
		tagName: 'div',
		properties: { className: ['md-code-head'] },
		children: [
			{ type: 'element', tagName: 'span', properties: { className: ['md-code-title'] }, children: [{ type: 'text', value: title ?? language ?? '' }] },
			copy,
		],
	};
	const withHeader = options.header !== false;
	return {
		type: 'element',
		tagName: 'div',
		properties: { className: ['md-code', ...(withHeader ? [] : ['md-code-bare'])], dataTitle: title, dataLanguage: language },
		children: withHeader ? [head, pre] : [{ ...copy, properties: { ...copy.properties, className: ['md-copy', 'md-copy-floating'] } }, pre],
	};
}

/** The title a code block shows in a CodeGroup tab. */
export function codeTabTitle(lang: string | null | undefined, meta: string | null | undefined): string {
	const { language, title } = parseCodeMeta(lang, meta);
	return title ?? language ?? 'Code';
}
