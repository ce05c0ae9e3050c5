// The drift alarm's reader: the newest published @mintlify/validation, @mintlify/common and
// @mintlify/models, fetched with `npm pack` (no install: the newest set often does not install
// here) into a cache folder, and the tables of platformTables.ts read from their files as text.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { compareVersions } from './newestOfficial';
import type { PlatformTables, TableName } from './platformTables';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const packages = ['@mintlify/validation', '@mintlify/common', '@mintlify/models'] as const;

export interface PublishedTables {
	readonly versions: Record<string, string>;
	readonly tables: Partial<PlatformTables>;
	/** Tables that could not be read (a file moved or changed shape), with why. */
	readonly unread: Partial<Record<TableName, string>>;
}

/** The newest published versions, or why the registry could not be asked (then the alarm is skipped, not failed). */
function newestVersions(timeoutMs: number): Record<string, string> | { offline: string } {
	const versions: Record<string, string> = {};
	for (const name of packages) {
		const result = spawnSync(npm, ['view', name, 'versions', '--json'], { encoding: 'utf8', timeout: timeoutMs });
		if (result.status !== 0)
			return { offline: `npm view ${name} failed: ${(result.stderr || result.error?.message || `exit ${result.status}`).trim().split('\n')[0]}` };
		const list = (JSON.parse(result.stdout) as string[]).filter(v => !v.includes('-')).sort(compareVersions);
		versions[name] = list.at(-1)!;
	}
	return versions;
}

/** `npm pack` of one version into `<cache>/<name>@<version>/package` (kept: a version never changes). */
function unpacked(cache: string, name: string, version: string, timeoutMs: number): string | { offline: string } {
	const dir = path.join(cache, `${name.replace('/', '+')}@${version}`);
	const root = path.join(dir, 'package');
	if (existsSync(path.join(root, 'package.json'))) return root;
	mkdirSync(dir, { recursive: true });
	const pack = spawnSync(npm, ['pack', `${name}@${version}`, '--silent'], { cwd: dir, encoding: 'utf8', timeout: timeoutMs });
	const tarball = readdirSync(dir).find(f => f.endsWith('.tgz'));
	if (pack.status !== 0 || !tarball) return { offline: `npm pack ${name}@${version} failed: ${(pack.stderr || '').trim().split('\n')[0]}` };
	const tar = spawnSync('tar', ['-xzf', tarball], { cwd: dir, encoding: 'utf8' });
	if (tar.status !== 0) return { offline: `tar of ${tarball} failed: ${tar.stderr}` };
	return root;
}

/** The quoted strings of the first array literal after `anchor` (`allowedComponents = [ ... ]`). */
export function arrayAfter(text: string, anchor: RegExp): string[] | undefined {
	const match = anchor.exec(text);
	if (!match) return undefined;
	const start = text.indexOf('[', match.index);
	const end = text.indexOf(']', start);
	if (start < 0 || end < 0) return undefined;
	return [...text.slice(start, end).matchAll(/(["'])([^"']+)\1/g)].map(m => m[2]!);
}

/** The keys written at one indentation inside the object that follows `anchor` (`decoratedPageSchema = z.object({`), up to its closing line. */
export function objectKeysAfter(text: string, anchor: RegExp, indent: number): string[] | undefined {
	const match = anchor.exec(text);
	if (!match) return undefined;
	const body = text.slice(match.index);
	const close = new RegExp(`^ {0,${indent - 4}}\\S`, 'm');
	const lines: string[] = [];
	for (const line of body.split('\n').slice(1)) {
		if (close.test(line) && lines.length) break;
		lines.push(line);
	}
	const keys = lines.join('\n').matchAll(new RegExp(`^ {${indent}}(?:'([^']+)'|"([^"]+)"|([A-Za-z$][\\w$]*)):`, 'gm'));
	const found = [...keys].map(m => m[1] ?? m[2] ?? m[3]!);
	return found.length ? found : undefined;
}

function read(root: string, file: string): string | undefined {
	const full = path.join(root, file);
	return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

/** Reads every table it can; what it cannot read is named in `unread` (a failing alarm too: the reader needs updating). */
export function readTables(roots: Readonly<Record<string, string>>): { tables: Partial<PlatformTables>; unread: Partial<Record<TableName, string>> } {
	const tables: Partial<Record<TableName, string[]>> = {};
	const unread: Partial<Record<TableName, string>> = {};
	const take = (table: TableName, value: string[] | '' | undefined, why: string) => (value && value.length ? (tables[table] = value) : (unread[table] = why));
	const validation = roots['@mintlify/validation']!;
	const common = roots['@mintlify/common']!;
	const models = roots['@mintlify/models']!;

	const page = read(validation, 'dist/mint-config/schemas/v2/properties/reusable/page.js');
	take('pageKeys', page && objectKeysAfter(page, /decoratedPageSchema\s*=\s*z\s*\.object\(\{/, 4), 'decoratedPageSchema not found in reusable/page.js');

	const standard = read(validation, 'dist/mint-config/schemas/v2/themes/reusable/index.js');
	const themesDir = path.join(validation, 'dist/mint-config/schemas/v2/themes');
	const themeExtras = existsSync(themesDir)
		? readdirSync(themesDir)
				.filter(f => f.endsWith('.js') && f !== 'themes.js')
				.flatMap(f =>
					[...readFileSync(path.join(themesDir, f), 'utf8').matchAll(/standardConfigSchema\),\s*\{([^}]*)\}/g)].flatMap(m =>
						[...m[1]!.matchAll(/([A-Za-z$][\w$]*)\s*:/g)].map(k => k[1]!),
					),
				)
		: [];
	const standardKeys = standard && objectKeysAfter(standard, /standardConfigSchema\s*=\s*\{/, 4);
	take(
		'docsConfigKeys',
		standardKeys && [...new Set(['theme', ...standardKeys, ...themeExtras])],
		'standardConfigSchema not found in themes/reusable/index.js',
	);

	const utils = read(common, 'dist/mdx/utils.js');
	take(
		'components',
		utils && arrayAfter(utils, /allowedComponents\s*=/)?.filter(name => /^[A-Z]/.test(name)),
		'allowedComponents not found in dist/mdx/utils.js',
	);

	const parse = read(common, 'dist/openapi/parseOpenApiString.js');
	const named = parse ? [...parse.matchAll(/method\s*===\s*'([a-z]+)'/g)].map(m => m[1]!).filter(m => m !== 'webhook') : undefined;
	take(
		'httpMethods',
		named && [...new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', ...named.map(m => m.toUpperCase())])],
		'parseOpenApiString.js not found',
	);

	const validate = read(common, 'dist/openapi/validate.js');
	const minors = validate ? [...validate.matchAll(/isOpenApi3(\d)Version/g)].map(m => `3.${m[1]}`) : undefined;
	take('openApiVersions', minors && [...new Set(['3.0', '3.1', ...minors])], 'openapi/validate.js not found');

	const visibility = read(common, 'dist/mdx/plugins/remark/remarkVisibilityForMarkdown.js');
	take('visibilityAudiences', visibility && arrayAfter(visibility, /VISIBILITY_AUDIENCES\s*=/), 'VISIBILITY_AUDIENCES not found');

	const icons = read(models, 'dist/mintconfig/iconTypes.js');
	take('iconTypes', icons && arrayAfter(icons, /iconTypes\s*=/), 'iconTypes not found in dist/mintconfig/iconTypes.js');

	const meta = read(models, 'dist/types/pageMetaTags.js');
	take('contextualOptions', meta && arrayAfter(meta, /contextualOptions\s*=/), 'contextualOptions not found in dist/types/pageMetaTags.js');
	return { tables, unread };
}

/** The newest published packages' tables, or why the registry could not be reached (each npm call bounded by `timeoutMs`). */
export function publishedTables(cache: string, timeoutMs = 60_000): PublishedTables | { offline: string } {
	const newest = newestVersions(timeoutMs);
	if ('offline' in newest) return { offline: String(newest.offline) };
	const versions: Record<string, string> = newest;
	const roots: Record<string, string> = {};
	for (const name of packages) {
		const root = unpacked(cache, name, versions[name]!, timeoutMs);
		if (typeof root !== 'string') return root;
		roots[name] = root;
	}
	return { versions, ...readTables(roots) };
}
