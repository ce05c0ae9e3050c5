import { parse } from 'yaml';

/**
 * Rewrites a page's YAML frontmatter in the web editor's form (learned from `mint format` output):
 * one `key: value` line per key in the written order, strings double-quoted, numbers and booleans
 * bare, lists as block sequences of the same scalars, maps as indented blocks. Returns undefined when
 * the YAML does not parse or holds something this form cannot say: the block is then kept as written.
 */
export function writeFrontmatter(yamlText: string): string[] | undefined {
	let data: unknown;
	try {
		data = parse(yamlText, { prettyErrors: false, logLevel: 'silent', uniqueKeys: true, maxAliasCount: 0 });
	} catch {
		return undefined;
	}
	if (data === null || data === undefined) return [];
	if (typeof data !== 'object' || Array.isArray(data)) return undefined;
	const lines: string[] = [];
	return writeMap(data as Record<string, unknown>, '', lines) ? lines : undefined;
}

function writeMap(map: Record<string, unknown>, indent: string, lines: string[]): boolean {
	for (const [key, value] of Object.entries(map)) {
		const written = writeKey(key);
		if (written === undefined) return false;
		if (!writeEntry(`${indent}${written}:`, value, indent, lines)) return false;
	}
	return true;
}

function writeEntry(head: string, value: unknown, indent: string, lines: string[]): boolean {
	const scalar = writeScalar(value);
	if (scalar !== undefined) {
		lines.push(`${head} ${scalar}`);
		return true;
	}
	if (Array.isArray(value)) {
		if (value.length === 0) {
			lines.push(`${head} []`);
			return true;
		}
		lines.push(head);
		for (const item of value) {
			const s = writeScalar(item);
			if (s === undefined) return false;
			lines.push(`${indent}  - ${s}`);
		}
		return true;
	}
	if (value && typeof value === 'object') {
		if (Object.keys(value).length === 0) {
			lines.push(`${head} {}`);
			return true;
		}
		lines.push(head);
		return writeMap(value as Record<string, unknown>, `${indent}  `, lines);
	}
	return false;
}

/**
 * A key as `mint format` writes it: plain, also where it was written quoted (`"og:title"` →
 * `og:title`), as long as the plain form reads back as the same string key; else kept out of the form.
 */
function writeKey(key: string): string | undefined {
	if (/^[A-Za-z_][\w.-]*$/.test(key)) return key;
	if (!/^[A-Za-z_][\w.:/ -]*$/.test(key) || key.endsWith(':') || key.endsWith(' ') || key.includes(': ')) return undefined;
	try {
		const back = parse(`${key}: 0`, { prettyErrors: false, logLevel: 'silent' }) as unknown;
		return back && typeof back === 'object' && Object.keys(back).length === 1 && Object.hasOwn(back, key) ? key : undefined;
	} catch {
		return undefined;
	}
}

function writeScalar(value: unknown): string | undefined {
	if (typeof value === 'string') return JSON.stringify(value);
	if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
	if (typeof value === 'boolean') return String(value);
	if (value === null) return 'null';
	return undefined;
}
