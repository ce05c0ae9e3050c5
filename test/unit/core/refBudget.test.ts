import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { getValue, toPlainValue } from '../../../server/src/core/docsConfig/configTree';
import { refBudget } from '../../../server/src/core/docsConfig/refBudget';
import { createLanguageService } from '../../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot } from '../../helpers/inMemoryWorkspace';
import { configRefBomb } from '../../helpers/refBomb';
import { rangeOf } from '../../helpers/siteCheck';

const range = (text: string, needle: string) => {
	const [startLine, startCharacter, endLine, endCharacter] = rangeOf(text, needle);
	return { start: { line: startLine, character: startCharacter }, end: { line: endLine, character: endCharacter } };
};

async function compose(files: Record<string, string>) {
	const service = createLanguageService({ workspace: new InMemoryWorkspace({ 'index.mdx': '# Home', ...files }) });
	await service.findDocsRoots(noCancellation);
	const site = await service.getSite(workspaceRoot, noCancellation);
	const findings = [...site.config.diagnostics].flatMap(([uri, list]) =>
		list.map(d => ({ file: uri.slice(workspaceRoot.length + 1), code: d.code, range: d.range })),
	);
	return { site, findings };
}

/** docs.json `$ref`s counted before composing (issue 51): a bomb is one finding, never a 60 s run or a RangeError. */
describe('the $ref budget of docs.json', function () {
	// Generous: the point is that these finish at all (they ran past 60 s, or overflowed the stack).
	this.timeout(30_000);

	it('8 files of 10 references to the next (10^8 values) are one ref-too-complex finding on the first $ref, nothing followed', async () => {
		const files = configRefBomb(8, 10, 'objects');
		const { site, findings } = await compose(files);
		assert.deepEqual(findings, [{ file: 'docs.json', code: 'ref-too-complex', range: range(files['docs.json'], '"bomb1.json"') }]);
		assert.deepEqual(toPlainValue(getValue(site.config.root, 'seo')!), { metatags: {} });
		// The rest of docs.json is still composed and checked.
		assert.deepEqual(
			site.navigation?.pages.map(p => p.value),
			['index'],
		);
	});

	it('the array form (pages of $refs, 9 levels of 10) is one finding, not a stack overflow', async () => {
		const files = configRefBomb(9, 10, 'pages');
		const { site, findings } = await compose(files);
		assert.deepEqual(findings, [{ file: 'docs.json', code: 'ref-too-complex', range: range(files['docs.json'], '"bomb1.json"') }]);
		assert.deepEqual(
			site.navigation?.pages.map(p => p.value),
			[],
		);
	});

	it('a chain of files nesting the composed tree deeper than the budget is one finding', async () => {
		const files: Record<string, string> = {};
		// 30 files (fewer than the 32 nested files allowed) of 8 levels each: every file alone is shallow, together over 200 levels.
		for (let i = 1; i <= 30; i++)
			files[`n${i}.json`] = JSON.stringify({ a: { b: { c: { d: { e: { f: { g: i < 30 ? { $ref: `n${i + 1}.json` } : 1 } } } } } } });
		files['docs.json'] = JSON.stringify({ name: 'X', navigation: { pages: ['index'] }, seo: { $ref: 'n1.json' } });
		const { findings } = await compose(files);
		assert.deepEqual(
			findings.map(f => f.code),
			['ref-too-complex'],
		);
	});

	it('leaves a real composition alone: 4 levels of 10 pages (10^4 entries) are composed in full', async () => {
		assert.ok(10 ** 4 < refBudget.maxExpandedValues);
		const { site, findings } = await compose(configRefBomb(4, 10, 'pages'));
		assert.deepEqual(findings, []);
		assert.equal(site.navigation?.pages.length, 10 ** 4);
	});

	it('counts a file referenced from many places once per place, and cycles as nothing (they are their own finding)', async () => {
		const { findings } = await compose({
			'docs.json': JSON.stringify({ name: 'X', navigation: { pages: ['index', { $ref: 'a.json' }] } }),
			'a.json': JSON.stringify([{ $ref: 'b.json' }]),
			'b.json': JSON.stringify([{ $ref: 'a.json' }]),
		});
		assert.deepEqual(
			findings.map(f => f.code),
			['ref-cycle'],
		);
	});
});
