// Pairs MintDoc's findings on a site with the platform's own findings on the same site, and names
// what is left: MintDoc errors the platform does not report (false alarms) and platform findings
// MintDoc does not report (misses). Pure: the inputs are the two JSON outputs and the file texts.
import { getLocation } from 'jsonc-parser';
import * as path from 'node:path';

/** One problem of `mintdoc check --format json`, with `file` relative to the docs root. */
export interface MintdocFinding {
	readonly file: string;
	readonly range: { readonly start: { readonly line: number; readonly character: number } };
	readonly severity: 'error' | 'warning' | 'information' | 'hint';
	readonly code: string;
	readonly message: string;
}

/** One finding of `conformance/official/runner.mjs`. */
export interface OfficialFinding {
	readonly check: string;
	readonly severity: 'error' | 'warning' | 'info';
	readonly file: string | null;
	readonly target: string | null;
	readonly jsonPath: string | null;
	readonly message: string;
}

/** What kind of fact a finding states, so that both sides can be paired. */
export type Kind =
	'link' | 'anchor' | 'page' | 'redirect' | 'config' | 'openapi-entry' | 'openapi-frontmatter' | 'openapi-file' | 'mdx' | 'import' | 'favicon' | 'other';

export interface Keyed<T> {
	readonly finding: T;
	readonly kind: Kind;
	/** Same key on both sides = the same fact. */
	readonly key: string;
	/** The file a fallback pairing groups by (findings of one kind in one file, in order). */
	readonly file: string;
}

export interface Comparison {
	readonly falseAlarms: readonly MintdocFinding[];
	readonly misses: readonly OfficialFinding[];
	/** Official findings that cannot be judged offline (a hosted document that could not be fetched). */
	readonly unverifiable: readonly OfficialFinding[];
	/** Official findings the platform's own renderer contradicts (an anchor to an element the page gives that `id`). */
	readonly contradicted: readonly OfficialFinding[];
	/** MintDoc findings a platform check could not judge: it crashed on a page MintDoc reports as unparsable (crashedChecks.ts). */
	readonly notJudged?: readonly MintdocFinding[];
	/**
	 * MintDoc warnings that say the platform's link check reports something (a relative link read
	 * from the root, a redirect it does not follow, a missing anchor) where it reports nothing:
	 * warnings the platform's code contradicts.
	 */
	readonly contradictedWarnings: readonly MintdocFinding[];
	readonly matched: number;
}

/** Warning codes whose message claims a verdict of the platform's link check, so an unpaired one is contradicted. */
const claimsPlatformVerdict = new Set(['link-relative', 'link-redirected', 'link-anchor-missing']);

/** Normalizes a link target the way both tools resolve it: from the page's folder, without fragment, query, extension or trailing slash. */
export function normalizeTarget(target: string, fromFile: string | undefined): string {
	let t = target.trim().replace(/[?#].*$/, '');
	try {
		t = decodeURI(t);
	} catch {
		// keep as written
	}
	if (!t.startsWith('/') && fromFile !== undefined) t = path.posix.join('/', path.posix.dirname(fromFile), t);
	t = path.posix.normalize(t.startsWith('/') ? t : '/' + t);
	return (
		t
			.replace(/\/+$/, '')
			.replace(/\.mdx?$/i, '')
			.replace(/\/index$/, '') || '/'
	);
}

const quoted = (message: string): string | undefined => /'([^']*)'/.exec(message)?.[1];

const kindOfCode: Record<string, Kind> = {
	'link-broken': 'link',
	'link-broken-unchecked': 'link',
	'link-redirected': 'link',
	'link-relative': 'link',
	'link-wrong-extension': 'link',
	'link-anchor-missing': 'anchor',
	'page-not-found': 'page',
	'page-ignored': 'page',
	'redirect-destination-missing': 'redirect',
	'redirect-self': 'redirect',
	'redirect-loop': 'redirect',
	'mdx-syntax': 'mdx',
	'frontmatter-syntax': 'mdx',
	'frontmatter-unterminated': 'mdx',
	'frontmatter-js': 'mdx',
	'import-not-found': 'import',
	'favicon-not-found': 'favicon',
	'openapi-invalid': 'openapi-file',
	'openapi-syntax': 'openapi-file',
	'openapi-version': 'openapi-file',
	'openapi-external-ref': 'openapi-file',
	'openapi-webhooks-version': 'openapi-file',
};

/** The JSON path (`navigation.tabs[0].groups[1]`) of a position in a JSON text. */
export function jsonPathAt(text: string, line: number, character: number): string {
	let offset = 0;
	for (let l = 0; l < line; l++) {
		const next = text.indexOf('\n', offset);
		if (next === -1) break;
		offset = next + 1;
	}
	return getLocation(text, offset + character + 1).path.reduce<string>(
		(acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc ? `${acc}.${s}` : String(s)),
		'',
	);
}

/** Keys a MintDoc finding; `readText` gives a file's text (for JSON paths in docs.json). */
export function keyMintdoc(finding: MintdocFinding, readText: (file: string) => string | undefined): Keyed<MintdocFinding> {
	const file = finding.file;
	const make = (kind: Kind, key: string): Keyed<MintdocFinding> => ({ finding, kind, key: `${kind}|${key}`, file });
	const kind = kindOfCode[finding.code];
	switch (kind) {
		case 'link':
		case 'anchor': {
			// Both messages name the target page from the root (`'/guides/setup'`, `'guides/setup' has no heading`).
			const target = '/' + (quoted(finding.message) ?? '').replace(/^\/+/, '');
			const anchor = kind === 'anchor' ? (/'#([^']*)'/.exec(finding.message)?.[1] ?? '') : '';
			return make(kind, `${file}|${normalizeTarget(target, file)}${kind === 'anchor' ? '#' + anchor : ''}`);
		}
		case 'page':
			return make(kind, (quoted(finding.message) ?? '').replace(/^\//, ''));
		case 'redirect':
			return make(kind, normalizeTarget(quoted(finding.message) ?? '', undefined));
		case 'mdx':
		case 'import':
			return make(kind, file);
		case 'favicon':
			return make(kind, '');
		case 'openapi-file':
			return make(kind, file.replace(/^\.?\//, ''));
		default:
			break;
	}
	if (finding.code.startsWith('openapi-')) {
		if (file.endsWith('.mdx') || file.endsWith('.md')) return make('openapi-frontmatter', file);
		const text = file.endsWith('.json') ? readText(file) : undefined;
		return make('openapi-entry', text ? jsonPathAt(text, finding.range.start.line, finding.range.start.character) : `${file}:${finding.range.start.line}`);
	}
	if (
		finding.code === 'schema' ||
		finding.code.startsWith('nav-') ||
		finding.code.startsWith('config-') ||
		finding.code.startsWith('ref-') ||
		finding.code.startsWith('json-')
	) {
		const text = readText(file);
		return make('config', text ? jsonPathAt(text, finding.range.start.line, finding.range.start.character) : file);
	}
	return make('other', `${finding.code}|${file}|${finding.range.start.line}`);
}

/** Keys an official finding; undefined for what states no fact about the site (progress, summaries). */
export function keyOfficial(finding: OfficialFinding): Keyed<OfficialFinding> | undefined {
	const file = finding.file ?? '';
	const make = (kind: Kind, key: string): Keyed<OfficialFinding> => ({ finding, kind, key: `${kind}|${key}`, file });
	switch (finding.check) {
		case 'links':
			return finding.target === null ? undefined : make('link', `${file}|${normalizeTarget(finding.target, file)}`);
		case 'anchors': {
			const target = finding.target ?? '';
			const hash = target.indexOf('#');
			const page = hash <= 0 ? normalizeTarget(file, undefined) : normalizeTarget(target.slice(0, hash), file);
			return make('anchor', `${file}|${page}#${target.slice(hash + 1)}`);
		}
		case 'redirects':
			return make('redirect', normalizeTarget(finding.target ?? '', undefined));
		case 'config':
			return make('config', finding.jsonPath ?? '');
		case 'openapi':
			return finding.file === null ? undefined : make('openapi-file', file.replace(/^\.?\//, ''));
		case 'openapi-refs':
			return finding.jsonPath === 'frontmatter.openapi' ? make('openapi-frontmatter', file) : make('openapi-entry', finding.jsonPath ?? '');
		case 'mdx':
			return make('mdx', file);
		case 'validate': {
			if (finding.target !== null && finding.file === 'docs.json') return make('page', finding.target.replace(/^\//, ''));
			if (finding.target !== null) return make('import', file);
			if (/generating favicons/i.test(finding.message)) return make('favicon', '');
			if (finding.jsonPath !== null) return make('config', finding.jsonPath);
			if (/^Error validating OpenAPI file/.test(finding.message) && finding.file) return make('openapi-file', file.replace(/^\.?\//, ''));
			if (finding.file && /\.mdx?$/.test(finding.file)) return make('mdx', file);
			return undefined; // the build's own summary lines ("Build validation failed with N warnings")
		}
		default:
			return undefined;
	}
}

/** Config paths pair when one contains the other (the schema reports a union at its parent, MintDoc at the key). */
const configPairs = (a: string, b: string) => a === b || a.startsWith(b + '.') || a.startsWith(b + '[') || b.startsWith(a + '.') || b.startsWith(a + '[');

/**
 * Pairs both sides: first by key, then config paths by containment, then, within one file and kind,
 * in order (a link written two ways that both tools resolve alike). Only MintDoc *errors* can be
 * false alarms; every official error or warning MintDoc does not state at any severity is a miss.
 */
export function compare(
	ours: readonly Keyed<MintdocFinding>[],
	official: readonly Keyed<OfficialFinding>[],
	offlineGaps: { readonly remoteFolders: readonly string[] },
): Comparison {
	const officialKeys = new Set(official.map(o => o.key));
	const ourKeys = new Set(ours.map(o => o.key));
	const officialConfig = official.filter(o => o.kind === 'config' || o.kind === 'openapi-entry');
	const ourConfig = ours.filter(o => o.kind === 'config' || o.kind === 'openapi-entry');
	const pairedByContainment = (key: string, others: readonly Keyed<unknown>[]) => {
		const [kind, p] = splitKey(key);
		return (kind === 'config' || kind === 'openapi-entry') && others.some(o => configPairs(p, splitKey(o.key)[1]));
	};
	const unpairedOurs = ours.filter(o => !officialKeys.has(o.key) && !pairedByContainment(o.key, officialConfig));
	const unpairedOfficial = official.filter(o => !ourKeys.has(o.key) && !pairedByContainment(o.key, ourConfig));
	// Fallback: the same number of findings of one kind in one file are the same findings.
	const group = <T>(items: readonly Keyed<T>[]) => {
		const map = new Map<string, Keyed<T>[]>();
		for (const item of items) map.set(`${item.kind}|${item.file}`, [...(map.get(`${item.kind}|${item.file}`) ?? []), item]);
		return map;
	};
	const oursByFile = group(unpairedOurs);
	const officialByFile = group(unpairedOfficial);
	const leftOurs: Keyed<MintdocFinding>[] = [];
	const leftOfficial: Keyed<OfficialFinding>[] = [];
	for (const [groupKey, items] of oursByFile) {
		const theirs = officialByFile.get(groupKey) ?? [];
		leftOurs.push(...items.slice(theirs.length));
	}
	for (const [groupKey, items] of officialByFile) {
		const mine = oursByFile.get(groupKey) ?? [];
		leftOfficial.push(...items.slice(mine.length));
	}
	const falseAlarms = leftOurs.filter(o => o.finding.severity === 'error').map(o => o.finding);
	const unverifiable: OfficialFinding[] = [];
	const misses: OfficialFinding[] = [];
	for (const o of leftOfficial) {
		if (o.finding.severity === 'info') continue;
		// Offline, the platform's link check cannot build the pages of a hosted OpenAPI document, so it calls links into their folder broken.
		const target = o.kind === 'link' ? o.key.slice(o.key.lastIndexOf('|') + 1) : '';
		if (offlineGaps.remoteFolders.some(folder => target === '/' + folder || target.startsWith(`/${folder}/`))) unverifiable.push(o.finding);
		else misses.push(o.finding);
	}
	const contradictedWarnings = leftOurs.filter(o => o.finding.severity === 'warning' && claimsPlatformVerdict.has(o.finding.code)).map(o => o.finding);
	return { falseAlarms, misses, unverifiable, contradicted: [], contradictedWarnings, matched: ours.length - leftOurs.length };
}

function splitKey(key: string): [string, string] {
	const bar = key.indexOf('|');
	return [key.slice(0, bar), key.slice(bar + 1)];
}
