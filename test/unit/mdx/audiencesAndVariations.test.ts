import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, checkSite, docsJson, rangeOf } from '../../helpers/siteCheck';

// <Visibility for>: @mintlify/common 1.0.1211 remarkVisibilityForMarkdown.js (VISIBILITY_AUDIENCES, { groups: [...] }).
// <Variation is> and docs.json variations: @mintlify/common 1.0.1211 mdx/plugins/remark/variation.js,
// @mintlify/validation 0.1.878 properties/variations.js (willow theme).
describe('Visibility audiences', () => {
	it('accepts signed-in, signed-out and {{ groups: [...] }} (before: two component-prop-value warnings)', async () => {
		const page =
			'<Visibility for="signed-in">a</Visibility>\n\n<Visibility for="signed-out">b</Visibility>\n\n<Visibility for={{ groups: ["admin"] }}>c</Visibility>\n\n<Visibility for="humans">d</Visibility>\n';
		assert.deepEqual(await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page }), {});
	});

	it('still reports an audience the platform does not know', async () => {
		const page = '<Visibility for="admins">a</Visibility>\n';
		const result = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page });
		assertDiagnostics(result['index.mdx'], [
			{ range: rangeOf(page, 'admins'), code: 'component-prop-value', message: /"humans", "agents", "signed-in", "signed-out"/ },
		]);
	});
});

describe('Variations', () => {
	const config = {
		theme: 'willow',
		variations: {
			options: [
				{ id: 'python', label: 'Python' },
				{ id: 'js', label: 'JavaScript' },
			],
		},
	};

	it('takes docs.json variations as a setting (before: config-unknown-key)', async () => {
		const result = await checkSite({ 'docs.json': docsJson({ pages: ['index'] }, config), 'index.mdx': '# Home\n' });
		assert.deepEqual(result['docs.json'] ?? [], []);
	});

	it('checks <Variation is> against the declared ids: a string, a literal and a list', async () => {
		const page = [
			'<Variation is="python">a</Variation>',
			'',
			"<Variation is={['js', 'ruby']}>b</Variation>",
			'',
			'<Variation is={"go"}>c</Variation>',
			'',
			'<Variation is={current}>d</Variation>',
			'',
		].join('\n');
		const result = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }, config), 'index.mdx': page });
		assertDiagnostics(result['index.mdx'], [
			{
				range: rangeOf(page, "['js', 'ruby']"),
				code: 'variation-unknown',
				message: /'ruby' is not a variation of docs.json \(variations.options: 'python', 'js'\)/,
			},
			{ range: rangeOf(page, '"go"'), code: 'variation-unknown' },
		]);
	});

	it('leaves <Variation> alone when docs.json declares no variations, and asks for is', async () => {
		const page = '<Variation is="python">a</Variation>\n\n<Variation>b</Variation>\n';
		const result = await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page });
		assertDiagnostics(result['index.mdx'], [{ range: [2, 1, 2, 10], code: 'component-missing-prop', message: /needs "is"/ }]);
	});
});
