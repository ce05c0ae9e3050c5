// Differential test of docs.json validity: configurations mutated from real ones (the corpus sites
// and the example site) are judged by the platform's validator (`validateDocsConfig`) and by
// MintDoc's configuration rules (JSON schema + navigation rules); the verdicts must agree.
// MintDoc stricter = a false alarm; MintDoc laxer = a miss (what the platform's build rejects).
import { spawnSync } from 'node:child_process';
import { createRandom } from '../bench/random';
import { noCancellation } from '../server/src/core/cancellation';
import { createLanguageService } from '../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot } from '../test/helpers/inMemoryWorkspace';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rules that judge the configuration itself (not pages, links or OpenAPI documents on disk). */
const configRule = /^(schema|json-|nav-(root-missing|mixed-children|menu-outside-tab|menu-item-children|missing-field|banner-shape|language-code)$)/;

export interface Disagreement {
	readonly mutation: string;
	readonly official: boolean;
	readonly mintdoc: boolean;
	readonly officialPaths: readonly string[];
	readonly mintdocFindings: readonly string[];
}

export interface SchemaDiffResult {
	readonly cases: number;
	readonly agreed: number;
	readonly falseAlarms: readonly Disagreement[];
	readonly misses: readonly Disagreement[];
}

/** Paths (as arrays) of every value in a JSON value. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
	const out: (string | number)[][] = [prefix];
	if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])));
	else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
	return out;
}

function at(value: Json, path: (string | number)[]): Json | undefined {
	let current: Json | undefined = value;
	for (const key of path) current = current && typeof current === 'object' ? (current as Record<string, Json>)[key as string] : undefined;
	return current;
}

/** The mutations: each a description and a function changing a copy in place. */
const mutations: { name: string; apply: (config: Json, path: (string | number)[], rnd: () => number) => boolean }[] = [
	{
		name: 'delete a key',
		apply: (config, path) => {
			const parent = at(config, path.slice(0, -1));
			const key = path[path.length - 1];
			if (!parent || typeof parent !== 'object' || Array.isArray(parent) || typeof key !== 'string') return false;
			delete (parent as Record<string, Json>)[key];
			return true;
		},
	},
	{
		name: 'change a string to a number',
		apply: (config, path) => replace(config, path, v => (typeof v === 'string' ? 42 : undefined)),
	},
	{
		name: 'change a value to another string',
		apply: (config, path, rnd) =>
			replace(config, path, v =>
				typeof v === 'string' || typeof v === 'boolean' ? ['', 'mintdoc-x', 'dark', 'true', 'zh-SG', 'simple'][Math.floor(rnd() * 6)] : undefined,
			),
	},
	{
		name: 'change a boolean to a string',
		apply: (config, path) => replace(config, path, v => (typeof v === 'boolean' ? String(v) : undefined)),
	},
	{
		name: 'wrap a value in an array',
		apply: (config, path) => replace(config, path, v => (typeof v === 'string' || (v && typeof v === 'object' && !Array.isArray(v)) ? [v] : undefined)),
	},
	{
		name: 'replace an object by a string',
		apply: (config, path) => replace(config, path, v => (v && typeof v === 'object' && !Array.isArray(v) && path.length > 0 ? 'x' : undefined)),
	},
	{
		name: 'empty an array',
		apply: (config, path) => replace(config, path, v => (Array.isArray(v) && v.length ? [] : undefined)),
	},
];

function replace(config: Json, path: (string | number)[], change: (value: Json) => Json | undefined): boolean {
	if (path.length === 0) return false;
	const parent = at(config, path.slice(0, -1));
	const key = path[path.length - 1];
	if (!parent || typeof parent !== 'object') return false;
	const next = change((parent as Record<string, Json>)[key as string]);
	if (next === undefined) return false;
	(parent as Record<string, Json>)[key as string] = next;
	return true;
}

/** Mutants of the seed configurations: `count` of them, from a fixed seed so a run can be repeated. */
export function mutants(seeds: readonly Json[], count: number, seed: number): { mutation: string; config: Json }[] {
	const out: { mutation: string; config: Json }[] = seeds.map(config => ({ mutation: 'unchanged', config }));
	const random = createRandom(seed);
	const rnd = () => random.next();
	for (let i = 0; out.length < count + seeds.length && i < count * 20; i++) {
		const base = structuredClone(seeds[Math.floor(rnd() * seeds.length)]);
		const all = paths(base);
		const path = all[Math.floor(rnd() * all.length)];
		const mutation = mutations[Math.floor(rnd() * mutations.length)];
		if (mutation.apply(base, path, rnd)) out.push({ mutation: `${mutation.name} at ${path.join('.') || '(root)'}`, config: base });
	}
	return out;
}

/** MintDoc's verdict on a configuration: its configuration errors (pages and links on disk are not judged here). */
export async function mintdocVerdict(config: Json): Promise<string[]> {
	const workspace = new InMemoryWorkspace({ 'docs.json': JSON.stringify(config, null, 2) });
	const service = createLanguageService({ workspace, schemaValidation: true });
	await service.findDocsRoots(noCancellation);
	const results = await service.checkSite(workspaceRoot, noCancellation);
	return results.flatMap(r => r.diagnostics.filter(d => d.severity === 1 && configRule.test(String(d.code))).map(d => `${d.code}: ${d.message}`));
}

/** Runs the differential test; `verdictScript` is the official schemaVerdict.mjs in its install folder. */
export async function schemaDiff(seeds: readonly Json[], verdictScript: string, count: number, seed: number): Promise<SchemaDiffResult> {
	const cases = mutants(seeds, count, seed);
	const run = spawnSync(process.execPath, [verdictScript], {
		input: cases.map(c => JSON.stringify(c.config)).join('\n') + '\n',
		encoding: 'utf8',
		maxBuffer: 512 * 1024 * 1024,
	});
	if (run.status !== 0) throw new Error(`the platform's validator failed: ${run.stderr}`);
	const official = run.stdout
		.trim()
		.split('\n')
		.map(line => JSON.parse(line) as { valid: boolean; paths: string[] });
	const falseAlarms: Disagreement[] = [];
	const misses: Disagreement[] = [];
	let agreed = 0;
	for (let i = 0; i < cases.length; i++) {
		const findings = await mintdocVerdict(cases[i].config);
		const ours = findings.length === 0;
		const theirs = official[i].valid;
		const row = { mutation: cases[i].mutation, official: theirs, mintdoc: ours, officialPaths: official[i].paths, mintdocFindings: findings };
		if (ours === theirs) agreed++;
		else (theirs ? falseAlarms : misses).push(row);
	}
	return { cases: cases.length, agreed, falseAlarms, misses };
}
