// The language server for the browser (dist/browserServer.js) in a real Web Worker of headless
// Chromium, files answered over `mintdoc/fs/*`, against the Node server (dist/server.js over stdio)
// on the same sites: the same files get the same findings (code, range, severity, message).
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync, cpSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { DidOpenTextDocumentNotification, DocumentFormattingRequest, type TextEdit } from 'vscode-languageserver-protocol';
import { startBrowserServer } from '../helpers/browserServer';
import { launchChromium, type Browser } from '../helpers/chromium';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

/** Every test fixture site: broken JSON, missing pages, OpenAPI, GraphQL, mint.json, page metadata. */
const fixtureSites = ['api', 'broken', 'features', 'graphql', 'legacy-site', 'minimal', 'page-metadata'];

/** What a server published last for each file under `base`, one line a finding, sorted (files with none left out). */
function findings(client: LspClient, base: string): string[] {
	const last = new Map<string, string[]>();
	for (const { uri, diagnostics } of client.published)
		last.set(
			uri,
			diagnostics.map(
				d =>
					`${uri.slice(base.length + 1)} ${String(d.code)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.severity} ${d.message}`,
			),
		);
	return [...last.values()].flat().sort();
}

/** Each line's file and code, in order. */
const codes = (lines: readonly string[]) => lines.map(line => line.split(' ').slice(0, 2).join(' '));

/**
 * Resolves with the server's findings once every root's pages were judged together (the last step
 * of a site's first check, logged) and `expected` (file and code of each finding) is what it shows:
 * the wait ends on the server's own messages, never on a timer.
 */
function settled(client: LspClient, base: string, roots: readonly string[], expected: readonly string[]): Promise<string[]> {
	const judged = (root: string) => client.logs.some(line => line.startsWith(`page titles, descriptions and llms.txt of ${base}/${root} judged`));
	return client.until(
		() => {
			const now = findings(client, base);
			return roots.every(judged) && JSON.stringify(codes(now)) === JSON.stringify(expected) ? now : undefined;
		},
		() =>
			`the findings ${JSON.stringify(expected)}; last: ${JSON.stringify(findings(client, base), null, 1)}; logs: ${client.logs.slice(-3).join(' | ')}; ${client.stderr.join('')}`,
		90_000,
	);
}

describe('language server in a browser worker: the same findings as the Node server', function () {
	this.timeout(240_000);
	let browser: Browser;
	const clients: LspClient[] = [];
	const disposals: (() => void)[] = [];

	before(async () => {
		browser = await launchChromium();
	});
	afterEach(async () => {
		await Promise.all(clients.splice(0).map(c => c.stop()));
		for (const dispose of disposals.splice(0)) dispose();
	});
	after(async () => {
		await browser?.close();
	});

	/** The Node server and the browser server on the same folder, started together. */
	async function both(folder: string): Promise<{ node: LspClient; web: LspClient }> {
		const [node, web] = await Promise.all([LspClient.start([folder]), startBrowserServer(browser, [folder])]);
		clients.push(node, web);
		return { node, web };
	}

	it('on the test fixture sites', async () => {
		const site = copyFixtures(...fixtureSites);
		disposals.push(site.dispose);
		const expected = [
			'api/docs.json openapi-method-case',
			'api/pet.mdx openapi-page-unmatched',
			'broken/docs.json json-syntax',
			'features/docs.json page-not-found',
			'features/guides/advanced.mdx page-description-missing',
			'features/index.mdx page-description-missing',
			'graphql/docs.json a11y-contrast',
			'graphql/docs.json graphql-selector-not-found',
			'graphql/index.mdx page-description-missing',
			'legacy-site/intro.mdx page-description-missing',
			'legacy-site/mint.json legacy-config',
			'legacy-site/mint.json page-not-found',
			'page-metadata/docs.json a11y-contrast',
			'page-metadata/index.mdx page-description-missing',
			'page-metadata/install.mdx page-description-duplicate',
			'page-metadata/setup.mdx page-description-duplicate',
		];
		// The worker also reports the schema's findings (on the desktop VS Code's JSON support does, from the
		// schemas package.json contributes; in a web worker host it did not): as `mintdoc check` reports them.
		const expectedInWorker = [...expected, 'api/docs.json schema', 'graphql/docs.json schema'].sort();
		const { node, web } = await both(site.uri);
		const [fromNode, fromWeb] = await Promise.all([settled(node, site.uri, fixtureSites, expected), settled(web, site.uri, fixtureSites, expectedInWorker)]);
		assert.equal(fromNode.length, 16);
		assert.ok(fromNode.includes("broken/docs.json json-syntax 3:2-3:14 1 Expected ',' between values."), fromNode.join('\n'));
		assert.deepEqual(
			fromWeb.filter(line => line.split(' ')[1] !== 'schema'),
			fromNode,
		);
		assert.ok(fromWeb.includes('api/docs.json schema 8:8-8:17 2 Property version is not allowed. The platform ignores it.'), fromWeb.join('\n'));
		assert.match(web.logs[0], /^MintDoc language server started \(web worker, /);
	});

	it('asks for a site of 300 folders in a few requests, with the same findings (the questions of a turn travel together)', async () => {
		const site = copyFixtures();
		disposals.push(site.dispose);
		const folders = Array.from({ length: 300 }, (_, i) => `area${i}`);
		for (const folder of folders) {
			mkdirSync(site.path(`wide/${folder}`), { recursive: true });
			writeFileSync(
				site.path(`wide/${folder}/page.mdx`),
				`---\ntitle: Page ${folder}\ndescription: The page of ${folder}.\n---\n\nSee [the first](/area0/page). <Icon icon="no-such-icon-at-all" />\n`,
			);
		}
		const pages = folders.map(folder => `${folder}/page`);
		writeFileSync(
			site.path('wide/docs.json'),
			JSON.stringify({ name: 'Wide', theme: 'mint', colors: { primary: '#0c8669' }, navigation: { groups: [{ group: 'All', pages }] } }),
		);
		// Each page's unknown icon, and the colour's hint (4.54:1 passes AA, not AAA). (A broken link would
		// also be looked for on disk, a stat and a listing a page, one page after the other.)
		const expected = [...folders.map(folder => `wide/${folder}/page.mdx icon-unknown`), 'wide/docs.json a11y-contrast-aaa'].sort();
		const { node, web } = await both(site.uri);
		const [fromNode, fromWeb] = await Promise.all([settled(node, site.uri, ['wide'], expected), settled(web, site.uri, ['wide'], expected)]);
		assert.deepEqual(fromWeb, fromNode);
		// 301 folders listed and 300 pages read: one request a question would be 600 and more.
		assert.ok(web.fileQuestions >= 600, `${web.fileQuestions} file questions`);
		assert.ok(web.fileRequests <= 60, `${web.fileQuestions} file questions in ${web.fileRequests} requests`);
	});

	it('on sites with errors of every kind the browser checks (OpenAPI in the repository, links, components, a11y, mintdoc.json, translations)', async () => {
		const site = copyFixtures();
		disposals.push(site.dispose);
		writeErrorsSite(site.path('acme'));
		writeTranslatedSite(site.path('intl'));
		const expected = [
			'acme/api-reference/bad-ref.yaml openapi-invalid',
			'acme/api-reference/no-version.yaml openapi-invalid',
			'acme/docs.json redirect-destination-missing',
			'acme/guides/errors-demo.mdx a11y-missing-alt',
			'acme/guides/errors-demo.mdx component-unknown-prop',
			'acme/guides/errors-demo.mdx icon-unknown',
			'acme/guides/errors-demo.mdx link-anchor-missing',
			'acme/guides/errors-demo.mdx link-broken',
			'acme/guides/errors-demo.mdx unused-disable-directive',
			'intl/docs.json a11y-contrast',
			'intl/docs.json nav-translation-extra',
			'intl/docs.json nav-translation-missing',
			'intl/docs.json nav-translation-missing',
			'intl/docs.json nav-translation-prefix',
			'intl/docs.json nav-translation-prefix',
		];
		const { node, web } = await both(site.uri);
		const [fromNode, fromWeb] = await Promise.all([settled(node, site.uri, ['acme', 'intl'], expected), settled(web, site.uri, ['acme', 'intl'], expected)]);
		assert.ok(
			fromNode.includes("acme/api-reference/no-version.yaml openapi-invalid 1:0-1:4 1 OpenAPI: /info must have required property 'version'"),
			fromNode.join('\n'),
		);
		assert.deepEqual(fromWeb, fromNode);
	});

	it('formats a page as the Node server does (format on save)', async () => {
		const site = copyFixtures('minimal');
		disposals.push(site.dispose);
		const uri = site.fileUri('minimal/sloppy.mdx');
		const text = '---\ntitle:   Sloppy\n---\n\n\n# Heading\n* one\n* two\n\nSome text.   \n';
		const { node, web } = await both(site.uri);
		const format = async (client: LspClient) => {
			await client.connection.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: 'mdx', version: 1, text } });
			return client.connection.sendRequest(DocumentFormattingRequest.type, { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } });
		};
		const [fromNode, fromWeb] = await Promise.all([format(node), format(web)]);
		assert.ok(fromNode && fromNode.length > 0, 'the page needs formatting');
		assert.deepEqual(fromWeb, fromNode as TextEdit[]);
	});
});

/**
 * The example site (examples/acme) with one of each finding the issue lists for the browser: two
 * invalid OpenAPI documents the site names, a redirect to nowhere, a page with an unknown icon, a
 * missing anchor, a broken link, an image without alt text, a misspelt component prop, and a
 * disable comment that silences nothing; mintdoc.json makes the accessibility rules errors.
 */
function writeErrorsSite(dir: string): void {
	const repo = path.resolve(__dirname, '../..');
	mkdirSync(dir, { recursive: true });
	cpSync(path.join(repo, 'examples/acme'), dir, { recursive: true });
	const docs = JSON.parse(readFileSync(path.join(dir, 'docs.json'), 'utf8')) as {
		api: { openapi: string | string[] };
		redirects: { source: string; destination: string }[];
		navigation: { tabs: { groups: { pages: unknown[] }[] }[] };
	};
	docs.api.openapi = ['api-reference/openapi.yaml', 'api-reference/no-version.yaml', 'api-reference/bad-ref.yaml'];
	docs.redirects.push({ source: '/old-errors', destination: '/nowhere-at-all' });
	docs.navigation.tabs[0].groups[0].pages.push('guides/errors-demo');
	writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2) + '\n');
	// Each invalid its own way: the OpenAPI schema (validated with Ajv), and a reference that leads nowhere (swagger-parser).
	const spec = (info: string[], schema: string) =>
		[
			'openapi: 3.1.0',
			'info:',
			...info,
			'paths:',
			'  /things:',
			'    get:',
			'      responses:',
			"        '200':",
			'          description: OK',
			'          content:',
			'            application/json:',
			'              schema:',
			schema,
			'',
		].join('\n');
	writeFileSync(path.join(dir, 'api-reference/no-version.yaml'), spec(['  title: No version'], '                type: object'));
	writeFileSync(
		path.join(dir, 'api-reference/bad-ref.yaml'),
		spec(['  title: Bad ref', "  version: '1.0'"], "                $ref: '#/components/schemas/Nope'"),
	);
	writeFileSync(
		path.join(dir, 'guides/errors-demo.mdx'),
		[
			'---',
			'title: "Errors demo"',
			'description: "A page with one of each problem."',
			'icon: "not-a-real-icon-zzz"',
			'---',
			'',
			'See [the quickstart](/quickstart#no-such-heading) and [a page that is gone](/gone-page).',
			'',
			'<img src="/images/dashboard-api-keys.svg" />',
			'',
			'<Card titel="Typo" href="/quickstart">A card.</Card>',
			'',
			'{/* mintdoc-disable-next-line link-broken */}',
			'Nothing broken here.',
			'',
		].join('\n'),
	);
	writeFileSync(path.join(dir, 'mintdoc.json'), JSON.stringify({ rules: { 'a11y-*': 'error' } }, null, 2) + '\n');
}

/** A site in three languages: French lacks a page and has one of its own, Japanese entries lack their prefix. */
function writeTranslatedSite(dir: string): void {
	const pages: Record<string, string> = {
		'index.mdx': 'Home',
		'setup.mdx': 'Setup',
		'deploy.mdx': 'Deploy',
		'fr/index.mdx': 'Accueil',
		'fr/setup.mdx': 'Installation',
		'fr/extra.mdx': 'Extra',
		'ja/index.mdx': 'Home (ja)',
		'ja/setup.mdx': 'Setup (ja)',
	};
	for (const [file, title] of Object.entries(pages)) {
		mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
		writeFileSync(path.join(dir, file), `---\ntitle: "${title}"\ndescription: "The ${title} page."\n---\n\n# ${title}\n`);
	}
	const languages = [
		{ language: 'en', groups: [{ group: 'Start', pages: ['index', 'setup', 'deploy'] }] },
		{ language: 'fr', groups: [{ group: 'Début', pages: ['fr/index', 'fr/setup', 'deploy', 'fr/extra'] }] },
		{ language: 'ja', groups: [{ group: '開始', pages: ['ja/index', 'setup', 'ja/setup'] }] },
	];
	writeFileSync(
		path.join(dir, 'docs.json'),
		JSON.stringify({ name: 'Intl', theme: 'mint', colors: { primary: '#0D9373' }, navigation: { languages } }, null, 2) + '\n',
	);
}
