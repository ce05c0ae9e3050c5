import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createRandom, type Random } from './random';
import { constructBlock, constructShares, type Construct } from './realisticMix';
import { generateBenchSpec, type BenchSpecShape } from './specGenerator';

/**
 * Bump when the generated sites change shape: a cached site whose stamp differs is written again.
 * The stamp also holds the seed, so a different seed never reuses a cached site.
 */
export const generatorVersion = 5;
export const defaultSeed = 20250110;

export type SizeName = 'S' | 'M' | 'L';

/** The sizes the issue names; counts are exact. */
export interface SizeSpec {
	readonly name: SizeName;
	readonly pages: number;
	readonly languages: readonly string[];
	readonly versions: number;
	readonly specs: readonly (BenchSpecShape & { readonly file: string })[];
	readonly links: number;
}

export const sizes: Record<SizeName, SizeSpec> = {
	S: {
		name: 'S',
		pages: 100,
		languages: ['en'],
		versions: 1,
		specs: [{ file: 'api-reference/openapi.yaml', operations: 50, schemaDepth: 3, format: 'yaml' }],
		links: 500,
	},
	M: {
		name: 'M',
		pages: 2_000,
		languages: ['en', 'fr', 'es', 'de'],
		versions: 1,
		links: 20_000,
		specs: [
			{ file: 'api-reference/payments.yaml', operations: 500, schemaDepth: 4, format: 'yaml', pathPrefix: '/payments' },
			{ file: 'api-reference/billing.json', operations: 500, schemaDepth: 4, format: 'json', pathPrefix: '/billing' },
			{ file: 'api-reference/identity.yaml', operations: 500, schemaDepth: 4, format: 'yaml', pathPrefix: '/identity' },
		],
	},
	// 100 versions × 4 languages; one 15 MB JSON document (huge generated specs are JSON in practice).
	L: {
		name: 'L',
		pages: 25_000,
		languages: ['en', 'fr', 'es', 'de'],
		versions: 100,
		links: 200_000,
		specs: [{ file: 'openapi.json', operations: 5_000, schemaDepth: 6, format: 'json', targetBytes: 15 * 1024 * 1024 }],
	},
};

/** What the bench needs to know about a generated site to drive edits and requests. */
export interface GeneratedSite {
	readonly size: SizeName;
	readonly dir: string;
	readonly pages: number;
	readonly links: number;
	readonly operations: number;
	readonly files: number;
	readonly bytes: number;
	/** Page paths listed in docs.json, in order (edits rename some of them). */
	readonly navPages: readonly string[];
	/** A page in the middle of the site (MDX edits) and a page that links to it. */
	readonly middlePage: string;
	/** `METHOD /path` entries listed in docs.json (edits change their method), with their spec. */
	readonly endpointEntries: readonly string[];
	/** The spec files, relative to the site. */
	readonly specFiles: readonly string[];
}

const words =
	'account api request response payment customer invoice refund webhook event token session key limit page cursor field object list create update delete retrieve charge balance transfer payout dispute subscription plan price product coupon discount tax report export import schedule retry signature version region currency amount status error'.split(
		' ',
	);
const sections = ['guides', 'concepts', 'integrations', 'reference', 'tutorials', 'platform', 'security', 'operations'];
const headings = ['Overview', 'Before you begin', 'Configuration', 'Examples', 'Troubleshooting'];

function sentence(random: Random, n = 12): string {
	const out: string[] = [];
	for (let i = 0; i < n; i++) out.push(random.pick(words));
	const text = out.join(' ');
	return text[0].toUpperCase() + text.slice(1) + '.';
}

function slug(text: string): string {
	return text
		.toLowerCase()
		.replace(/[^a-z0-9 -]/g, '')
		.replace(/ /g, '-');
}

interface Bucket {
	readonly language: string;
	readonly version: string | undefined;
	readonly prefix: string;
	readonly pages: string[];
}

/** Generates (or reuses, when the cached stamp matches) one site under `cacheDir`. */
export function ensureSite(cacheDir: string, size: SizeName, seed = defaultSeed, log: (line: string) => void = () => undefined): GeneratedSite {
	const dir = path.join(cacheDir, `site-${size}`);
	const stampFile = path.join(dir, '.bench-stamp.json');
	const stamp = `${generatorVersion}:${seed}:${size}`;
	if (existsSync(stampFile)) {
		const cached = JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string; site: GeneratedSite };
		if (cached.stamp === stamp && existsSync(path.join(dir, 'docs.json'))) return { ...cached.site, dir };
	}
	log(`generating site ${size} in ${dir} ...`);
	rmSync(dir, { recursive: true, force: true });
	const site = generateSite(dir, sizes[size], seed);
	writeFileSync(stampFile, JSON.stringify({ stamp, site }));
	return site;
}

function generateSite(dir: string, spec: SizeSpec, seed: number): GeneratedSite {
	const random = createRandom(seed);
	let files = 0;
	let bytes = 0;
	const write = (relative: string, text: string) => {
		const file = path.join(dir, relative);
		mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(file, text);
		files++;
		bytes += Buffer.byteLength(text);
	};

	// Split the pages over (language × version) buckets as evenly as the count allows.
	const buckets: Bucket[] = [];
	const versions = spec.versions > 1 ? Array.from({ length: spec.versions }, (_, i) => `v${i + 1}`) : [undefined];
	for (const language of spec.languages)
		for (const version of versions) buckets.push({ language, version, prefix: version ? `${language}/${version}` : language, pages: [] });
	for (let i = 0; i < spec.pages; i++) {
		const bucket = buckets[i % buckets.length];
		const n = bucket.pages.length;
		bucket.pages.push(`${bucket.prefix}/${sections[Math.floor(n / 12) % sections.length]}/page-${n}`);
	}

	// Links: exactly spec.links in total, spread over the pages; about one in three carries an #anchor.
	const perPage = Math.floor(spec.links / spec.pages);
	let extra = spec.links - perPage * spec.pages;
	const specs = spec.specs.map(s => ({ ...s, text: generateBenchSpec(s, random.fork()) }));
	for (const s of specs) write(s.file, s.text.text);
	const operations = specs.flatMap(s => s.text.operations.map(op => ({ file: s.file, op })));

	let pageIndex = 0;
	for (const bucket of buckets) {
		for (const page of bucket.pages) {
			const count = perPage + (extra-- > 0 ? 1 : 0);
			const targets = Array.from({ length: count }, () => random.pick(bucket.pages));
			// A page documenting an endpoint through its frontmatter, every 40th page.
			const documents = pageIndex % 40 === 7 && operations.length ? random.pick(operations) : undefined;
			write(`${page}.mdx`, pageText(random, page, targets, documents && `${documents.file.replace(/\.(ya?ml|json)$/, '')} ${documents.op}`));
			pageIndex++;
		}
	}
	write('snippets/support.mdx', 'Need help? Write to [support](mailto:support@example.com).\n');
	write('snippets/progress.mdx', 'export const ProgressBar = ({ pages, current }) => <p>Step {current + 1} of {pages.length}</p>;\n');

	// Navigation: languages › versions › tabs › groups of 12 pages (nested groups every third group).
	const endpointEntries: string[] = [];
	const languages = spec.languages.map(language => {
		const ofLanguage = buckets.filter(b => b.language === language);
		const versionsNav = ofLanguage.map((bucket, vi) => {
			const groups: unknown[] = [];
			for (let g = 0; g * 12 < bucket.pages.length; g++) {
				const chunk = bucket.pages.slice(g * 12, g * 12 + 12);
				const pages: unknown[] = g % 3 === 2 && chunk.length > 6 ? [...chunk.slice(0, 6), { group: `More ${g}`, pages: chunk.slice(6) }] : chunk;
				groups.push({ group: `${sections[g % sections.length]} ${g}`.replace(/^./, c => c.toUpperCase()), pages });
			}
			// API tab: a window of endpoint entries per spec (all of them when there are few buckets).
			const apiGroups = specs.map((s, si) => {
				const ops = s.text.operations;
				const window = ofLanguage.length > 1 ? 20 : ops.length;
				const start = (vi * 20 + si * 7) % Math.max(1, ops.length - window + 1);
				const entries = ops.slice(start, start + window);
				endpointEntries.push(...entries);
				return { group: `${s.file.replace(/.*\//, '').replace(/\..*$/, '')} API`, openapi: s.file, pages: entries };
			});
			const tabs = [
				{ tab: 'Guides', groups },
				{ tab: 'API reference', groups: apiGroups },
			];
			return bucket.version ? { version: bucket.version, tabs } : { tabs };
		});
		return spec.versions > 1 ? { language, versions: versionsNav } : { language, ...versionsNav[0] };
	});
	const docs = {
		$schema: 'https://mintlify.com/docs.json',
		theme: 'mint',
		name: `Bench site ${spec.name}`,
		colors: { primary: '#4F46E5' },
		navigation: { languages },
		redirects: [{ source: '/old/:slug*', destination: `/${buckets[0].pages[0]}` }],
	};
	write('docs.json', JSON.stringify(docs, null, 2) + '\n');

	const navPages = buckets.flatMap(b => b.pages);
	const middle = buckets[Math.floor(buckets.length / 2)];
	return {
		size: spec.name,
		dir,
		pages: spec.pages,
		links: spec.links,
		operations: operations.length,
		files,
		bytes,
		navPages,
		middlePage: middle.pages[Math.floor(middle.pages.length / 2)],
		endpointEntries: [...new Set(endpointEntries)],
		specFiles: specs.map(s => s.file),
	};
}

/** One page: frontmatter, headings, prose, a table, components, code, and exactly `targets.length` internal links. */
export function pageText(random: Random, page: string, targets: readonly string[], openapi: string | undefined): string {
	const title = `${random.pick(words)} ${random.pick(words)} ${page.split('-').pop()}`.replace(/^./, c => c.toUpperCase());
	const link = (target: string) => `/${target}${random.next() < 0.33 ? '#' + slug(random.pick(headings)) : ''}`;
	const links = targets.map(link);
	const out: string[] = ['---', `title: "${title}"`, `description: "${sentence(random, 8).slice(0, -1)}"`];
	if (openapi) out.push(`openapi: "${openapi}"`);
	out.push('---', '');
	// The constructs real pages use, each with its measured odds; placed after random sections below.
	const extras = (Object.keys(constructShares) as Construct[]).filter(c => random.next() < constructShares[c]);
	if (extras.includes('importSnippet')) out.push("import Support from '/snippets/support.mdx';", '');
	if (extras.includes('jsxExpressionProp')) out.push("import { ProgressBar } from '/snippets/progress.mdx';", '');
	const word = () => random.pick(words);
	let next = 0;
	const inline = () => (next < links.length ? ` See [${random.pick(words)} ${random.pick(words)}](${links[next++]}).` : '');
	out.push(`${sentence(random, 18)}${inline()}`, '');
	for (const [h, heading] of headings.entries()) {
		out.push(`## ${heading}`, '');
		out.push(`${sentence(random, 14)} ${sentence(random, 10)}${inline()}`, '');
		if (h === 1) out.push('<Note>', `  ${sentence(random, 10)}`, '</Note>', '');
		if (h === 2)
			out.push(
				'| Field | Type | Description |',
				'| --- | --- | --- |',
				...Array.from({ length: 3 }, () => `| \`${random.pick(words)}\` | string | ${sentence(random, 6)} |`),
				'',
			);
		if (h === 3) out.push('```bash Request', `curl https://api.example.com/v1/${random.pick(words)} \\`, '  -H "Authorization: Bearer $KEY"', '```', '');
		for (const extra of extras) if (extra.length % headings.length === h) out.push(...constructBlock(extra, random, n => sentence(random, n), word));
	}
	// Remaining links as cards, the way landing sections are written.
	if (next < links.length) {
		out.push('<CardGroup cols={2}>');
		while (next < links.length) out.push(`  <Card title="${random.pick(words)}" href="${links[next++]}">`, `    ${sentence(random, 6)}`, '  </Card>');
		out.push('</CardGroup>', '');
	}
	return out.join('\n');
}
