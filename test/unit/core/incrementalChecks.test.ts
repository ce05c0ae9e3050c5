import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../../server/src/core/cancellation';
import { maxPageItems } from '../../../server/src/core/features/completion';
import { createLanguageService } from '../../../server/src/core/languageService';
import { SiteChecks } from '../../../server/src/core/site/siteChecks';
import { SiteState } from '../../../server/src/core/site/siteState';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

const spec = (path: string) =>
	JSON.stringify({
		openapi: '3.1.0',
		info: { title: 'T', version: '1' },
		paths: { [path]: { get: { summary: 'x', responses: { '200': { description: 'ok' } } } } },
	});

/** A site whose pages link to each other, one page documenting an endpoint through its frontmatter. */
function files(): Record<string, string> {
	return {
		'docs.json': docsJson({ groups: [{ group: 'G', openapi: 'openapi.json', pages: ['a', 'b', 'api', 'GET /users'] }] }),
		'openapi.json': spec('/users'),
		'a.mdx': '# A\n\n## Setup\n',
		'b.mdx': '# B\n\nSee [setup](/a#setup).\n',
		'api.mdx': '---\nopenapi: "GET /users"\n---\n',
	};
}

/** A workspace whose stats wait, while `holding`, until the test releases them: what a build asks of the disk, and when. */
class HeldDisk extends InMemoryWorkspace {
	holding = false;
	readonly held: { readonly uri: string; readonly answer: () => void }[] = [];
	/** Resolves when the first stat waits. */
	readonly asked: Promise<void>;
	#firstAsked: () => void = () => undefined;

	constructor(files: Record<string, string>) {
		super(files);
		this.asked = new Promise(resolve => (this.#firstAsked = resolve));
	}

	override async stat(uri: string) {
		if (this.holding)
			await new Promise<void>(answer => {
				this.held.push({ uri: uri.slice(workspaceRoot.length + 1), answer });
				this.#firstAsked();
			});
		return super.stat(uri);
	}

	release(): void {
		this.holding = false;
		for (const { answer } of this.held) answer();
	}
}

async function start(options: { changesReported?: boolean } = {}) {
	const workspace = new InMemoryWorkspace(files());
	const service = createLanguageService({ workspace, ...options });
	await service.findDocsRoots(noCancellation);
	return { workspace, service };
}

async function checkedPages(service: Awaited<ReturnType<typeof start>>['service'], onlyAffected: boolean) {
	const checked: string[] = [];
	await service.checkPages(workspaceRoot, noCancellation, ({ uri }) => void checked.push(uri.slice(workspaceRoot.length + 1)), { onlyAffected });
	return checked.sort();
}

describe('incremental checks (speed at scale)', () => {
	it('re-checks only the pages judged against the navigation after a docs.json edit that changes no link', async () => {
		const { workspace, service } = await start();
		assert.deepEqual(await checkedPages(service, true), ['a.mdx', 'api.mdx', 'b.mdx']);
		workspace.write('docs.json', docsJson({ groups: [{ group: 'Renamed', openapi: 'openapi.json', pages: ['a', 'b', 'api', 'GET /users'] }] }));
		assert.deepEqual(await checkedPages(service, true), ['api.mdx']);
		// A new page may heal or break links: every page again.
		workspace.write('c.mdx', '# C\n');
		await service.didChangeFiles([{ uri: workspaceUri('c.mdx'), type: 'created' }]);
		assert.deepEqual(await checkedPages(service, true), ['a.mdx', 'api.mdx', 'b.mdx', 'c.mdx']);
		// Without onlyAffected (the CLI), always every page.
		assert.deepEqual(await checkedPages(service, false), ['a.mdx', 'api.mdx', 'b.mdx', 'c.mdx']);
	});

	it('re-checks every page after the icon library changes (their icons are judged against it)', async () => {
		const workspace = new InMemoryWorkspace({ ...files(), 'a.mdx': '# A\n\n## Setup\n\n<Icon icon="flask-conical" />\n' });
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const iconFindings = async () => {
			const found: string[] = [];
			await service.checkPages(
				workspaceRoot,
				noCancellation,
				({ uri, diagnostics }) => {
					for (const d of diagnostics) if (/icon/.test(String(d.code))) found.push(`${uri.slice(workspaceRoot.length + 1)} ${d.code}`);
				},
				{ onlyAffected: true },
			);
			return found;
		};
		// Font Awesome (the default) has no icon named flask-conical; Lucide has.
		assert.deepEqual(await iconFindings(), ['a.mdx icon-unknown']);
		const navigation = { groups: [{ group: 'G', openapi: 'openapi.json', pages: ['a', 'b', 'api', 'GET /users'] }] };
		workspace.write('docs.json', docsJson(navigation, { icons: { library: 'lucide' } }));
		assert.deepEqual(await iconFindings(), []);
		workspace.write('docs.json', docsJson(navigation));
		assert.deepEqual(await iconFindings(), ['a.mdx icon-unknown']);
	});

	it('names the pages linking to a page whose anchors changed, and none when they did not', async () => {
		const { workspace, service } = await start();
		await checkedPages(service, false);
		assert.deepEqual(service.dependentPages(workspaceUri('a.mdx')), []); // first sight: nothing to compare with
		workspace.write('a.mdx', '# A\n\n## Setup\n\nMore text.\n');
		await service.checkPage(workspaceUri('a.mdx'), noCancellation);
		assert.deepEqual(service.dependentPages(workspaceUri('a.mdx')), []);
		workspace.write('a.mdx', '# A\n\n## Installation\n');
		await service.checkPage(workspaceUri('a.mdx'), noCancellation);
		assert.deepEqual(service.dependentPages(workspaceUri('a.mdx')), [workspaceUri('b.mdx')]);
		assert.deepEqual(
			(await service.checkPage(workspaceUri('b.mdx'), noCancellation)).map(d => d.code),
			['link-anchor-missing'],
		);
	});

	it('with changesReported, trusts the model until a change is reported instead of re-reading every file per request', async () => {
		const { workspace, service } = await start({ changesReported: true });
		const first = await service.getSite(workspaceRoot, noCancellation);
		workspace.write('openapi.json', spec('/accounts'));
		assert.equal(await service.getSite(workspaceRoot, noCancellation), first, 'no change reported: same model');
		await service.didChangeFiles([{ uri: workspaceUri('openapi.json'), type: 'changed' }]);
		const second = await service.getSite(workspaceRoot, noCancellation);
		assert.notEqual(second, first);
		assert.deepEqual(
			second.specs.specs[0].operations.map(op => op.path),
			['/accounts'],
		);
		// Without it (CLI, tests), texts are compared on every request, as before.
		const plain = await start();
		const model = await plain.service.getSite(workspaceRoot, noCancellation);
		plain.workspace.write('openapi.json', spec('/accounts'));
		assert.notEqual(await plain.service.getSite(workspaceRoot, noCancellation), model);
	});

	it('finds on disk a page the file watcher never announced, once the navigation names it', async () => {
		const { workspace, service } = await start({ changesReported: true });
		assert.deepEqual(
			(await service.checkSite(workspaceRoot, noCancellation)).flatMap(r => r.diagnostics.map(d => d.code)),
			[],
		);
		// Moved into a folder created a moment before: no "created" event reaches the server.
		workspace.write('guides/moved/c.mdx', '# C\n');
		const document = workspace.write('docs.json', files()['docs.json'].replace('"b"', '"b", "guides/moved/c", "guides/moved/missing"'));
		service.didChangeDocument(document.uri);
		const codes = (await service.checkSite(workspaceRoot, noCancellation)).flatMap(r => r.diagnostics.map(d => `${d.code} ${d.range.start.line}`));
		const line = document
			.getText()
			.split('\n')
			.findIndex(l => l.includes('guides/moved/missing'));
		assert.deepEqual(codes, [`page-not-found ${line}`]);
		assert.equal(service.isPage(workspaceUri('guides/moved/c.mdx')), true);
	});

	it('asks the disk everything a build needs at once, while the rules that need no answer run', async () => {
		// A keystroke's build waited for each answer in turn (a missed page's .mdx, then its .md, then the favicon).
		const workspace = new HeldDisk(files());
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		workspace.write('guides/moved/c.mdx', '# C\n');
		const edited = JSON.parse(files()['docs.json']);
		edited.favicon = '/missing.png';
		edited.navigation.groups[0].pages.push('guides/moved/c');
		service.didChangeDocument(workspace.write('docs.json', JSON.stringify(edited, null, 2)).uri);
		workspace.holding = true;
		const checked = service.checkSite(workspaceRoot, noCancellation);
		await workspace.asked;
		await new Promise(resolve => setImmediate(resolve));
		assert.deepEqual(workspace.held.map(h => h.uri).sort(), ['guides/moved/c.md', 'guides/moved/c.mdx', 'missing.png']);
		workspace.release();
		const codes = (await checked).flatMap(r => r.diagnostics.map(d => d.code));
		assert.deepEqual(codes, ['favicon-not-found']);
		assert.equal(service.isPage(workspaceUri('guides/moved/c.mdx')), true);
	});

	it("never answers a check with a build that started before the last change (a keystroke during a hover's build)", async () => {
		const workspace = new HeldDisk({ ...files(), 'docs.json': docsJson({ groups: [{ group: 'G', pages: ['a', 'b'] }] }, { favicon: '/a.mdx' }) });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		// The favicon changes with the edit: whether it exists is asked of the disk anew (a path asked before is kept).
		const edit = (pages: string[]) =>
			service.didChangeDocument(workspace.write('docs.json', docsJson({ groups: [{ group: 'G', pages }] }, { favicon: '/b.mdx' })).uri);
		edit(['a', 'b', 'api']);
		// A request of an editor feature builds the model of that text; its build waits for the disk.
		workspace.holding = true;
		const forHover = service.getSite(workspaceRoot, noCancellation);
		await workspace.asked;
		edit(['a', 'b', 'api', 'typed']);
		const checked = service.checkSite(workspaceRoot, noCancellation);
		workspace.release();
		const codes = (await checked).flatMap(r => r.diagnostics.map(d => d.code));
		assert.deepEqual(codes, ['page-not-found']);
		// The earlier build still answers the request that started it, and does not replace the newer model.
		assert.equal((await forHover).navigation?.pages.length, 3);
		assert.equal((await service.getSite(workspaceRoot, noCancellation)).navigation?.pages.length, 4);
	});

	it('bounds page completions on huge sites, best matches first, and says the list is incomplete', async () => {
		const many: Record<string, string> = { 'docs.json': docsJson({ groups: [{ group: 'G', pages: ['v2/guides/page-0', ''] }] }) };
		for (let i = 0; i < Math.max(1500, maxPageItems + 500); i++) many[`v${(i % 3) + 1}/guides/page-${i}.mdx`] = '# P\n';
		const workspace = new InMemoryWorkspace(many);
		const service = createLanguageService({ workspace });
		await service.findDocsRoots(noCancellation);
		const text = many['docs.json'];
		const document = TextDocument.create(workspaceUri('docs.json'), 'json', 1, text);
		const list = await service.doComplete(document, document.positionAt(text.indexOf('""') + 1), noCancellation);
		assert.equal(list?.isIncomplete, true);
		assert.equal(list?.items.length, maxPageItems);
		// Nearest the folder of the entries around the cursor first.
		assert.ok(
			list!.items.slice(0, Math.min(400, maxPageItems)).every(item => item.label.startsWith('v2/')),
			list!.items
				.slice(0, 3)
				.map(i => i.label)
				.join(),
		);
		const typed = TextDocument.create(workspaceUri('docs.json'), 'json', 2, text.replace('""', '"v3/guides/page-14"'));
		const narrowed = await service.doComplete(
			typed,
			typed.positionAt(typed.getText().indexOf('v3/guides/page-14') + 'v3/guides/page-14'.length),
			noCancellation,
		);
		assert.deepEqual(
			narrowed?.items.slice(0, 3).map(i => i.label),
			['v3/guides/page-14', 'v3/guides/page-140', 'v3/guides/page-1400'],
		);
	});

	it('judges the OpenAPI frontmatter of a page again only when the documents or the endpoint entries changed', async () => {
		const workspace = new InMemoryWorkspace(files());
		const state = new SiteState({ workspace });
		const checks = new SiteChecks(state, { workspace });
		state.setRoots([workspaceRoot]);
		const codes = async () => (await checks.checkPage(workspaceUri('api.mdx'), noCancellation)).map(d => d.code);
		assert.deepEqual(await codes(), ['openapi-documented-twice']);
		const runs = state.dependencies.frontmatterRuns;
		workspace.write('docs.json', docsJson({ groups: [{ group: 'Renamed', openapi: 'openapi.json', pages: ['a', 'b', 'api', 'GET /users'] }] }));
		assert.deepEqual(await codes(), ['openapi-documented-twice']);
		assert.equal(state.dependencies.frontmatterRuns, runs, 'a renamed group changes nothing the frontmatter is judged by');
		// The endpoint entry moves: the finding's related location moves with it.
		workspace.write('docs.json', docsJson({ groups: [{ group: 'Renamed', openapi: 'openapi.json', pages: ['GET /users', 'a', 'b', 'api'] }] }));
		assert.deepEqual(await codes(), ['openapi-documented-twice']);
		assert.equal(state.dependencies.frontmatterRuns, runs + 1);
		workspace.write('docs.json', docsJson({ groups: [{ group: 'Renamed', openapi: 'openapi.json', pages: ['a', 'b', 'api'] }] }));
		assert.deepEqual(await codes(), []);
		workspace.write('openapi.json', spec('/accounts'));
		assert.deepEqual(await codes(), ['openapi-page-unmatched']);
	});
});
