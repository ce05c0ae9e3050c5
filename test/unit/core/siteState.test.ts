import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Diagnostic } from 'vscode-languageserver-types';
import { CancellationTokenSource } from 'vscode-languageserver';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService, type LanguageService } from '../../../server/src/core/languageService';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';

/*
 * The site state's staleness rules (docs/architecture.md, "Site state"), tested the way they can
 * fail: a service that lives through a random sequence of edits, told of each change the way the
 * language server tells it (buffer edits, watcher events, a new discovery when a docs.json or
 * mint.json appears or disappears), must answer every step exactly as a fresh service does.
 */

const pageNames = ['a', 'b', 'c', 'guide/d', 'sub/x', 'sub/y'] as const;
/** Page texts: links between the pages and to their anchors, a broken link, a finding with related information; several pages share a text (the summaries are shared by content). */
const pageTexts = [
	'# A\n\n## Setup\n',
	'# B\n\nSee [setup](/a#setup) and [c](/c).\n',
	'Link to [d](/guide/d), [x](/sub/x) and [missing](/nowhere).\n',
	'---\ntitle: T\n---\n\n## Other\n\n[anchor](/b#other) [setup](/a#setup)\n',
	'<Card title="x" title="y">\n  Twice.\n</Card>\n',
	'---\nicon: "no-such-icon-name"\n---\n\n# Icon\n',
	'## Setup\n\n## Other\n\n[x](/x) [y](/y)\n',
];

/** OpenAPI documents the repository holds (found, not named): one text written at several paths is read once (docs/architecture.md, "Site state" rule 9). */
const specTexts = [
	'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\npaths:\n  /users:\n    get:\n      responses:\n        "200":\n          description: ok\n',
	'openapi: 3.1.0\ninfo:\n  title: T\n  version: "1"\npaths:\n  /users:\n    get:\n      responses: [\n',
];
const specPaths = ['api.yaml', 'v2/api.yaml', 'sub/api.yaml'] as const;

const docsJson = (pages: readonly string[], redirect: boolean) =>
	JSON.stringify(
		{
			name: 'Test',
			theme: 'mint',
			colors: { primary: '#000000' },
			navigation: { groups: [{ group: 'G', pages }] },
			...(redirect ? { redirects: [{ source: '/nowhere', destination: '/a' }] } : {}),
		},
		null,
		2,
	);
const mintJson = (pages: readonly string[]) => JSON.stringify({ name: 'Test', navigation: [{ group: 'G', pages }] }, null, 2);

type Step =
	| { kind: 'page'; name: string; text: number }
	| { kind: 'deletePage'; name: string }
	| { kind: 'docs'; folder: '' | 'sub/'; pages: string[]; redirect: boolean }
	| { kind: 'deleteDocs'; folder: '' | 'sub/' }
	| { kind: 'mint'; pages: string[] }
	| { kind: 'deleteMint' }
	// Editors report a folder deleted or moved in once, not each file in it.
	| { kind: 'deleteFolder'; folder: 'sub' | 'guide' }
	| { kind: 'moveInFolder'; folder: 'sub' | 'guide'; text: number }
	| { kind: 'spec'; path: string; text: number };

const pagesArb = fc.subarray([...pageNames, 'missing-page']);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 4, arbitrary: fc.record({ kind: fc.constant('page' as const), name: fc.constantFrom(...pageNames), text: fc.nat(pageTexts.length - 1) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('deletePage' as const), name: fc.constantFrom(...pageNames) }) },
	{
		weight: 3,
		arbitrary: fc.record({
			kind: fc.constant('docs' as const),
			folder: fc.constantFrom('' as const, 'sub/' as const),
			pages: pagesArb,
			redirect: fc.boolean(),
		}),
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteDocs' as const), folder: fc.constantFrom('' as const, 'sub/' as const) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('mint' as const), pages: pagesArb }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteMint' as const) }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteFolder' as const), folder: fc.constantFrom('sub' as const, 'guide' as const) }) },
	{
		weight: 1,
		arbitrary: fc.record({
			kind: fc.constant('moveInFolder' as const),
			folder: fc.constantFrom('sub' as const, 'guide' as const),
			text: fc.nat(pageTexts.length - 1),
		}),
	},
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('spec' as const), path: fc.constantFrom(...specPaths), text: fc.nat(specTexts.length - 1) }) },
);

/** A site configured by mint.json alone, three pages. */
const initialFiles = (): Record<string, string> => ({
	'mint.json': mintJson(['a', 'b', 'c']),
	'a.mdx': pageTexts[0],
	'b.mdx': pageTexts[1],
	'c.mdx': pageTexts[4],
});

/** Applies a step to the workspace and tells the long-lived service as the language server would. */
async function apply(step: Step, workspace: InMemoryWorkspace, service: LanguageService, exists: Set<string>): Promise<void> {
	const file = (path: string, text: string | undefined) => {
		const existed = exists.has(path);
		if (text === undefined) {
			workspace.remove(path);
			exists.delete(path);
		} else {
			workspace.write(path, text);
			exists.add(path);
		}
		return existed;
	};
	const event = (path: string, existed: boolean, removed: boolean) => {
		const uri = workspaceUri(path);
		if (removed) return existed ? service.didChangeFiles([{ uri, type: 'deleted' }]) : Promise.resolve([]);
		return existed ? (service.didChangeDocument(uri), Promise.resolve([])) : service.didChangeFiles([{ uri, type: 'created' }]);
	};
	switch (step.kind) {
		case 'page':
			await event(`${step.name}.mdx`, file(`${step.name}.mdx`, pageTexts[step.text]), false);
			return;
		case 'deletePage':
			await event(`${step.name}.mdx`, file(`${step.name}.mdx`, undefined), true);
			return;
		case 'docs': {
			const path = `${step.folder}docs.json`;
			const existed = file(path, docsJson(step.pages, step.redirect));
			// A configuration file created: the server finds the roots again (and reports nothing else).
			if (existed) service.didChangeDocument(workspaceUri(path));
			else await service.findDocsRoots(noCancellation);
			return;
		}
		case 'deleteDocs':
			if (file(`${step.folder}docs.json`, undefined)) await service.findDocsRoots(noCancellation);
			return;
		case 'mint':
			if (file('mint.json', mintJson(step.pages))) service.didChangeDocument(workspaceUri('mint.json'));
			else await service.findDocsRoots(noCancellation);
			return;
		case 'deleteMint':
			if (file('mint.json', undefined)) await service.findDocsRoots(noCancellation);
			return;
		case 'deleteFolder': {
			const under = [...exists].filter(path => path.startsWith(`${step.folder}/`));
			if (!under.length) return;
			for (const path of under) file(path, undefined);
			await service.didChangeFiles([{ uri: workspaceUri(step.folder), type: 'deleted' }]);
			// The server finds the roots again when the folder held one.
			if (under.some(path => path.endsWith('/docs.json'))) await service.findDocsRoots(noCancellation);
			return;
		}
		case 'moveInFolder': {
			if ([...exists].some(path => path.startsWith(`${step.folder}/`))) return;
			for (const name of pageNames.filter(n => n.startsWith(`${step.folder}/`))) file(`${name}.mdx`, pageTexts[step.text]);
			await service.didChangeFiles([{ uri: workspaceUri(step.folder), type: 'created' }]);
			return;
		}
		case 'spec':
			await event(step.path, file(step.path, specTexts[step.text]), false);
			return;
	}
}

const sortDiagnostics = (list: readonly Diagnostic[]) => [...list].map(d => JSON.stringify(d)).sort();

/** Every finding a service gives: each root's configuration files, each page checked alone, and each page as a check of all pages reports it. */
async function findings(service: LanguageService, files: Iterable<string>): Promise<Map<string, string[]>> {
	const all = new Map<string, string[]>();
	for (const root of service.roots) {
		for (const { uri, diagnostics } of await service.checkSite(root, noCancellation)) all.set(`site ${uri}`, sortDiagnostics(diagnostics));
	}
	for (const path of [...files].filter(p => p.endsWith('.mdx')).sort()) {
		const uri = workspaceUri(path);
		all.set(`page ${uri}`, sortDiagnostics(await service.checkPage(uri, noCancellation)));
	}
	return all;
}

describe('site state: a long-lived service answers as a fresh one after every edit', () => {
	it('random edit sequences, with roots appearing, disappearing and changing kind', async function () {
		this.timeout(10 * 60_000);
		await fc.assert(
			fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 12 }), async steps => {
				const workspace = new InMemoryWorkspace(initialFiles());
				const exists = new Set(Object.keys(initialFiles()));
				// As the server: changes reported, pages summarized in batches (each text once; the frontmatter rules read the page's head).
				const service = createLanguageService({ workspace, changesReported: true, summarizePages: async documents => documents.map(summarizePage) });
				await service.findDocsRoots(noCancellation);
				// What the server publishes: every page once, then the pages each background run reports.
				const published = new Map<string, string[]>();
				const publishRun = async (onlyAffected: boolean) => {
					for (const root of service.roots)
						await service.checkPages(root, noCancellation, ({ uri, diagnostics }) => void published.set(uri, sortDiagnostics(diagnostics)), { onlyAffected });
				};
				await findings(service, exists);
				await publishRun(false);
				for (const [i, step] of steps.entries()) {
					await apply(step, workspace, service, exists);
					const fresh = createLanguageService({ workspace });
					await fresh.findDocsRoots(noCancellation);
					assert.deepEqual(service.roots, fresh.roots, `roots after step ${i} ${JSON.stringify(step)}`);
					const [got, expected] = [await findings(service, exists), await findings(fresh, exists)];
					assert.deepEqual(got, expected, `after step ${i} ${JSON.stringify(step)}`);
					// As the server publishes: an edited page checked at once, then the pages linking to its
					// anchors, then a background run; the pages it skips keep findings that are still true.
					if (step.kind === 'deletePage') published.delete(workspaceUri(`${step.name}.mdx`));
					if (step.kind === 'page' && service.isPage(workspaceUri(`${step.name}.mdx`))) {
						const uri = workspaceUri(`${step.name}.mdx`);
						published.set(uri, sortDiagnostics(await service.checkPage(uri, noCancellation)));
						for (const dependent of service.dependentPages(uri)) published.set(dependent, sortDiagnostics(await service.checkPage(dependent, noCancellation)));
					}
					await publishRun(true);
					const expectedPages = new Map<string, string[]>();
					for (const root of fresh.roots)
						await fresh.checkPages(root, noCancellation, ({ uri, diagnostics }) => void expectedPages.set(uri, sortDiagnostics(diagnostics)));
					for (const [uri, diagnostics] of expectedPages)
						assert.deepEqual(published.get(uri) ?? [], diagnostics, `published findings of ${uri} after step ${i} ${JSON.stringify(step)}`);
				}
			}),
			{ numRuns: 60, seed: 20261127 },
		);
	});

	it('a docs.json written beside mint.json is read at once, with no watcher event but the new discovery', async () => {
		const workspace = new InMemoryWorkspace({ 'mint.json': mintJson(['a']), 'a.mdx': '[b](/b)\n' });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		const mint = (await service.checkSite(workspaceRoot, noCancellation)).find(r => r.uri === workspaceUri('mint.json'));
		assert.ok(mint?.diagnostics.some(d => d.code === 'legacy-config'));
		workspace.write('docs.json', docsJson(['missing-page'], false));
		await service.findDocsRoots(noCancellation);
		const results = await service.checkSite(workspaceRoot, noCancellation);
		const docs = results.find(r => r.uri === workspaceUri('docs.json'));
		assert.deepEqual(
			docs?.diagnostics.map(d => [d.code, d.range.start.line]),
			[['page-not-found', 11]],
		);
		assert.deepEqual(
			results.find(r => r.uri === workspaceUri('mint.json'))?.diagnostics.map(d => d.code),
			['legacy-config-ignored'],
		);
	});

	it('pages with the same text share one summary, their own URI in related information', async () => {
		const duplicate = '<Card title="x" title="y">\n  Twice.\n</Card>\n';
		const workspace = new InMemoryWorkspace({ 'docs.json': docsJson(['a', 'b'], false), 'a.mdx': duplicate, 'b.mdx': duplicate });
		let summarized = 0;
		const service = createLanguageService({
			workspace,
			summarizePages: async documents => {
				summarized += documents.length;
				return documents.map(summarizePage);
			},
		});
		await service.findDocsRoots(noCancellation);
		const related = new Map<string, string[]>();
		await service.checkPages(workspaceRoot, noCancellation, ({ uri, diagnostics }) =>
			related.set(
				uri,
				diagnostics.flatMap(d => d.relatedInformation?.map(r => r.location.uri) ?? []),
			),
		);
		assert.equal(summarized, 1);
		assert.deepEqual(related.get(workspaceUri('a.mdx')), [workspaceUri('a.mdx')]);
		assert.deepEqual(related.get(workspaceUri('b.mdx')), [workspaceUri('b.mdx')]);
	});
});

describe('site state: requests sharing work', () => {
	it('a site check is not ended by the cancellation of another request that started the page scan it waits for', async () => {
		/** The site's folders are listed only once the test opens the gate: both checks then wait on one scan. */
		let gate = Promise.resolve();
		let open = () => {};
		const close = () => (gate = new Promise<void>(resolve => (open = resolve)));
		class GatedWorkspace extends InMemoryWorkspace {
			override async readDirectory(uri: string) {
				await gate;
				return super.readDirectory(uri);
			}
		}
		const workspace = new GatedWorkspace({ 'docs.json': docsJson(['a', 'missing'], false), 'a.mdx': pageTexts[0] });
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		close();
		// Roots found again: the page index is scanned afresh, under the token of the first check that asks.
		await service.didChangeFiles([{ uri: workspaceUri('new.mdx'), type: 'created' }]);
		const first = new CancellationTokenSource();
		const second = new CancellationTokenSource();
		const cancelled = service.checkSite(workspaceRoot, first.token);
		const answered = service.checkSite(workspaceRoot, second.token);
		first.cancel();
		open();
		await assert.rejects(cancelled, (e: Error) => e.name === 'CancelledError' || /cancel/i.test(e.message));
		const results = await answered;
		const own = results.find(r => r.uri === workspaceUri('docs.json'));
		assert.ok(
			own?.diagnostics.some(d => d.code === 'page-not-found'),
			`the second check answers: ${JSON.stringify(results.map(r => r.diagnostics.map(d => d.code)))}`,
		);
	});
});
