import parseFrontMatter from 'front-matter';
import { parseDocument } from 'yaml';

/** A page's YAML frontmatter: the parsed data (a plain object when valid) and where the block is. */
export interface Frontmatter {
	readonly data: Record<string, unknown>;
	/** Offsets of the YAML text between the fences. */
	readonly start: number;
	readonly end: number;
	/** YAML errors, with offsets into the page. */
	readonly errors: readonly { readonly message: string; readonly offset: number; readonly length: number; readonly tooDeep?: true }[];
}

/** Nesting of frontmatter values, as `limits.maxJsonDepth` for JSON: the YAML reader recurses (10,000 levels never finished, 3,000 overflowed the cache write). */
export const maxFrontmatterDepth = 200;

/**
 * Offset of the first flow bracket (`[`, `{`) or compact sequence entry (`- - -`) that opens a level
 * deeper than {@link maxFrontmatterDepth}, outside quoted scalars and comments; one linear pass.
 */
export function findDeepFrontmatter(yaml: string): number | undefined {
	let flow = 0;
	for (let i = 0; i < yaml.length; i++) {
		const c = yaml[i];
		if (c === '"' || c === "'") {
			const close = yaml.indexOf(c, i + 1);
			i = close === -1 ? yaml.length : close;
		} else if (c === '#' && (i === 0 || /\s/.test(yaml[i - 1]))) {
			const end = yaml.indexOf('\n', i);
			i = end === -1 ? yaml.length : end;
		} else if (c === '[' || c === '{') {
			if (++flow > maxFrontmatterDepth) return i;
		} else if (c === ']' || c === '}') {
			if (flow > 0) flow--;
		} else if (c === '\n') {
			// Block nesting on one line: `- - - x`, `? ? x`; indentation nests one level per column at most.
			const line = /^( *)((?:[-?:][ \t]+)*)/.exec(yaml.slice(i + 1, i + 1 + 4 * maxFrontmatterDepth + 8))!;
			if (line[1].length + line[2].length / 2 > 2 * maxFrontmatterDepth + flow * 2) return i + 1;
		}
	}
	return undefined;
}

const fence = /^---[ \t]*\r?\n/;

/**
 * Reads the frontmatter of an MDX/Markdown page with a YAML parser only: the `---js` form some
 * tools evaluate is never executed (an untrusted workspace must not run code), it is simply not
 * frontmatter here. Returns undefined when the page has no frontmatter block.
 */
export function readFrontmatter(text: string): Frontmatter | undefined {
	const open = fence.exec(text);
	if (!open) return undefined;
	const start = open[0].length;
	const match = /^---[ \t]*$/m.exec(text.slice(start));
	const end = match ? start + match.index : text.length;
	const deep = findDeepFrontmatter(text.slice(start, end));
	if (deep !== undefined)
		return {
			data: {},
			start,
			end,
			errors: [
				{
					message: `Values are nested more than ${maxFrontmatterDepth} levels deep here; the frontmatter is not read.`,
					offset: start + deep,
					length: 1,
					tooDeep: true,
				},
			],
		};
	const simple = simpleFrontmatter(text.slice(start, end));
	if (simple) return { data: simple, start, end, errors: [] };
	// logLevel 'error': a collection used as a key (`{a}: 1`) otherwise prints a process warning on every keystroke.
	const yaml = parseDocument(text.slice(start, end), { prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
	let errors = yaml.errors.map(e => ({ message: e.message, offset: start + e.pos[0], length: Math.max(1, e.pos[1] - e.pos[0]) }));
	let data: Record<string, unknown> = {};
	try {
		const value = yaml.toJS({ maxAliasCount: 100 });
		if (value && typeof value === 'object' && !Array.isArray(value)) data = value as Record<string, unknown>;
	} catch {
		// An alias bomb or a broken document: keep the errors, no data.
	}
	if (errors.length && match) {
		// The platform reads frontmatter with the `front-matter` package (js-yaml), which accepts more
		// than the YAML specification (a quoted scalar continued at column 0): what it reads is valid.
		const lenient = platformFrontmatter(text);
		if (lenient) {
			errors = [];
			data = lenient;
		}
	}
	return { data, start, end, errors };
}

/** A key the YAML reader takes as a string (not `true`, `null`…), written plainly. */
const simpleKey = /^([A-Za-z][A-Za-z0-9_-]*): +(.*)$/;
/** Characters YAML reads as themselves in every scalar style (no tab, line break, BOM, U+2028/2029 or lone surrogate). */
const plainCharacters = /^(?:[\x20-\x7E\u00A0-\u2027\u202A-\uD7FF\uE000-\uFEFE\uFF00-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
const notStrings = /^(?:true|True|TRUE|false|False|FALSE|null|Null|NULL)$/;
/** A quoted string without escapes (double) or doubled quotes (single). */
const quotedItem = `(?:"[^"\\\\]*"|'[^']*')`;
/** A flow sequence of such strings on one line: `keywords: ["a", 'b']`. */
const quotedList = new RegExp(`^\\[ *(?:${quotedItem} *(?:, *${quotedItem} *)*)?\\]$`);
const quotedItems = new RegExp(quotedItem, 'g');

/**
 * The data of frontmatter made only of `key: value` lines (and empty lines), each value a string
 * written plainly (starting with a letter or `/`), in double quotes without escapes or in single
 * quotes without doubled quotes, or a one-line list of such quoted strings (`keywords: ["a", "b"]`),
 * or `true`, `false` or a small decimal integer (`boost: 3`): almost every page's. The YAML reader's document model cost ~10 % of a page
 * worker on mintlify/docs; this gives what its `toJS` gives for such text (proven against it by
 * test/unit/mdx/simpleFrontmatter.test.ts) and undefined for any other text, which the reader reads.
 */
export function simpleFrontmatter(yaml: string): Record<string, string | string[] | number | boolean> | undefined {
	if (!yaml.endsWith('\n')) return undefined;
	const data: Record<string, string | string[] | number | boolean> = {};
	let keys = 0;
	for (const line of yaml.slice(0, -1).split('\n')) {
		if (line === '') continue;
		const match = simpleKey.exec(line);
		if (!match) return undefined;
		const [, key, value] = match;
		if (notStrings.test(key) || Object.prototype.hasOwnProperty.call(data, key) || !plainCharacters.test(value) || value.endsWith(' ')) return undefined;
		const quote = value[0];
		if (quote === '"' || quote === "'") {
			const inner = value.slice(1, -1);
			if (value.length < 2 || !value.endsWith(quote) || inner.includes(quote) || (quote === '"' && inner.includes('\\'))) return undefined;
			data[key] = inner;
		} else if (quote === '[') {
			if (!quotedList.test(value)) return undefined;
			data[key] = (value.match(quotedItems) ?? []).map(item => item.slice(1, -1));
		} else {
			const scalar = /^(?:true|True|TRUE)$/.test(value)
				? true
				: /^(?:false|False|FALSE)$/.test(value)
					? false
					: /^(?:0|[1-9]\d{0,8})$/.test(value)
						? Number(value)
						: value;
			if (scalar === value && (!/^[A-Za-z/]/.test(value) || /: | #|:$/.test(value) || notStrings.test(value))) return undefined;
			data[key] = scalar;
		}
		keys++;
	}
	return keys ? data : undefined;
}

/** Title and description a page shows, from its frontmatter. */
export function pageMetadata(text: string): { title?: string; description?: string; sidebarTitle?: string } {
	const data = readFrontmatter(text)?.data ?? {};
	const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
	return { title: str(data.title), description: str(data.description), sidebarTitle: str(data.sidebarTitle) };
}

/** The frontmatter as the platform's reader sees it, or undefined when that reader rejects it too. */
function platformFrontmatter(text: string): Record<string, unknown> | undefined {
	try {
		if (!parseFrontMatter.test(text)) return undefined;
		const attributes: unknown = parseFrontMatter(text).attributes;
		return attributes && typeof attributes === 'object' && !Array.isArray(attributes) ? (attributes as Record<string, unknown>) : {};
	} catch {
		return undefined;
	}
}
