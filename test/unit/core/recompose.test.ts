import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findNodeAtOffset, getNodePath, parseTree, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CompletionItemKind } from 'vscode-languageserver-types';
import { noCancellation } from '../../../server/src/core/cancellation';
import { composeConfig, type ComposedConfig } from '../../../server/src/core/docsConfig/compose';
import { getValue, type ConfigArray, type ConfigObject } from '../../../server/src/core/docsConfig/configTree';
import { parseJsonConfig } from '../../../server/src/core/docsConfig/parseJson';
import { recomposeConfig } from '../../../server/src/core/docsConfig/recompose';
import { stringAt } from '../../../server/src/core/features/configLocation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../../helpers/inMemoryWorkspace';
import { applyJsonEdit, jsonDocuments, jsonEdit } from '../../helpers/jsonEdits';

const root = 'file:///site';
const configUri = `${root}/docs.json`;
const documentOf = (text: string, version = 1) => TextDocument.create(configUri, 'json', version, text);

/** The full composition of one docs.json text (no other files). */
async function composed(text: string, version = 1): Promise<ComposedConfig> {
	const document = documentOf(text, version);
	const load = async (uri: string) => (uri === configUri ? { document, parsed: parseJsonConfig(document, 'docs.json') } : undefined);
	return composeConfig(root, configUri, load, noCancellation);
}

/** Asserts that a recomposition is the full composition of the new text; returns it, or undefined when it declined. */
async function assertRecomposedAsFull(oldText: string, newText: string): Promise<ComposedConfig | undefined> {
	const previous = await composed(oldText);
	const before = JSON.stringify(previous.root);
	const recomposed = recomposeConfig(previous, documentOf(newText, 2));
	assert.equal(JSON.stringify(previous.root), before, 'the previous composition is left as it was');
	if (!recomposed) return undefined;
	const full = await composed(newText, 2);
	if (JSON.stringify(recomposed.root) !== JSON.stringify(full.root)) assert.deepEqual(recomposed.root, full.root);
	assert.deepEqual(full.diagnostics.get(configUri), [], 'a recomposition means the full parse finds nothing wrong');
	assert.deepEqual(recomposed.diagnostics.get(configUri), []);
	assert.deepEqual(full.refs, []);
	assert.equal(recomposed.files.get(configUri)!.getText(), newText);
	return recomposed;
}

const site = JSON.stringify(
	{
		name: 'x',
		navigation: {
			groups: [
				{ group: 'Start', pages: ['index', 'quickstart'] },
				{ group: 'Guides', pages: ['guides/a', 'guides/b'] },
				{ group: 'More', pages: ['more/c'] },
			],
		},
	},
	null,
	2,
);

const groupsOf = (config: ComposedConfig) => (getValue(getValue(config.root, 'navigation'), 'groups') as ConfigArray).items as ConfigObject[];

describe('docs.json composed again from the last composition (recompose)', () => {
	it('renames a page entry: the groups before it are the same objects, those after it are moved copies', async () => {
		const newText = site.replace('"guides/a"', '"guides/renamed"');
		const previous = await composed(site);
		const recomposed = (await assertRecomposedAsFull(site, newText))!;
		assert.ok(recomposed, 'the incremental path is taken');
		const again = recomposeConfig(previous, documentOf(newText, 2))!;
		const [start, guides, more] = groupsOf(again);
		const [oldStart, oldGuides, oldMore] = groupsOf(previous);
		assert.equal(start, oldStart, 'a group before the edit is shared');
		assert.notEqual(guides, oldGuides);
		assert.notEqual(more, oldMore);
		assert.equal(more.offset, oldMore.offset + '"guides/renamed"'.length - '"guides/a"'.length);
		// An edit that keeps the length moves nothing: the group after it is shared too.
		const same = recomposeConfig(previous, documentOf(site.replace('"guides/a"', '"guides/x"'), 2))!;
		assert.equal(groupsOf(same)[2], oldMore);
	});

	it('edits keys, adds and removes elements, and types whitespace at the edges of values', async () => {
		for (const newText of [
			site.replace('"group": "Guides"', '"title": "Guides"'),
			site.replace('"more/c"', '"more/c", "more/d"'),
			site.replace('"index", ', ''),
			site.replace('"more/c"', ' "more/c"  '),
			site.replace('{ "group": "More"', '{ "group": "More", "expanded": true'),
		])
			assert.ok(await assertRecomposedAsFull(site, newText), newText);
	});

	it('declines what only a full composition decides: broken syntax, a $ref or a \\u escape typed, the top-level value, a previous file with problems', async () => {
		assert.equal(await assertRecomposedAsFull(site, site.replace('"guides/a"', '"guides/a')), undefined);
		assert.equal(await assertRecomposedAsFull(site, site.replace('"guides/a"', '{ "$ref": "./more.json" }')), undefined);
		assert.equal(await assertRecomposedAsFull(site, site.replace('"guides/a"', '"\\u0024ref"')), undefined);
		assert.equal(await assertRecomposedAsFull(site, site.replace('{', '[')), undefined);
		assert.equal(await assertRecomposedAsFull(site, `${site} x`), undefined);
		const broken = site.replace('"more/c"', '"more/c",');
		assert.equal(recomposeConfig(await composed(broken), documentOf(site, 2)), undefined);
	});

	it('random documents and edits: a recomposition is always the full composition (fast-check, seeded)', async function () {
		this.timeout(120_000);
		let incremental = 0;
		let runs = 0;
		await fc.assert(
			fc.asyncProperty(jsonDocuments, fc.array(jsonEdit, { minLength: 1, maxLength: 2 }), async (text, edits) => {
				const errors: ParseError[] = [];
				const tree = parseTree(text, errors);
				if (errors.length || tree?.type !== 'object' || text.includes('$ref')) return;
				runs++;
				let newText = text;
				for (const e of edits) newText = applyJsonEdit(newText, tree, e);
				if (await assertRecomposedAsFull(text, newText)) incremental++;
			}),
			{ seed: 20_261_127, numRuns: 1500 },
		);
		// Not vacuous: a good part of the edits keep the document valid and take the incremental path.
		assert.ok(incremental > runs / 5, `${incremental} of ${runs} recomposed`);
	});

	it('finds the string at an offset in the composed tree as jsonc-parser finds it in the syntax tree (every offset of random documents)', async () => {
		await fc.assert(
			fc.asyncProperty(jsonDocuments, async text => {
				const errors: ParseError[] = [];
				const tree = parseTree(text, errors);
				if (errors.length || tree?.type !== 'object') return;
				await composed(text).then(config => {
					for (let offset = 0; offset <= text.length; offset++) {
						const found = stringAt(config.root!, offset);
						// What completion asked of the syntax tree before: the deepest node, a string the offset is inside.
						const node = findNodeAtOffset(tree, offset, false);
						const inString = node?.type === 'string' && node.offset < offset && offset < node.offset + node.length;
						assert.equal(!!found, inString, `a string at ${offset}`);
						if (!found || !node) continue;
						const isKey = node.parent?.type === 'property' && node.parent.children![0] === node;
						assert.equal(found.isKey, isKey, `a key at ${offset}`);
						assert.deepEqual(found.path, isKey ? [] : getNodePath(node), `the path at ${offset}`);
						assert.deepEqual([found.node.offset, found.node.length], [node.offset, node.length]);
					}
				});
			}),
			{ seed: 20_261_127, numRuns: 200 },
		);
	});

	it('the language server completes page paths in docs.json after an edit it composed incrementally', async () => {
		const text = site;
		const workspace = new InMemoryWorkspace({
			'docs.json': text,
			'index.mdx': '# I',
			'quickstart.mdx': '# Q',
			'guides/a.mdx': '# A',
			'guides/b.mdx': '# B',
			'more/c.mdx': '# C',
			'new.mdx': '# N',
		});
		const service = createLanguageService({ workspace, changesReported: true });
		await service.findDocsRoots(noCancellation);
		await service.checkSite(workspaceRoot, noCancellation);
		// A lone docs.json keeps no syntax tree even from its first, full parse (crewAI: ~10 MB).
		assert.equal((await service.getSite(workspaceRoot, noCancellation)).config.trees.size, 0);
		const opened = workspace.document('docs.json');
		const atFirst = await service.doComplete(opened, opened.positionAt(text.indexOf('"more/c"') + 3), noCancellation);
		assert.ok(atFirst?.items.some(item => item.label === 'new'));
		const edited = text.replace('"more/c"', '"more/c", "ne"');
		workspace.write('docs.json', edited);
		service.didChangeDocument(workspaceUri('docs.json'));
		const model = await service.getSite(workspaceRoot, noCancellation);
		assert.equal(model.config.trees.size, 0, 'the model was recomposed (no syntax tree)');
		const document = workspace.document('docs.json');
		const list = await service.doComplete(document, document.positionAt(edited.indexOf('"ne"') + 3), noCancellation);
		assert.ok(
			list?.items.some(item => item.label === 'new' && item.kind === CompletionItemKind.File),
			JSON.stringify(list?.items.map(i => i.label)),
		);
	});
});
