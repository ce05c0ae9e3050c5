import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc, startPreview, type PreviewProcess } from '../helpers/cli';

/** A small site in a temporary folder: two pages, one hidden, agent instructions. */
function writeSite(extra: Record<string, string> = {}) {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-llms-'));
	const files: Record<string, string> = {
		'docs.json': JSON.stringify({
			name: 'Acme',
			description: 'Docs for Acme.',
			theme: 'mint',
			colors: { primary: '#000000' },
			markdown: { instructions: 'Be brief.' },
			navigation: { groups: [{ group: 'Start', pages: ['index', 'guides/setup', 'secret'] }] },
		}),
		'index.mdx': '---\ntitle: Welcome\ndescription: Start here.\n---\n\nHello.\n',
		'guides/setup.mdx': '---\ntitle: Setup\n---\n\n<Visibility for="humans">Click.</Visibility>\n\nSee [home](/).\n',
		'secret.mdx': '---\ntitle: Secret\nhidden: true\n---\n\nHidden.\n',
		...extra,
	};
	for (const [name, text] of Object.entries(files)) {
		mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
		writeFileSync(path.join(dir, name), text);
	}
	return dir;
}

const expectedLlms = (base: string) =>
	[
		'# Acme',
		'',
		'> Docs for Acme.',
		'',
		'> ## Agent Instructions',
		'> Be brief.',
		'',
		'## Docs',
		'',
		`- [Welcome](${base}/index.md): Start here.`,
		`- [Setup](${base}/guides/setup.md)`,
		'',
	].join('\n');

describe('mintdoc llms (process)', function () {
	this.timeout(120_000);
	const dirs: string[] = [];
	after(() => dirs.forEach(d => rmSync(d, { recursive: true, force: true })));

	it('prints llms.txt with --base-url, llms-full.txt with --full, and writes every file with --out', () => {
		const dir = writeSite();
		dirs.push(dir);
		const printed = mintdoc(['llms', dir, '--base-url', 'https://acme.dev/docs'], dir);
		assert.equal(printed.stderr, '');
		assert.equal(printed.status, 0);
		assert.equal(printed.stdout, expectedLlms('https://acme.dev/docs'));
		const full = mintdoc(['llms', dir, '--full', '--base-url', 'https://acme.dev/docs'], dir);
		assert.equal(full.status, 0);
		assert.match(full.stdout, /^> ## Agent Instructions\n> Be brief\.\n\n# Welcome\nSource: https:\/\/acme\.dev\/docs\/index\n/);
		assert.match(
			full.stdout,
			/\n# Setup\nSource: https:\/\/acme\.dev\/docs\/guides\/setup\n\n> ## Agent Instructions\n> Be brief\.\n\nSee \[home\]\(\/docs\/\)\.\n$/,
		);
		const out = path.join(dir, 'out');
		const written = mintdoc(['llms', dir, '--out', out, '--base-url', 'https://acme.dev/docs'], dir);
		assert.equal(written.status, 0, written.stderr);
		assert.equal(written.stdout, `Wrote llms.txt, llms-full.txt and 2 pages (.md) to ${out}\n`);
		assert.equal(readFileSync(path.join(out, 'llms.txt'), 'utf8'), expectedLlms('https://acme.dev/docs'));
		assert.equal(readFileSync(path.join(out, 'guides/setup.md'), 'utf8'), '# Setup\n\n> ## Agent Instructions\n> Be brief.\n\nSee [home](/docs/).\n');
	});

	it('takes the URL from mintdoc.json site.url; without one it is a usage error (exit 2)', () => {
		const dir = writeSite();
		dirs.push(dir);
		const missing = mintdoc(['llms', dir], dir);
		assert.equal(missing.status, 2);
		assert.match(missing.stderr, /the links need the site URL: pass --base-url/);
		writeFileSync(path.join(dir, 'mintdoc.json'), JSON.stringify({ site: { url: 'https://docs.acme.dev' } }));
		const configured = mintdoc(['llms', dir], dir);
		assert.equal(configured.status, 0, configured.stderr);
		assert.equal(configured.stdout, expectedLlms('https://docs.acme.dev'));
		assert.equal(mintdoc(['llms', dir, '--base-url', 'acme.dev'], dir).status, 2);
		assert.equal(mintdoc(['llms', path.join(dir, 'nothing')], dir).status, 2);
	});

	it("prints the site's own llms.txt as written", () => {
		const dir = writeSite({ 'llms.txt': '# Our own\n\n- [x](https://x)\n' });
		dirs.push(dir);
		const printed = mintdoc(['llms', dir, '--base-url', 'https://acme.dev'], dir);
		assert.equal(printed.status, 0);
		assert.equal(printed.stdout, '# Our own\n\n- [x](https://x)\n');
		assert.equal(printed.stderr, "mintdoc: llms.txt is the site's own file (served as written)\n");
	});
});

describe('mintdoc preview serves what agents read (process)', function () {
	this.timeout(120_000);
	let server: PreviewProcess;
	let dir: string;
	before(async () => {
		dir = writeSite({ 'llms-full.txt': '# Custom full\n' });
		server = await startPreview(dir);
	});
	after(async () => {
		await server?.stop();
		rmSync(dir, { recursive: true, force: true });
	});

	it('answers /llms.txt and /.well-known/llms.txt with links to its own origin', async () => {
		for (const at of ['/llms.txt', '/.well-known/llms.txt']) {
			const response = await fetch(`${server.url}${at}`);
			assert.equal(response.status, 200);
			assert.equal(response.headers.get('content-type'), 'text/plain; charset=utf-8');
			assert.equal(await response.text(), expectedLlms(server.url.replace(/\/$/, '')));
		}
	});

	it('serves a custom llms-full.txt as written, at both places', async () => {
		for (const at of ['/llms-full.txt', '/.well-known/llms-full.txt']) assert.equal(await (await fetch(`${server.url}${at}`)).text(), '# Custom full\n');
	});

	it('answers <route>.md and Accept: text/markdown with the page Markdown; pages carry Link and X-Llms-Txt', async () => {
		const markdown = await fetch(`${server.url}/guides/setup.md`);
		assert.equal(markdown.status, 200);
		assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8');
		assert.equal(await markdown.text(), '# Setup\n\n> ## Agent Instructions\n> Be brief.\n\nSee [home](/).\n');
		const accepted = await fetch(`${server.url}/guides/setup`, { headers: { accept: 'text/markdown' } });
		assert.match(await accepted.text(), /^# Setup\n/);
		const html = await fetch(`${server.url}/guides/setup`);
		assert.match(html.headers.get('content-type') ?? '', /text\/html/);
		assert.equal(html.headers.get('link'), '</llms.txt>; rel="llms-txt", </llms-full.txt>; rel="llms-full-txt"');
		assert.equal(html.headers.get('x-llms-txt'), '/llms.txt');
		assert.equal((await fetch(`${server.url}/no/such/page.md`)).status, 404);
		// A hidden page is still served at its URL, as Markdown too.
		assert.match(await (await fetch(`${server.url}/secret.md`)).text(), /^# Secret\n/);
	});
});
