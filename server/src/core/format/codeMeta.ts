/**
 * A code fence's meta (what follows the language) in the web editor's form, learned from `mint
 * format` output. The editor reads the meta into its parts and writes them back in a fixed order:
 * the title's words first (in the order written), then `highlight={…}`, `icon=…`, `focus={…}`, then
 * the flags `expandable`, `lines`, `wrap`, `twoslash`. A line highlight written `{1,3-4}` is
 * `highlight={1,3-4}`; `highlight="4"` and `highlight=4` are `highlight={4}`; `icon="x"` is
 * `icon=x`. A meta this cannot read without losing something (a quoted value with a space, a
 * repeated part, a flag given a value) keeps its parts in place, only its line highlight renamed.
 */
const flags = ['expandable', 'lines', 'wrap', 'twoslash'];
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
		const attribute = /^(highlight|focus|icon|expandable|lines|wrap|twoslash)=(.*)$/.exec(token);
		let ok = true;
		if (braces) ok = set('highlight', `highlight={${braces[1]}}`);
		else if (attribute) {
			const [, key, value] = attribute;
			const bare = value.replace(/^(["'])(.*)\1$/, '$2');
			if (key === 'icon' && bare) ok = set('icon', `icon=${bare}`);
			else if (key !== 'icon' && !flags.includes(key) && lineRange.test(bare.replace(/^\{(.*)\}$/, '$1')))
				ok = set(key, `${key}={${bare.replace(/^\{(.*)\}$/, '$1')}}`);
			else ok = false;
		} else if (flags.includes(token)) ok = set(token, token);
		else title.push(token);
		if (!ok) return highlightMeta(meta);
	}
	return [...title, parts.highlight, parts.icon, parts.focus, ...flags.map(f => parts[f])].filter(Boolean).join(' ');
}

/** Line highlights written `{1,3-4}` are written `highlight={1,3-4}`, the name the platform documents. */
export function highlightMeta(meta: string): string {
	return meta.replace(/(^|\s)(\{[\d,-]+\})(?=\s|$)/g, '$1highlight=$2');
}
