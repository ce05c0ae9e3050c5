// Defects the platform rejects, injected into a copy of a real site: MintDoc must report each one
// (a check made quiet on real sites must not have gone blind). The copy hard-links every file and
// replaces only the files it changes, so the original site is never written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { MintdocFinding } from './compare';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Defect {
	readonly defect: string;
	/** The rule code MintDoc must report, and a text its message must hold. */
	readonly expected: string;
	readonly marker?: string;
	/** A finding MintDoc must NOT report (its code and a text of its message): a chain ending at a page is not a missing destination. */
	readonly forbidden?: { readonly code: string; readonly marker: string };
	/** Changes the configuration (and may write files); false when the site has nothing to inject into. */
	readonly apply: (config: JsonObject, write: (file: string, text: string) => void, root: string) => boolean;
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every object of the navigation, depth first. */
function* elements(node: Json | undefined): Generator<JsonObject> {
	if (Array.isArray(node)) for (const item of node) yield* elements(item);
	else if (isObject(node)) {
		yield node;
		for (const value of Object.values(node)) if (typeof value === 'object') yield* elements(value);
	}
}

const firstWith = (config: JsonObject, test: (e: JsonObject) => boolean) => [...elements(config.navigation)].find(test);
const pageEntries = (config: JsonObject) =>
	[...elements(config.navigation)].flatMap(e => (Array.isArray(e.pages) ? e.pages.filter((p): p is string => typeof p === 'string') : []));

const defects: readonly Defect[] = [
	{
		defect: 'a navigation page with no file',
		expected: 'page-not-found',
		marker: 'mintdoc-injected/missing-page',
		apply: config => {
			const group = firstWith(config, e => Array.isArray(e.pages));
			if (!group) return false;
			(group.pages as Json[]).push('mintdoc-injected/missing-page');
			return true;
		},
	},
	{
		defect: 'a group without a name',
		expected: 'nav-missing-field',
		apply: config => {
			const parent = firstWith(config, e => Array.isArray(e.groups));
			const page = pageEntries(config)[0];
			if (!parent || !page) return false;
			(parent.groups as Json[]).push({ pages: [page] });
			return true;
		},
	},
	{
		defect: 'mixed navigation children',
		expected: 'nav-mixed-children',
		apply: config => {
			const parent = firstWith(config, e => Array.isArray(e.groups) && !('anchors' in e));
			const page = pageEntries(config)[0];
			if (!parent || !page) return false;
			parent.anchors = [{ anchor: 'Injected', pages: [page] }];
			return true;
		},
	},
	{
		defect: 'a language code no list accepts',
		expected: 'nav-language-code',
		marker: 'xx-injected',
		apply: config => {
			const parent = firstWith(config, e => Array.isArray(e.languages));
			const page = pageEntries(config)[0];
			if (!parent || !page) return false;
			(parent.languages as Json[]).push({ language: 'xx-injected', pages: [page] });
			return true;
		},
	},
	{
		defect: 'an operation its document does not have',
		expected: 'openapi-operation-not-found',
		marker: '/mintdoc-injected-nowhere',
		apply: (config, _write, root) => {
			// A navigation element with a local OpenAPI document and pages of its own, else a new group
			// that names one of the repository's OpenAPI documents.
			const scope = firstWith(config, e => typeof e.openapi === 'string' && !/^https?:/.test(e.openapi) && Array.isArray(e.pages));
			if (scope) {
				(scope.pages as Json[]).push('GET /mintdoc-injected-nowhere');
				return true;
			}
			const spec = findOpenApiFile(root);
			const parent = firstWith(config, e => Array.isArray(e.groups)) ?? firstWith(config, e => Array.isArray(e.pages));
			if (!spec || !parent) return false;
			const group = { group: 'Injected', openapi: '/' + spec, pages: ['GET /mintdoc-injected-nowhere'] };
			if (Array.isArray(parent.groups)) (parent.groups as Json[]).push(group);
			else (parent.pages as Json[]).push(group);
			return true;
		},
	},
	{
		defect: 'a broken link in a page',
		expected: 'link-broken',
		marker: '/mintdoc-injected/nowhere',
		apply: (config, write, root) => {
			// The first page entry whose file exists.
			for (const page of pageEntries(config).filter(p => !/\s/.test(p) && !/^https?:/.test(p))) {
				for (const extension of ['.mdx', '.md']) {
					const file = path.join(root, page.replace(/^\//, '') + extension);
					if (!existsSync(file)) continue;
					write(file, readFileSync(file, 'utf8') + '\n\nSee [the injected page](/mintdoc-injected/nowhere).\n');
					return true;
				}
			}
			return false;
		},
	},
	...redirectDefects(),
];

/** The site's page entries whose file exists, from the root. */
function existingPages(config: JsonObject, root: string): string[] {
	return pageEntries(config)
		.filter(p => !/\s/.test(p) && !/^https?:/.test(p))
		.map(p => p.replace(/^\//, ''))
		.filter(p => existsSync(path.join(root, p + '.mdx')) || existsSync(path.join(root, p + '.md')));
}

/** The site's `redirects` as an array (inlined from its `$ref` file when it has one), created when missing. */
function redirectsOf(config: JsonObject, root: string): Json[] | undefined {
	const value = config.redirects;
	if (value === undefined) return (config.redirects = []);
	if (Array.isArray(value)) return value;
	if (isObject(value) && typeof value.$ref === 'string') {
		const inlined = JSON.parse(readFileSync(path.join(root, value.$ref), 'utf8')) as Json;
		if (!Array.isArray(inlined)) return undefined;
		config.redirects = inlined;
		return inlined;
	}
	return undefined;
}

/** Redirect shapes the platform's documentation warns about, each named for what it is. */
function redirectDefects(): Defect[] {
	const add =
		(make: (pages: string[]) => { source: string; destination: string }[] | undefined) =>
		(config: JsonObject, _write: unknown, root: string): boolean => {
			const entries = make(existingPages(config, root));
			const redirects = entries && redirectsOf(config, root);
			if (!entries || !redirects) return false;
			redirects.push(...entries);
			return true;
		};
	return [
		{
			defect: 'a redirect to itself',
			expected: 'redirect-self',
			marker: 'mintdoc-injected/self',
			apply: add(() => [{ source: '/mintdoc-injected/self', destination: '/mintdoc-injected/self' }]),
		},
		{
			defect: 'a two-step redirect loop',
			expected: 'redirect-loop',
			marker: 'mintdoc-injected/loop-b',
			apply: add(() => [
				{ source: '/mintdoc-injected/loop-a', destination: '/mintdoc-injected/loop-b' },
				{ source: '/mintdoc-injected/loop-b', destination: '/mintdoc-injected/loop-a' },
			]),
		},
		{
			defect: 'a redirect chain a → b → page',
			expected: 'redirect-chain',
			marker: 'mintdoc-injected/chain-b',
			forbidden: { code: 'redirect-destination-missing', marker: 'mintdoc-injected/chain-b' },
			apply: add(pages =>
				pages[0] === undefined
					? undefined
					: [
							{ source: '/mintdoc-injected/chain-a', destination: '/mintdoc-injected/chain-b' },
							{ source: '/mintdoc-injected/chain-b', destination: '/' + pages[0] },
						],
			),
		},
		{
			defect: 'a redirect source that is a page',
			expected: 'redirect-shadows-page',
			marker: "but this redirect sends its readers to '/mintdoc-injected-shadow-target",
			apply: add(pages => (pages[1] === undefined ? undefined : [{ source: '/' + pages[1], destination: '/mintdoc-injected-shadow-target' }])),
		},
		{
			defect: 'two patterns redirecting into each other',
			expected: 'redirect-loop',
			marker: 'mintdoc-injected/q/:slug*',
			apply: add(() => [
				{ source: '/mintdoc-injected/p/:slug*', destination: '/mintdoc-injected/q/:slug*' },
				{ source: '/mintdoc-injected/q/:slug*', destination: '/mintdoc-injected/p/:slug*' },
			]),
		},
	];
}

/** The first OpenAPI document (JSON or YAML with an `openapi` key) under the root, relative, or undefined. */
function findOpenApiFile(root: string, dir = ''): string | undefined {
	for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
		if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
		const relative = dir ? `${dir}/${entry.name}` : entry.name;
		if (entry.isDirectory()) {
			const found = findOpenApiFile(root, relative);
			if (found) return found;
		} else if (
			/\.(json|ya?ml)$/i.test(entry.name) &&
			entry.name !== 'docs.json' &&
			/(^|["'\s{,])openapi["']?\s*:\s*["']?3\./m.test(readFileSync(path.join(root, relative), 'utf8'))
		)
			return relative;
	}
	return undefined;
}

/** Copies the site (hard links), injects every defect that fits it, runs MintDoc, and says which were reported. */
export function injectDefects(
	root: string,
	check: (root: string) => MintdocFinding[],
	log: (line: string) => void,
): { defect: string; expected: string; found: boolean }[] {
	const results: { defect: string; expected: string; found: boolean }[] = [];
	// One copy for all the local defects, one for a navigation with no root element (it hides the others).
	for (const batch of [defects, [noRoot]]) {
		const copy = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-inject-'));
		try {
			const link = spawnSync('cp', ['-al', root + '/.', copy]);
			if (link.status !== 0) throw new Error(`cannot copy ${root}: ${link.stderr}`);
			const write = (file: string, text: string) => {
				const target = path.join(copy, path.relative(root, file));
				rmSync(target, { force: true }); // never write through the hard link into the original
				writeFileSync(target, text);
			};
			const config = JSON.parse(readFileSync(path.join(root, 'docs.json'), 'utf8')) as JsonObject;
			const applied = batch.filter(d => d.apply(config, write, root));
			write(path.join(root, 'docs.json'), JSON.stringify(config, null, 2));
			const findings = check(copy);
			for (const d of applied)
				results.push({
					defect: d.defect,
					expected: d.expected,
					found:
						findings.some(f => f.code === d.expected && (!d.marker || f.message.includes(d.marker))) &&
						!findings.some(f => d.forbidden && f.code === d.forbidden.code && f.message.includes(d.forbidden.marker)),
				});
			log(`  injected ${applied.length} defect(s) into a copy: ${applied.map(d => d.defect).join('; ')}`);
		} finally {
			rmSync(copy, { recursive: true, force: true });
		}
	}
	return results;
}

const noRoot: Defect = {
	defect: 'a navigation without a root element',
	expected: 'nav-root-missing',
	apply: config => {
		config.navigation = {};
		return true;
	},
};
