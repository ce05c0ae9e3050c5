// Runs the platform's own published tooling on one docs root and prints its findings as JSON.
// It is copied into the cache folder where `conformance/officialInstall.ts` installed the pinned
// packages, so that `import('@mintlify/...')` resolves there; it is never bundled or shipped.
//
//   node runner.mjs <docs root> [--checks config,links,anchors,redirects,openapi,openapi-refs,mdx,validate]
//
// Output: { versions, checks: { name: { ms, count } }, findings: [{ check, severity, file, target, jsonPath, message }] }
// `validate` is the real `mint validate` (the strict build) in a child process; the other checks call
// the same library functions that build and `mint broken-links` call, so they list every finding
// where the build stops at the first one.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
process.env.DO_NOT_TRACK = '1';
process.env.MINTLIFY_TELEMETRY_DISABLED = '1';

const allChecks = ['config', 'links', 'anchors', 'redirects', 'openapi', 'openapi-refs', 'mdx', 'validate'];
const posix = p => p.split(path.sep).join('/');
const stripAnsi = s => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
const jsonPath = segments => segments.reduce((acc, s) => (typeof s === 'number' ? `${acc}[${s}]` : acc ? `${acc}.${s}` : String(s)), '');
const isUrl = s => /^https?:\/\//i.test(s);

/** Library code logs as it works: keep it off our stdout, and keep what it said (warnings are findings). */
async function quietly(fn) {
	const lines = [];
	const saved = {};
	for (const level of ['log', 'warn', 'error', 'info', 'debug']) {
		saved[level] = console[level];
		console[level] = (...args) =>
			lines.push({ level, text: stripAnsi(args.map(a => (a instanceof Error ? a.message : typeof a === 'string' ? a : JSON.stringify(a))).join(' ')) });
	}
	try {
		return { value: await fn(), lines };
	} finally {
		Object.assign(console, saved);
	}
}

function listFiles(root, accept, dir = '') {
	const found = [];
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
		const relative = dir ? `${dir}/${entry.name}` : entry.name;
		if (entry.isDirectory()) found.push(...listFiles(root, accept, relative));
		else if (entry.isFile() && accept(entry.name)) found.push(relative);
	}
	return found;
}

function readConfig(root) {
	const file = path.join(root, 'docs.json');
	if (!fs.existsSync(file)) return { error: 'no docs.json' };
	const text = fs.readFileSync(file, 'utf8');
	try {
		return { json: JSON.parse(text) };
	} catch (e) {
		return { parseError: e.message };
	}
}

async function checkConfig(root, ctx) {
	if (ctx.config.error) return [{ severity: 'error', file: 'docs.json', message: ctx.config.error }];
	if (ctx.config.parseError) return [{ severity: 'error', file: 'docs.json', message: `invalid JSON: ${ctx.config.parseError}` }];
	const { validateDocsConfig } = await import('@mintlify/validation');
	const { resolveFileRefs } = await import('@mintlify/prebuild');
	const findings = [];
	let config = ctx.config.json;
	try {
		config = (await resolveFileRefs(config, root)).resolved;
	} catch (e) {
		findings.push({ severity: 'error', file: 'docs.json', message: `$ref: ${e.message}` });
	}
	const result = validateDocsConfig(config);
	if (!result.success)
		for (const issue of result.error.issues)
			findings.push({ severity: 'error', file: 'docs.json', jsonPath: jsonPath(issue.path), message: `${issue.code}: ${issue.message}` });
	return findings;
}

async function linkGraph(root, ctx) {
	if (!ctx.graph) {
		const { buildGraph } = await import('@mintlify/link-rot');
		const { value, lines } = await quietly(async () => {
			const graph = await buildGraph(root, { checkSnippets: false });
			graph.precomputeFileResolutions();
			return graph;
		});
		ctx.graph = value;
		ctx.graphLog = lines;
	}
	return ctx.graph;
}
const linkKey = p => `${p.relativeDir}\u0000${p.filename}\u0000${p.originalPath}`;

async function checkLinks(root, ctx) {
	const graph = await linkGraph(root, ctx);
	const broken = graph.getBrokenInternalLinks({ checkAnchors: false });
	ctx.plainBroken = new Set(broken.map(linkKey));
	const findings = broken.map(p => ({
		severity: 'error',
		file: path.posix.join(p.relativeDir, p.filename),
		target: p.originalPath,
		message: `broken link ${p.originalPath}`,
	}));
	// What the link check could not do offline (a hosted OpenAPI document it could not fetch).
	for (const line of ctx.graphLog) if (line.level !== 'log') findings.push({ severity: 'info', file: null, message: line.text.slice(0, 300) });
	return findings;
}

async function checkAnchors(root, ctx) {
	const graph = await linkGraph(root, ctx);
	if (!ctx.plainBroken) await checkLinks(root, ctx);
	return graph
		.getBrokenInternalLinks({ checkAnchors: true })
		.filter(p => !ctx.plainBroken.has(linkKey(p)))
		.map(p => ({ severity: 'warning', file: path.posix.join(p.relativeDir, p.filename), target: p.originalPath, message: `broken anchor ${p.originalPath}` }));
}

async function checkRedirects(root, ctx) {
	const graph = await linkGraph(root, ctx);
	return graph.getBrokenRedirects().map(({ source, destination }) => ({
		severity: 'warning',
		file: 'docs.json',
		target: destination,
		message: `redirect ${source} → ${destination} does not resolve`,
	}));
}

// ---- OpenAPI: the documents docs.json names, and every OpenAPI document in the folder (the build finds those too)
function openApiSources(value) {
	if (typeof value === 'string') return [value];
	if (Array.isArray(value)) return value.flatMap(openApiSources);
	if (value && typeof value === 'object' && typeof value.source === 'string') return [value.source];
	return [];
}
const divisions = ['groups', 'tabs', 'anchors', 'dropdowns', 'products', 'versions', 'languages', 'menu', 'global'];
/** The navigation as the build walks it for OpenAPI: an element's `openapi` applies to everything below it. */
function* walkNavigation(node, segments, inherited) {
	if (!node || typeof node !== 'object') return;
	if (Array.isArray(node)) {
		for (let i = 0; i < node.length; i++) yield* walkNavigation(node[i], [...segments, i], inherited);
		return;
	}
	const own = openApiSources(node.openapi);
	if (own.length) yield { kind: 'source', sources: own, jsonPath: jsonPath([...segments, 'openapi']) };
	const scope = own[0] ?? inherited;
	if (Array.isArray(node.pages)) {
		for (let i = 0; i < node.pages.length; i++) {
			const page = node.pages[i];
			if (typeof page === 'string') yield { kind: 'page', value: page, jsonPath: jsonPath([...segments, 'pages', i]), inherited: scope };
			else yield* walkNavigation(page, [...segments, 'pages', i], scope);
		}
	}
	for (const key of divisions) {
		const value = node[key];
		if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* walkNavigation(value[i], [...segments, key, i], scope);
		else if (value && typeof value === 'object') yield* walkNavigation(value, [...segments, key], scope);
	}
}

async function loadSpec(root, source, ctx) {
	const key = source.replace(/^\.?\//, '');
	if (ctx.specs.has(key)) return ctx.specs.get(key);
	const yaml = (await import('js-yaml')).default;
	let spec;
	if (isUrl(source)) spec = { remote: true };
	else {
		const file = path.resolve(root, key);
		if (!file.startsWith(path.resolve(root))) spec = { error: 'outside the docs root' };
		else if (!fs.existsSync(file)) spec = { missing: true };
		else {
			try {
				spec = { doc: yaml.load(fs.readFileSync(file, 'utf8')) };
			} catch (e) {
				spec = { error: `cannot be parsed: ${e.message.split('\n')[0]}` };
			}
		}
	}
	ctx.specs.set(key, spec);
	return spec;
}

function configuredSources(config) {
	const { potentiallyParseOpenApiString } = ctx_common();
	const sources = openApiSources(config?.api?.openapi).map(source => ({ source, jsonPath: 'api.openapi' }));
	const entries = [];
	if (config?.navigation) {
		for (const item of walkNavigation(config.navigation, ['navigation'], undefined)) {
			if (item.kind === 'source') for (const source of item.sources) sources.push({ source, jsonPath: item.jsonPath });
			else {
				const parsed = potentiallyParseOpenApiString(item.value);
				if (!parsed) continue;
				entries.push({ ...parsed, raw: item.value, jsonPath: item.jsonPath, inherited: item.inherited });
				if (parsed.filename) sources.push({ source: parsed.filename, jsonPath: item.jsonPath });
			}
		}
	}
	return { sources, entries };
}

async function discoveredSpecs(root, ctx) {
	if (ctx.discovered) return ctx.discovered;
	const found = [];
	for (const file of listFiles(
		root,
		name => /\.(json|ya?ml)$/i.test(name) && !['docs.json', 'mint.json', 'package.json', 'package-lock.json'].includes(name),
	)) {
		let text = '';
		try {
			text = fs.readFileSync(path.join(root, file), 'utf8');
		} catch {
			continue;
		}
		if (!/(^|["'\s{,])(openapi|swagger)["']?\s*:/m.test(text)) continue;
		const spec = await loadSpec(root, file, ctx);
		if (spec.doc && typeof spec.doc === 'object' && (spec.doc.openapi || spec.doc.swagger)) found.push(file);
	}
	return (ctx.discovered = found);
}

let common;
const ctx_common = () => common;

async function checkOpenApi(root, ctx) {
	if (!ctx.config.json) return [];
	const { sources } = configuredSources(ctx.config.json);
	const bySource = new Map();
	for (const s of sources) if (!bySource.has(s.source.replace(/^\.?\//, ''))) bySource.set(s.source.replace(/^\.?\//, ''), s);
	for (const file of await discoveredSpecs(root, ctx)) if (!bySource.has(file)) bySource.set(file, { source: file, jsonPath: null, discovered: true });
	const findings = [];
	for (const [key, reference] of bySource) {
		const spec = await loadSpec(root, reference.source, ctx);
		const base = { file: isUrl(reference.source) ? null : key, target: reference.source, jsonPath: reference.jsonPath };
		if (spec.remote) findings.push({ ...base, severity: 'info', message: 'hosted OpenAPI document: not checked offline' });
		else if (spec.missing) findings.push({ ...base, severity: 'error', message: `OpenAPI file not found: ${reference.source}` });
		else if (spec.error) findings.push({ ...base, severity: 'error', message: `OpenAPI file ${spec.error}` });
		else {
			const result = await common.safeValidate(spec.doc);
			if (result.errorMessage) findings.push({ ...base, severity: 'error', message: result.errorMessage.slice(0, 500) });
		}
	}
	return findings;
}

async function checkOpenApiRefs(root, ctx) {
	if (!ctx.config.json) return [];
	const { findOpenApiPath, potentiallyParseOpenApiString } = common;
	const { sources, entries } = configuredSources(ctx.config.json);
	const named = [...new Set(sources.map(s => s.source))];
	const everySpec = [...new Set([...named.filter(s => !isUrl(s)).map(s => s.replace(/^\.?\//, '')), ...(await discoveredSpecs(root, ctx))])];
	const findings = [];
	/** Where the operation is looked for, as the build does: the entry's file, else the inherited one, else every document. */
	const resolve = async (entry, file, where, pool) => {
		const candidates = entry.filename ? [entry.filename] : entry.inherited ? [entry.inherited] : pool;
		const webhook = entry.method === 'webhook';
		if (candidates.length === 0)
			return findings.push({ severity: 'warning', file, jsonPath: where, target: entry.raw, message: `${entry.raw}: no OpenAPI document in scope` });
		const reasons = [];
		for (const source of candidates) {
			const spec = await loadSpec(root, source, ctx);
			if (spec.remote) return; // not checkable offline
			if (spec.missing || spec.error || !spec.doc) {
				reasons.push(`${source} ${spec.missing ? 'does not exist' : 'cannot be parsed'}`);
				continue;
			}
			const match = findOpenApiPath(webhook ? spec.doc.webhooks : spec.doc.paths, entry.endpoint);
			if (!match) reasons.push(`${webhook ? 'Webhook' : 'Endpoint'} ${entry.endpoint} not found in ${source}`);
			else if (!webhook && !match.pathItem?.[entry.method]) reasons.push(`Method ${entry.method.toUpperCase()} for ${match.pathKey} not found in ${source}`);
			else return;
		}
		findings.push({ severity: 'error', file, jsonPath: where, target: entry.raw, message: reasons.join(' | ') });
	};
	for (const entry of entries) await resolve(entry, 'docs.json', entry.jsonPath, named);
	// Frontmatter: the file is only a preference (any document holding the operation is used), and a
	// page whose operation is nowhere renders without the API section: a warning, never a failed build.
	const yaml = (await import('js-yaml')).default;
	for (const file of listFiles(root, name => /\.mdx?$/i.test(name))) {
		const match = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fs.readFileSync(path.join(root, file), 'utf8'));
		if (!match) continue;
		let frontmatter;
		try {
			frontmatter = yaml.load(match[1]);
		} catch {
			continue; // the mdx check reports it
		}
		if (typeof frontmatter?.openapi !== 'string') continue;
		const parsed = potentiallyParseOpenApiString(frontmatter.openapi);
		if (!parsed) {
			findings.push({
				severity: 'warning',
				file,
				jsonPath: 'frontmatter.openapi',
				target: frontmatter.openapi,
				message: `openapi frontmatter not understood: ${frontmatter.openapi}`,
			});
			continue;
		}
		const before = findings.length;
		await resolve({ ...parsed, filename: undefined, inherited: undefined, raw: frontmatter.openapi }, file, 'frontmatter.openapi', everySpec);
		for (let i = before; i < findings.length; i++) findings[i].severity = 'warning';
	}
	return findings;
}

/** Every page through the platform's own MDX parse and frontmatter parse (the build stops at the first failure). */
async function checkMdx(root) {
	const findings = [];
	const ignored = await mintIgnore(root);
	for (const file of listFiles(root, name => /\.mdx?$/i.test(name))) {
		if (ignored(file)) continue;
		const text = fs.readFileSync(path.join(root, file), 'utf8');
		try {
			common.getAST(text, file);
		} catch (e) {
			const line = e?.place?.line ?? e?.line ?? e?.position?.start?.line;
			findings.push({ severity: 'error', file, line, message: `MDX: ${String(e?.reason ?? e?.message ?? e).split('\n')[0]}` });
		}
		try {
			common.parseFrontmatter(text);
		} catch (e) {
			findings.push({ severity: 'error', file, message: `frontmatter: ${String(e?.message ?? e).split('\n')[0]}` });
		}
	}
	return findings;
}

async function mintIgnore(root) {
	const file = path.join(root, '.mintignore');
	if (!fs.existsSync(file)) return () => false;
	const ignore = (await import('ignore')).default;
	const rules = ignore().add(fs.readFileSync(file, 'utf8'));
	return relative => rules.ignores(relative);
}

// ---- the real `mint validate`, offline: it needs a "downloaded client" folder to exist, nothing from it.
function privateHome() {
	if (!privateHome.dir) {
		privateHome.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mintdoc-conformance-home-'));
		process.on('exit', () => fs.rmSync(privateHome.dir, { recursive: true, force: true }));
		const client = path.join(privateHome.dir, '.mintlify', 'previews', 'shared', 'mint');
		fs.mkdirSync(path.join(client, 'apps', 'client'), { recursive: true });
		fs.writeFileSync(path.join(client, 'mint-version.txt'), 'offline');
	}
	return privateHome.dir;
}

function checkValidate(root) {
	const bin = path.join(here, 'node_modules', '@mintlify', 'cli', 'bin', 'index.js');
	// The newest package set has no CLI when the registry lacks one of its dependencies (newestOfficial.ts).
	if (!fs.existsSync(bin)) return { findings: [], skipped: 'no @mintlify/cli in this package set' };
	const run = spawnSync(process.execPath, [bin, 'validate'], {
		cwd: root,
		encoding: 'utf8',
		timeout: 30 * 60_000,
		maxBuffer: 256 * 1024 * 1024,
		env: { ...process.env, HOME: privateHome(), CI: '1', FORCE_COLOR: '0', DO_NOT_TRACK: '1', MINTLIFY_TELEMETRY_DISABLED: '1' },
	});
	const lines = [
		...new Set(
			stripAnsi(`${run.stdout ?? ''}\n${run.stderr ?? ''}`)
				.split('\n')
				.map(l => l.trim()),
		),
	].filter(l => l && !/^[⠁-⣿]/.test(l) && !/validating build\.\.\./.test(l));
	const findings = [];
	let inConfig = false;
	for (const line of lines) {
		let m;
		if (/^🚨 Invalid (docs|mint)\.json:/.test(line)) inConfig = true;
		else if (inConfig && (m = /^#(\S*): (.*)$/.exec(line)))
			findings.push({ severity: 'error', file: 'docs.json', jsonPath: m[1].replace(/^\./, ''), message: m[2] });
		else if ((m = /^warning - (.*)$/.exec(line))) {
			const message = m[1];
			const page = /^"(.+)" is referenced in the docs\.json navigation but the file does not exist/.exec(message);
			const imported = /^Could not find file (\S+) - imported from (\S+)/.exec(message);
			const spec = /^Error validating OpenAPI file \/?(\S+?):/.exec(message);
			if (page) findings.push({ severity: 'warning', file: 'docs.json', target: page[1], message });
			else if (imported) findings.push({ severity: 'warning', file: imported[2].replace(/^\//, ''), target: imported[1], message });
			else if (spec) findings.push({ severity: 'warning', file: spec[1], message });
			else findings.push({ severity: 'warning', file: null, message });
		} else if ((m = /^(?:error|✗|Error:?)\s+(.*)$/.exec(line))) findings.push({ severity: 'error', file: null, message: m[1], final: true });
		else if ((m = /^(\/\S+?\.(?:mdx?|json|ya?ml)):\s*(.*)$/.exec(line)) && m[1].startsWith(root))
			findings.push({ severity: 'error', file: posix(path.relative(root, m[1])), message: m[2] });
	}
	return { findings, exitCode: run.status, passed: run.status === 0 };
}

const checks = {
	config: checkConfig,
	links: checkLinks,
	anchors: checkAnchors,
	redirects: checkRedirects,
	openapi: checkOpenApi,
	'openapi-refs': checkOpenApiRefs,
	mdx: checkMdx,
	validate: checkValidate,
};

async function main() {
	const args = process.argv.slice(2);
	const at = args.indexOf('--checks');
	const chosen = at >= 0 ? args[at + 1].split(',') : allChecks;
	const rootArg = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--checks');
	if (!rootArg) throw new Error('usage: node runner.mjs <docs root> [--checks a,b]');
	const root = path.resolve(rootArg);
	common = await import('@mintlify/common');
	const ctx = { config: readConfig(root), specs: new Map() };
	const packages = ['mintlify', '@mintlify/cli', '@mintlify/validation', '@mintlify/link-rot', '@mintlify/prebuild', '@mintlify/common'];
	const version = name =>
		fs.existsSync(path.join(here, 'node_modules', name))
			? JSON.parse(fs.readFileSync(path.join(here, 'node_modules', name, 'package.json'), 'utf8')).version
			: null;
	const out = {
		versions: Object.fromEntries(packages.map(n => [n, version(n)])),
		// What the build ignores without a .mintignore: MintDoc's list must equal it (drift.ts).
		defaultIgnores: common.DEFAULT_MINT_IGNORES ?? null,
		checks: {},
		findings: [],
	};
	for (const name of chosen) {
		if (!checks[name]) throw new Error(`unknown check ${name}`);
		const started = performance.now();
		let result;
		try {
			result = await checks[name](root, ctx);
		} catch (e) {
			result = [{ severity: 'error', file: null, message: `the ${name} check crashed: ${String(e?.stack ?? e).slice(0, 500)}`, crashed: true }];
		}
		const { findings, ...meta } = Array.isArray(result) ? { findings: result } : result;
		out.checks[name] = { ms: Math.round(performance.now() - started), count: findings.length, ...meta };
		for (const f of findings) out.findings.push({ check: name, file: null, target: null, jsonPath: null, ...f });
		process.stderr.write(`  official ${name}: ${findings.length} finding(s) in ${out.checks[name].ms} ms\n`);
	}
	// Exit only once the pipe has taken everything: stdout to a pipe is written asynchronously.
	await new Promise(resolve => process.stdout.write(JSON.stringify(out) + '\n', resolve));
}

main().then(
	() => process.exit(0),
	e => {
		process.stderr.write(`${e?.stack ?? e}\n`);
		process.exit(2);
	},
);
