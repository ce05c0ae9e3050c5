import * as assert from 'node:assert/strict';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { checkPages, docsJson } from '../../helpers/siteCheck';

// @mintlify/common 1.0.1211 remarkValidateAccordions / remarkValidateTabs / remarkValidateApiExamples: their words.
describe("Build warnings of the platform's remark plugins", () => {
	const check = async (page: string) => (await checkPages({ 'docs.json': docsJson({ pages: ['index'] }), 'index.mdx': page }))['index.mdx'] ?? [];

	it('duplicate Accordion titles (by the id the platform slugs), an empty Tab title, a second Request/ResponseExample (before: silent)', async () => {
		const page = [
			'<AccordionGroup>',
			'<Accordion title="Set up">a</Accordion>',
			'<Accordion title="Set Up">b</Accordion>',
			'<Accordion title="Set up" id="other">c</Accordion>',
			'</AccordionGroup>',
			'',
			'<Tabs>',
			'<Tab title="">x</Tab>',
			'</Tabs>',
			'',
			'<RequestExample>',
			'a',
			'</RequestExample>',
			'',
			'<RequestExample>',
			'b',
			'</RequestExample>',
			'',
		].join('\n');
		const d = await check(page);
		assertDiagnostics(d, [
			{
				range: [2, 1, 2, 10],
				code: 'accordion-duplicate-title',
				message: /^<Accordion title="Set Up"> duplicates another accordion title on this page — deep links.*this one and "Set up" are both 'set-up'/,
			},
			{ range: [7, 5, 7, 10], code: 'tab-empty-title', message: /^<Tab> has an empty title — the tab has no accessible name/ },
			{ range: [14, 1, 14, 15], code: 'api-example-multiple', message: /^Only one <RequestExample> is supported per page\.$/ },
		]);
	});

	it('leaves titles that slug to nothing alone (the platform warns on them although they differ)', async () => {
		assert.deepEqual(await check('<Accordion title="入门">a</Accordion>\n\n<Accordion title="高级功能">b</Accordion>\n'), []);
	});

	it('leaves distinct titles and one example of each alone', async () => {
		assert.deepEqual(
			await check(
				'<Accordion title="A">a</Accordion>\n\n<Accordion title="B">b</Accordion>\n\n<RequestExample>\nx\n</RequestExample>\n\n<ResponseExample>\ny\n</ResponseExample>\n',
			),
			[],
		);
	});
});
