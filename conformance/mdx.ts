// `npm run conformance:mdx -- <docs roots> [--a11y-oracle path/to/a11y.mjs] [--oracle-cache dir]`:
// the MDX checks of issue 22 on real sites.
//  1. a11y: MintDoc's a11y-* findings against `mint a11y` (the oracle's a11y.mjs): found / missed / extra.
//  2. components and icons on the unchanged site: every component-* and icon-* finding, counted by
//     code (each reviewed by hand: see docs/mdx-checks.md).
//  3. injection: component defects of every kind (and an icon, an image without alt text, an
//     unclosed tag, a missing snippet) written into real pages of a copy of the site; each must be
//     reported on the injected line with its code, and nothing else may change.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { compareA11y, type OfficialA11yFinding } from './a11yCompare';
import type { MintdocFinding } from './compare';
import { runMintdoc } from './run';

interface Injection {
	readonly defect: string;
	readonly code: string;
	/** Changes one page's text; returns the new text and the 0-based line the finding must be on, or undefined when the page has no place for it. */
	readonly apply: (text: string) => { text: string; line: number } | undefined;
}

/** Appends lines at the end of a page (no line before them moves). */
const append = (lines: string) => (text: string) => {
	const base = text.endsWith('\n') ? text : text + '\n';
	return { text: `${base}\n${lines}\n`, line: base.split('\n').length };
};

/** Rewrites the first opening tag of a built-in component that starts a line: `<Card title="x"` → `<Card title="x" …`. */
const inTag = (names: readonly string[], edit: (tag: string, attrs: string) => string | undefined) => (text: string) => {
	const lines = text.split('\n');
	let fence = false;
	for (let i = 0; i < lines.length; i++) {
		if (/^\s*(```|~~~)/.test(lines[i])) fence = !fence;
		const m = fence ? null : /^(\s*<)([A-Z][\w.]*)((?:\s+[\w-]+="[^"]*")+)(\s*\/?>)/.exec(lines[i]);
		if (!m || !names.includes(m[2])) continue;
		const attrs = edit(m[2], m[3]);
		if (attrs === undefined) continue;
		lines[i] = m[1] + m[2] + attrs + m[4] + lines[i].slice(m[0].length);
		return { text: lines.join('\n'), line: i };
	}
	return undefined;
};

const injections: readonly Injection[] = [
	{
		defect: 'unknown prop (misspelt)',
		code: 'component-unknown-prop',
		apply: inTag(['Card', 'Accordion', 'Step', 'Tab'], (_t, a) => `${a} tittle="injected"`),
	},
	{
		defect: 'duplicate prop',
		code: 'component-duplicate-prop',
		apply: inTag(['Card', 'Accordion', 'Step', 'Tab', 'ResponseField', 'ParamField'], (_t, a) => {
			const first = /\s+([\w-]+)="[^"]*"/.exec(a);
			return first ? `${a} ${first[1]}="injected"` : undefined;
		}),
	},
	{ defect: 'value outside the documented set', code: 'component-prop-value', apply: append('<Badge color="teal">injected</Badge>') },
	{ defect: 'wrong static type', code: 'component-prop-type', apply: append('<Accordion title="Injected" defaultOpen="false">\n  injected\n</Accordion>') },
	{ defect: 'missing required prop', code: 'component-missing-prop', apply: append('<Tooltip>injected</Tooltip>') },
	{ defect: 'unknown component', code: 'component-unknown', apply: append('<Cardd title="injected">x</Cardd>') },
	{ defect: 'unclosed tag', code: 'mdx-syntax', apply: append('<Note>\n\nunclosed injected note') },
	{
		defect: 'import of a snippet that does not exist',
		code: 'import-not-found',
		apply: append("import Injected from '/snippets/mintdoc-injected-missing.mdx';"),
	},
	{ defect: 'unknown icon', code: 'icon-unknown', apply: append('<Icon icon="mintdoc-injected-no-such-icon" />') },
	{ defect: 'image without alt text', code: 'a11y-missing-alt', apply: append('![](https://example.com/mintdoc-injected.png)') },
];

interface Options {
	roots: string[];
	oracle?: string;
	cache: string;
}

function parseArgs(args: readonly string[]): Options {
	const options: Options = { roots: [], cache: path.join('node_modules', '.cache', 'mintdoc-a11y') };
	for (let i = 0; i < args.length; i++) {
		if (args[i] === '--a11y-oracle') options.oracle = args[++i];
		else if (args[i] === '--oracle-cache') options.cache = args[++i];
		else options.roots.push(args[i]);
	}
	options.oracle ??= process.env.MINTDOC_A11Y_ORACLE;
	return options;
}

/** The official a11y findings of a site, from the cache when it has them. */
function officialA11y(root: string, options: Options): OfficialA11yFinding[] | undefined {
	const cached = path.join(options.cache, root.replace(/[^\w.-]+/g, '_') + '.json');
	if (!existsSync(cached)) {
		if (!options.oracle) return undefined;
		mkdirSync(options.cache, { recursive: true });
		const run = spawnSync(process.execPath, [options.oracle, root, '--out', cached], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'inherit'] });
		if (run.status !== 0 || !existsSync(cached)) throw new Error(`a11y oracle failed on ${root}`);
	}
	return (JSON.parse(readFileSync(cached, 'utf8')) as { findings: OfficialA11yFinding[] }).findings;
}

/** Page files of a site (not snippets), in a stable order. */
function pages(root: string, dir = ''): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
		if (entry.name.startsWith('.') || entry.name === 'node_modules' || /^_?snippets$/.test(entry.name)) continue;
		const relative = dir ? `${dir}/${entry.name}` : entry.name;
		if (entry.isDirectory()) {
			if (!existsSync(path.join(root, relative, 'docs.json'))) out.push(...pages(root, relative));
		} else if (/\.mdx$/.test(entry.name)) out.push(relative);
	}
	return out;
}

/** Folders below the root that hold their own docs.json, relative. */
function nestedRoots(root: string, dir = ''): string[] {
	const out: string[] = [];
	for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
		if (!entry.isDirectory() || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
		const relative = dir ? `${dir}/${entry.name}` : entry.name;
		if (existsSync(path.join(root, relative, 'docs.json'))) out.push(relative);
		else out.push(...nestedRoots(root, relative));
	}
	return out;
}

const key = (f: MintdocFinding) => `${f.file}:${f.range.start.line}:${f.code}:${f.message}`;

/** Injects each defect into its own real page of a copy of the site; returns one row per defect. */
function inject(root: string, before: readonly MintdocFinding[]): { defect: string; page: string; caught: boolean; other: number }[] {
	const copy = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-mdx-inject-'));
	try {
		if (spawnSync('cp', ['-al', root + '/.', copy]).status !== 0) throw new Error('cp -al failed');
		const candidates = pages(root);
		const used = new Set<string>();
		const planned: { injection: Injection; page: string; line: number }[] = [];
		for (const injection of injections) {
			// A page with no findings yet, so that whatever appears on it comes from the injection.
			for (const page of candidates) {
				if (used.has(page) || before.some(f => f.file === page && f.severity === 'error')) continue;
				const file = path.join(copy, page);
				const done = injection.apply(readFileSync(file, 'utf8'));
				if (!done) continue;
				rmSync(file);
				writeFileSync(file, done.text);
				used.add(page);
				planned.push({ injection, page, line: done.line });
				break;
			}
		}
		const after = runMintdoc(copy);
		const old = new Set(before.map(key));
		return planned.map(({ injection, page, line }) => {
			const onPage = after.filter(f => f.file === page && !old.has(key(f)));
			const caught = onPage.some(f => f.code === injection.code && f.range.start.line === line);
			for (const f of onPage.filter(f => !(f.code === injection.code && f.range.start.line === line)))
				console.error(`  ${injection.defect}: also ${f.file}:${f.range.start.line + 1} ${f.code} ${f.message}`);
			return { defect: injection.defect, page, caught, other: onPage.filter(f => !(f.code === injection.code && f.range.start.line === line)).length };
		});
	} finally {
		rmSync(copy, { recursive: true, force: true });
	}
}

function main(): void {
	const options = parseArgs(process.argv.slice(2));
	const a11yRows: string[] = [];
	const reviewRows: string[] = [];
	const injectRows: string[] = [];
	for (const root of options.roots) {
		const name = path.relative(process.cwd(), root) || root;
		// A nested site (a folder with its own docs.json) is counted on its own run, as in conformance/run.ts;
		// but `mint a11y` reads every page under the root, a nested site's included (not its docs.json).
		const nested = nestedRoots(root);
		const all = runMintdoc(root);
		const findings = all.filter(f => !nested.some(n => f.file.startsWith(n + '/')));
		const official = officialA11y(root, options);
		if (official) {
			// A nested site's pages are pages of both roots: each finding once.
			const unique = [...new Map(all.filter(f => !f.file.endsWith('docs.json') || f.file === 'docs.json').map(f => [key(f), f])).values()];
			const { found, missed, extra } = compareA11y(official, unique);
			a11yRows.push(`| ${name} | ${official.length} | ${found} | ${missed.length} | ${extra.length} |`);
			for (const m of missed.slice(0, 5)) console.error(`  missed ${m.file}:${m.line}:${m.column} ${m.element ?? m.pair}`);
			for (const e of extra.slice(0, 5)) console.error(`  extra ${e.file}:${e.range.start.line + 1}:${e.range.start.character + 1} ${e.code}`);
		}
		const counts = new Map<string, number>();
		for (const f of findings) if (/^(component|icon)-/.test(f.code)) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
		reviewRows.push(`| ${name} | ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ') || 'none'} |`);
		const rows = inject(root, findings);
		const caught = rows.filter(r => r.caught).length;
		const other = rows.reduce((n, r) => n + r.other, 0);
		injectRows.push(
			`| ${name} | ${caught}/${rows.length} | ${other} | ${
				rows
					.filter(r => !r.caught)
					.map(r => r.defect)
					.join('; ') || '-'
			} |`,
		);
		console.error(`${name}: done`);
	}
	console.log('\n| site | official a11y findings | found | missed | extra |\n|---|---|---|---|---|');
	console.log(a11yRows.join('\n'));
	console.log('\n| site | component and icon findings on the unchanged site |\n|---|---|');
	console.log(reviewRows.join('\n'));
	console.log('\n| site | injected defects caught on their line | other new findings | not caught |\n|---|---|---|---|');
	console.log(injectRows.join('\n'));
}

main();
