// MintDoc's a11y findings against `mint a11y` (run offline by the oracle's a11y.mjs, which prints
// its findings as JSON): paired by file, line, column and kind; contrast by the pair of colors.
import type { MintdocFinding } from './compare';

/** One finding of a11y.mjs. */
export interface OfficialA11yFinding {
	readonly check: 'alt-text' | 'contrast';
	readonly severity: 'error' | 'warning';
	readonly file: string;
	readonly line: number | null;
	readonly column: number | null;
	readonly element: string | null;
	readonly pair?: string;
	readonly message: string;
}

export interface A11yComparison {
	readonly found: number;
	readonly missed: readonly OfficialA11yFinding[];
	readonly extra: readonly MintdocFinding[];
}

/** What a finding is about, the same for both sides: `file:line:column:kind`, or `docs.json:contrast:pair:level`. */
function officialKey(f: OfficialA11yFinding): string {
	if (f.check === 'contrast') return `${f.file}:contrast:${(f.pair ?? '').toLowerCase()}:${f.severity === 'error' ? 'fail' : 'warn'}`;
	return `${f.file}:${f.line}:${f.column}:${f.element === 'a' ? 'link' : 'alt'}`;
}

function mintdocKey(f: MintdocFinding & { readonly data?: { readonly pair?: string } }): string | undefined {
	if (f.code === 'a11y-contrast' || f.code === 'a11y-contrast-aaa') {
		const pair = f.data?.pair ?? /^(.*?) \(#/.exec(f.message)?.[1] ?? '';
		return `${f.file}:contrast:${pair.toLowerCase()}:${f.code === 'a11y-contrast' ? 'fail' : 'warn'}`;
	}
	if (f.code === 'a11y-missing-alt' || f.code === 'a11y-link-text')
		return `${f.file}:${f.range.start.line + 1}:${f.range.start.character + 1}:${f.code === 'a11y-link-text' ? 'link' : 'alt'}`;
	return undefined;
}

/** Pairs the two lists (as multisets): found, missed (official only), extra (MintDoc only). */
export function compareA11y(official: readonly OfficialA11yFinding[], mintdoc: readonly MintdocFinding[]): A11yComparison {
	const open = new Map<string, OfficialA11yFinding[]>();
	for (const f of official) {
		const key = officialKey(f);
		open.set(key, [...(open.get(key) ?? []), f]);
	}
	let found = 0;
	const extra: MintdocFinding[] = [];
	for (const f of mintdoc) {
		const key = mintdocKey(f);
		if (key === undefined) continue;
		const waiting = open.get(key);
		if (waiting?.length) {
			waiting.pop();
			found++;
		} else extra.push(f);
	}
	return { found, missed: [...open.values()].flat(), extra };
}
