/**
 * A code fence's meta (what follows the language) in the web editor's form, learned from `mint
 * format` output (@mintlify/cli 4.0.1552, checked again 2026-12-05). The editor reads the meta into
 * its parts and writes them back in a fixed order: the title's words first (in the order written),
 * then `expandable`, `highlight={…}`, `icon=…`, `lines`, `wrap`, `focus={…}`, `twoslash`, `nocopy`. A line highlight written `{1,3-4}` is
 * `highlight={1,3-4}`; `highlight="4"` and `highlight=4` are `highlight={4}`; line numbers are
 * written in order, consecutive ones as a range (`{1,2,5}` → `{1-2,5}`); `icon="x"` is
 * `icon=x`. A meta this cannot read without losing something (a quoted value with a space, a
 * repeated part, a flag given a value) keeps its parts in place, only its line highlight renamed.
 */
const flags = ['expandable', 'lines', 'wrap', 'twoslash', 'nocopy'];

/** The parts of a meta in the order the editor writes them (completion offers them in this order too). */
export const codeMetaOrder = ['title', 'expandable', 'highlight', 'icon', 'lines', 'wrap', 'focus', 'twoslash', 'nocopy'] as const;
const lineRange = /^[\d,-]+$/;

export function writeCodeMeta(meta: string): string {
	const tokens = meta.split(/\s+/).filter(Boolean);
	if (tokens.some(t => (t.match(/"/g)?.length ?? 0) % 2 === 1 || (t.match(/'/g)?.length ?? 0) % 2 === 1)) return highlightMeta(meta);
	const title: string[] = [];
	const parts: Record<string, string> = {};
	const set = (key: string, value: string) => {
		if (Object.prototype.hasOwnProperty.call(parts, key)) return false;
		parts[key] = value;
		return true;
	};
	for (const token of tokens) {
		const braces = /^\{([\d,-]+)\}$/.exec(token);
		const attribute = /^(highlight|focus|icon|expandable|lines|wrap|twoslash|nocopy)=(.*)$/.exec(token);
		let ok = true;
		if (braces) ok = set('highlight', `highlight={${lineRuns(braces[1])}}`);
		else if (attribute) {
			const [, key, value] = attribute;
			const bare = value.replace(/^(["'])(.*)\1$/, '$2');
			if (key === 'icon' && bare) ok = set('icon', `icon=${bare}`);
			else if (key !== 'icon' && !flags.includes(key) && lineRange.test(bare.replace(/^\{(.*)\}$/, '$1')))
				ok = set(key, `${key}={${lineRuns(bare.replace(/^\{(.*)\}$/, '$1'))}}`);
			else ok = false;
		} else if (flags.includes(token)) ok = set(token, token);
		else title.push(token);
		if (!ok) return highlightMeta(meta);
	}
	return [...title, ...codeMetaOrder.slice(1).map(part => parts[part])].filter(Boolean).join(' ');
}

/**
 * A fence's language and meta as the web editor writes them: `text` when no language was given, and
 * a fence whose first word is `nocopy` (` ```nocopy `) is a `text` block with that flag — the editor
 * reads the word as the flag, not as a language (it does so for `nocopy` only: ` ```wrap ` stays).
 */
export function writeCodeInfo(lang: string | null | undefined, meta: string | null | undefined): { lang: string; meta: string } {
	const flagFirst = lang === 'nocopy';
	const words = flagFirst ? ['nocopy', meta ?? ''].join(' ').trim() : (meta ?? '');
	return { lang: flagFirst || !lang ? 'text' : lang, meta: words ? writeCodeMeta(words) : '' };
}

/**
 * Line numbers as the editor writes them: in order, once each, consecutive ones as a range
 * (`5,1,2,3` → `1-3,5`). Written as given when a part is not a number or a range in order.
 */
function lineRuns(spec: string): string {
	const lines = new Set<number>();
	for (const part of spec.split(',')) {
		const m = /^(\d+)(?:-(\d+))?$/.exec(part);
		const from = Number(m?.[1]);
		const to = Number(m?.[2] ?? m?.[1]);
		if (!m || to < from || to - from > 10_000) return spec;
		for (let n = from; n <= to; n++) lines.add(n);
	}
	const sorted = [...lines].sort((a, b) => a - b);
	const runs: string[] = [];
	for (let i = 0; i < sorted.length;) {
		let j = i;
		while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
		runs.push(j === i ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
		i = j + 1;
	}
	return runs.join(',');
}

/** Line highlights written `{1,3-4}` are written `highlight={1,3-4}`, the name the platform documents. */
export function highlightMeta(meta: string): string {
	return meta.replace(/(^|\s)(\{[\d,-]+\})(?=\s|$)/g, '$1highlight=$2');
}
