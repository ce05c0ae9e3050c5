import * as assert from 'node:assert/strict';
import { lines } from '../../helpers/formatText';
import { provedByUnits } from '../../../server/src/core/format/blockProof';
import { formatMdx, formatMdxByWholePage } from '../../../server/src/core/format/formatPage';
import { writePageUnits, type WrittenPage } from '../../../server/src/core/format/pageWriter';
import { parseMdx } from '../../../server/src/core/mdx/mdxParser';

/** The page parsed and written once, as formatMdx does before its proof. */
function firstPass(text: string): { tree: ReturnType<typeof parseMdx>['tree'] & object; written: WrittenPage } {
	const tree = parseMdx(text, true).tree;
	assert.ok(tree, 'the page parses');
	return { tree, written: writePageUnits(tree, text) };
}

/** The written page with one unit's text replaced (as if the writer had written that). */
function tampered(written: WrittenPage, index: number, text: string): WrittenPage {
	const units = written.units.map((u, i) => (i === index ? { ...u, text } : u));
	return { text: `${units.map(u => u.text).join('\n\n')}\n`, units, joined: true };
}

const page = lines(
	'---',
	'title: Start',
	'---',
	'',
	'# Install',
	'',
	'Run the installer',
	'and wait.',
	'',
	'<Note>Keep the key secret.</Note>',
	'',
	'* one',
	'* two',
	'',
	'```',
	'npm i',
	'```',
);

describe('format: the per-block proof (blockProof.ts)', () => {
	it('proves a page whose blocks the writer changed without parsing the whole page again, with the result of the whole-page proof', () => {
		const { tree, written } = firstPass(page);
		assert.notEqual(written.text, page);
		assert.deepEqual(
			written.units.map(u => [u.from, u.to]),
			[
				[0, 1],
				[1, 2],
				[2, 3],
				[3, 4],
				[4, 5],
				[5, 6],
			],
		);
		assert.equal(written.joined, true);
		assert.equal(provedByUnits(tree, page, written), true);
		assert.deepEqual(formatMdx(page), formatMdxByWholePage(page));
		assert.deepEqual(formatMdx(page), {
			kind: 'formatted',
			changed: true,
			text: lines(
				'---',
				'title: "Start"',
				'---',
				'',
				'# Install',
				'',
				'Run the installer and wait.',
				'',
				'<Note>',
				'  Keep the key secret.',
				'</Note>',
				'',
				'- one',
				'- two',
				'',
				'```text',
				'npm i',
				'```',
			),
		});
	});

	it('does not prove a page where one changed block says something else (a word, a block type, a prop, the frontmatter)', () => {
		const { tree, written } = firstPass(page);
		const at = (from: number) => written.units.findIndex(u => u.from === from);
		assert.equal(provedByUnits(tree, page, tampered(written, at(2), 'Run the uninstaller and wait.')), false);
		assert.equal(provedByUnits(tree, page, tampered(written, at(2), '## Run the installer and wait.')), false);
		assert.equal(provedByUnits(tree, page, tampered(written, at(3), '<Note title="x">\n  Keep the key secret.\n</Note>')), false);
		assert.equal(provedByUnits(tree, page, tampered(written, at(4), '- one\n- two\n- three')), false);
		assert.equal(provedByUnits(tree, page, tampered(written, at(5), '```text\nnpm ci\n```')), false);
		assert.equal(provedByUnits(tree, page, tampered(written, at(0), '---\ntitle: "Stop"\n---')), false);
		// A block that says the same but would not be written back the same (not settled) is not proved either.
		assert.equal(provedByUnits(tree, page, tampered(written, at(1), '# Install #')), false);
		// The untouched written page is.
		assert.equal(provedByUnits(tree, page, written), true);
	});

	it('a list followed by a block starting with a list marker: one list in the written page, so the whole page is parsed again', () => {
		// `- a` and `* b` are two lists; written with one marker they are one list, which the next run writes tight.
		const input = lines('- a', '', '* b');
		const { tree, written } = firstPass(input);
		assert.equal(written.text, lines('- a', '', '- b'));
		assert.equal(provedByUnits(tree, input, written), false);
		assert.deepEqual(formatMdx(input), { kind: 'formatted', text: lines('- a', '- b'), changed: true });
		assert.deepEqual(formatMdx(lines('- a', '- b')), { kind: 'formatted', text: lines('- a', '- b'), changed: false });
	});

	it('reference definitions resolve across blocks: a page with one is proved on the whole page', () => {
		const input = lines('See [the guide][g] *now*.', '', '[g]: /guide');
		const { tree, written } = firstPass(input);
		assert.notEqual(written.text, input);
		assert.equal(provedByUnits(tree, input, written), false);
		assert.deepEqual(formatMdx(input), formatMdxByWholePage(input));
		assert.deepEqual(formatMdx(input), { kind: 'formatted', text: lines('See [the guide][g] _now_.', '', '[g]: /guide'), changed: true });
	});

	it('a `]:` that stands in code defines nothing: such a page is proved block by block, a changed code block included', () => {
		const input = lines(
			'Types *first*.',
			'',
			'```ts',
			'type Index = { [key: string]: number };',
			'```',
			'',
			'<Tip>',
			'```powershell',
			'[Environment]::SetEnvironmentVariable("A", "b")',
			'```',
			'</Tip>',
			'',
			'See [the guide][g].',
		);
		const { tree, written } = firstPass(input);
		assert.notEqual(written.text, input);
		assert.equal(provedByUnits(tree, input, written), true);
		assert.deepEqual(formatMdx(input), formatMdxByWholePage(input));
		// A `]:` outside code may define a reference another block uses: the whole page again.
		const defined = lines('See [the guide][g] *now*.', '', '```ts', 'type T = { [k: string]: 1 };', '```', '', '[g]: /guide');
		const second = firstPass(defined);
		assert.equal(provedByUnits(second.tree, defined, second.written), false);
		assert.deepEqual(formatMdx(defined), formatMdxByWholePage(defined));
	});

	it('an import block the writer changed is proved on the whole page: the names imports declare are known across blocks', () => {
		// Written without its carriage returns, the import block is parsed again, where earlier imports would count.
		const input = 'import A from "./a"\r\nexport const b = 1\r\n\r\n# Title *x*\r\n';
		const { tree, written } = firstPass(input);
		assert.equal(written.units[0].text, 'import A from "./a"\nexport const b = 1');
		assert.equal(provedByUnits(tree, input, written), false);
		assert.deepEqual(formatMdx(input), formatMdxByWholePage(input));
	});

	it('a block the writer leaves as written but that stood indented is parsed on its own, not taken as proved', () => {
		// The paragraph's text from its first character is what the writer writes, but it stood at column 3.
		const input = lines('  Indented *text*', '', '  Indented text');
		const { tree, written } = firstPass(input);
		assert.equal(written.units[1].text, 'Indented text');
		assert.equal(provedByUnits(tree, input, written), true);
		assert.deepEqual(formatMdx(input), formatMdxByWholePage(input));
	});

	it('frontmatter-like text at the top of a page without frontmatter, packed components and ignore comments are proved on the whole page', () => {
		const topRule = lines('***', '', 'a *b*', '', '---');
		assert.equal(provedByUnits(firstPass(topRule).tree, topRule, firstPass(topRule).written), false);
		assert.deepEqual(formatMdx(topRule), formatMdxByWholePage(topRule));
		const packed = lines('<Step title="a">', 'x *y*', '</Step>', '<Step title="b">', 'z', '</Step>');
		assert.equal(firstPass(packed).written.joined, false);
		assert.deepEqual(formatMdx(packed), formatMdxByWholePage(packed));
		const ignored = lines('a *b*', '', '{/* mintdoc-format-ignore */}', '', '* kept');
		assert.equal(provedByUnits(firstPass(ignored).tree, ignored, firstPass(ignored).written), false);
		assert.deepEqual(formatMdx(ignored), formatMdxByWholePage(ignored));
	});
});
