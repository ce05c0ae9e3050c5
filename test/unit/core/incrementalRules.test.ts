import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService, type FileDiagnostics } from '../../../server/src/core/languageService';
import { parseJsonConfig } from '../../../server/src/core/docsConfig/parseJson';
import { buildSiteModel } from '../../../server/src/core/site/siteModel';
import { NavigationRuleCache } from '../../../server/src/core/site/navigationChecks';
import { PageIndex } from '../../../server/src/core/site/pageIndex';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { positionOf } from '../../helpers/siteCheck';
import { applyEdit, docsConfigText, editStep, existingPages, type EditStep } from '../../helpers/navigationEdits';

const spec = (path: string) =>
	JSON.stringify({
		openapi: '3.1.0',
		info: { title: 'T', version: '1' },
		paths: { [path]: { get: { summary: 'x', responses: { '200': { description: 'ok' } } } } },
	});

function siteFiles(config: string): Record<string, string> {
	return {
		'docs.json': config,
		'openapi.json': spec('/users'),
		'other.json': spec('/users'),
		'nav/shared.json': JSON.stringify({ group: 'Shared', pages: ['a', 'gone'] }),
		...Object.fromEntries(existingPages.map(page => [`${page}.mdx`, `# ${page}\n`])),
	};
}

/** Pages that the session creates and deletes (a changed set of pages changes every subtree's context). */
const toggled = ['gone', 'missing/one', 'guides/x'];

const byUri = (results: readonly FileDiagnostics[]) => [...results].sort((a, b) => a.uri.localeCompare(b.uri));

async function freshCheck(workspace: InMemoryWorkspace): Promise<FileDiagnostics[]> {
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	return byUri(await service.checkSite(workspaceRoot, noCancellation));
}

/** Applies `steps` to one long-lived service and compares its diagnostics with a fresh service's after each step. */
async function session(config: string, steps: readonly EditStep[]): Promise<void> {
	const workspace = new InMemoryWorkspace(siteFiles(config));
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	await service.checkSite(workspaceRoot, noCancellation);
	let text = config;
	const history: string[] = [];
	for (const [i, step] of steps.entries()) {
		if (step.kind === 'togglePage') {
			const page = `${toggled[step.page % toggled.length]}.mdx`;
			const exists = !!(await workspace.readDocument(workspaceUri(page)));
			if (exists) workspace.remove(page);
			else workspace.write(page, '# toggled\n');
			await service.didChangeFiles([{ uri: workspaceUri(page), type: exists ? 'deleted' : 'created' }]);
		} else {
			const next = applyEdit(text, step, history);
			if (next === undefined) continue;
			if (step.kind !== 'undo') history.push(text);
			text = next;
			workspace.write('docs.json', text);
		}
		const incremental = byUri(await service.checkSite(workspaceRoot, noCancellation));
		assert.deepEqual(incremental, await freshCheck(workspace), `step ${i} (${JSON.stringify(step)}) differs from a fresh check; docs.json:\n${text}`);
	}
}

/** A site of `config` whose models are built by hand with one navigation rule cache, as the site state keeps one per root. */
async function ruleSite(config: string) {
	const workspace = new InMemoryWorkspace(siteFiles(config));
	const pages = await PageIndex.scan(workspace, workspaceRoot, noCancellation);
	const rules = new NavigationRuleCache();
	const load = async (uri: string) => {
		const document = await workspace.readDocument(uri);
		return document && { document, parsed: parseJsonConfig(document, 'docs.json') };
	};
	const build = () => buildSiteModel(workspaceRoot, workspaceUri('docs.json'), load, pages, noCancellation, async () => undefined, undefined, undefined, rules);
	return { workspace, rules, build };
}

describe('docs.json rules reused across edits (incremental equals full)', () => {
	it('gives after every step of random editing sessions what a fresh server gives', async () => {
		// Inserts, deletes, undos, pastes, groups pasted and moved, pages created and deleted. A long run:
		// MINTDOC_INCREMENTAL_RUNS=2000 MINTDOC_INCREMENTAL_SEED=$RANDOM npx mocha --require tsx/cjs <this file>
		await fc.assert(fc.asyncProperty(docsConfigText, fc.array(editStep, { minLength: 1, maxLength: 14 }), session), {
			numRuns: Number(process.env.MINTDOC_INCREMENTAL_RUNS) || 40,
			seed: Number(process.env.MINTDOC_INCREMENTAL_SEED) || 17,
			endOnFailure: true,
		});
	});

	it('keeps equal through a group moved ahead of the first listing of a duplicate page', async () => {
		const config = JSON.stringify(
			{
				name: 'N',
				navigation: {
					groups: [
						{ group: 'A', pages: ['a', 'b'] },
						{ group: 'B', pages: ['c', 'a'] },
						{ group: 'C', pages: ['guides/x'] },
					],
				},
			},
			null,
			2,
		);
		await session(config, [
			{ kind: 'moveGroup', group: 1, after: 2 },
			{ kind: 'moveGroup', group: 2, after: 0 },
			{ kind: 'undo' },
			{ kind: 'pasteGroup', group: 0, after: 2 },
		]);
	});

	it('re-runs the rules of the edited group only, and of none after an undo', async () => {
		const groups = ['A', 'B', 'C'].map((name, i) => ({ group: name, pages: [existingPages[i], 'missing/one'] }));
		const config = JSON.stringify({ name: 'N', navigation: { groups } }, null, 2);
		const { workspace, rules, build } = await ruleSite(config);
		await build();
		assert.equal(rules.unitRuns, 3);
		workspace.write('docs.json', config.replace('"missing/one"', '"gone"'));
		const edited = await build();
		assert.equal(rules.unitRuns, 4, 'only group A ran again');
		const found = edited.diagnostics.get(workspaceUri('docs.json'))!;
		assert.deepEqual(
			found.map(d => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]),
			[
				['page-not-found', 8, 10, 8, 16],
				['page-not-found', 15, 10, 15, 23],
				['page-not-found', 22, 10, 22, 23],
				['nav-duplicate-page', 22, 10, 22, 23],
			],
		);
		assert.deepEqual(found[3].relatedInformation?.[0].location.range, { start: { line: 15, character: 10 }, end: { line: 15, character: 23 } });
		workspace.write('docs.json', config);
		await build();
		assert.equal(rules.unitRuns, 4, 'the undo found every group as it was');
	});

	it('keeps the icon findings of a group with its other findings: moved with it, checked again only when the library changes', async () => {
		const groups = [
			{ group: 'A', icon: 'bok', pages: [existingPages[0], existingPages[1]] },
			{ group: 'B', icon: { name: 'houze', library: 'lucide' }, pages: [existingPages[2]] },
		];
		const config = JSON.stringify({ name: 'N', navigation: { groups } }, null, 2);
		const site = await ruleSite(config);
		const { workspace, rules } = site;
		const build = async () => {
			const model = await site.build();
			const text = (await workspace.readDocument(workspaceUri('docs.json')))!.getText();
			const found = model.diagnostics.get(workspaceUri('docs.json'))!.filter(d => d.code === 'icon-unknown');
			return { text, found: found.map(d => [d.range.start.line, d.range.start.character, d.range.end.character, d.message.slice(0, 40)]) };
		};
		const expected = (text: string) => [
			[...positionOf(text, '"bok"'), positionOf(text, '"bok"')[1] + 5, '"bok" is not a Font Awesome icon (the de'],
			[...positionOf(text, '"houze"'), positionOf(text, '"houze"')[1] + 7, '"houze" is not a Lucide icon (the librar'],
		];
		const first = await build();
		assert.deepEqual(first.found, expected(first.text));
		assert.equal(rules.unitRuns, 2);
		// Lines added above both groups: the kept findings move with them.
		workspace.write('docs.json', config.replace('"name": "N",', '"name": "N",\n  "description": "moved",'));
		const moved = await build();
		assert.deepEqual(moved.found, expected(moved.text));
		assert.equal(rules.unitRuns, 2, 'no group ran again');
		// Another library changes what the names mean: the groups run again.
		workspace.write('docs.json', config.replace('"name": "N",', '"name": "N",\n  "icons": { "library": "tabler" },'));
		const tabler = await build();
		assert.equal(rules.unitRuns, 4);
		assert.match(String(tabler.found[0]?.[3]), /^"bok" is not a Tabler icon/);
	});

	it('reads entry by entry only the groups in a scope where a page is listed twice', async () => {
		// Versions of the same pages (as crewAI's ~40): a duplicate in one version leaves the others unread.
		const versions = Array.from({ length: 20 }, (_, v) => ({
			version: `v${v}`,
			groups: [
				{ group: 'A', pages: [existingPages[0], existingPages[1]] },
				{ group: 'B', pages: v === 7 ? [existingPages[2], existingPages[0]] : [existingPages[2]] },
			],
		}));
		const config = JSON.stringify({ name: 'N', navigation: { versions } }, null, 2);
		const { rules, build } = await ruleSite(config);
		const model = await build();
		const duplicates = model.diagnostics.get(workspaceUri('docs.json'))!.filter(d => d.code === 'nav-duplicate-page');
		assert.equal(duplicates.length, 1);
		assert.equal(rules.duplicateUnitsRead, 2, 'the two groups of v7, not the 40 groups of the site');
	});
});
