import * as assert from 'node:assert/strict';
import docsSchema from '../../../schemas/docs.schema.json';
import { compareTables, formatTableDrift, mintdocTables, recordedTables } from '../../../conformance/platformTables';
import { arrayAfter, objectKeysAfter } from '../../../conformance/publishedTables';
import { contextualOptions } from '../../../server/src/core/mdx/rules/frontmatterFields';

describe("MintDoc's copies of the platform's tables", () => {
	it("equal the tables recorded from the platform's packages (a new page key, component, method, version, icon style or audience fails here)", () => {
		assert.deepEqual(compareTables(mintdocTables(), recordedTables.tables), []);
	});

	it('name each difference, per table, and leave out the intentional ones', () => {
		const ours = mintdocTables();
		const theirs = {
			...recordedTables.tables,
			pageKeys: [...recordedTables.tables.pageKeys, 'sidebarIcon'],
			httpMethods: ['GET'],
			components: [...recordedTables.tables.components],
		};
		const differences = compareTables(ours, theirs);
		assert.deepEqual(differences, [
			{ table: 'pageKeys', onlyOurs: [], onlyTheirs: ['sidebarIcon'] },
			{ table: 'httpMethods', onlyOurs: ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE', 'QUERY'], onlyTheirs: [] },
		]);
		const report = formatTableDrift(differences, { '@mintlify/validation': '9.9.9' }, { iconTypes: 'file missing' });
		assert.match(report, /pageKeys: DRIFT — the platform has sidebarIcon that MintDoc lacks/);
		assert.match(report, /iconTypes: NOT READ \(file missing\)/);
		assert.match(report, /components: same/);
	});

	it('one list of contextual options: the frontmatter check and the docs.json schema (with a description per value)', () => {
		const items = (
			docsSchema as unknown as {
				definitions: { contextual: { properties: { options: { items: { anyOf: { enum?: string[]; markdownEnumDescriptions?: string[] }[] } } } } };
			}
		).definitions.contextual.properties.options.items.anyOf[0];
		assert.deepEqual([...(items.enum ?? [])].sort(), [...contextualOptions].sort());
		assert.equal(items.markdownEnumDescriptions?.length, items.enum?.length);
	});
});

describe("the drift alarm's reader of published packages", () => {
	it('reads the page keys of the object at their indentation, and array literals', () => {
		const page = [
			'export const decoratedPageSchema = z',
			'    .object({',
			'    href: z.string(),',
			"    'og:title': z.string().optional(),",
			'    graphql: z',
			'        .object({',
			'        source: z.string(),',
			'    })',
			'        .optional(),',
			'    sidebarIcon: z.string().optional(),',
			'})',
			'    .passthrough();',
			'export const other = z.object({',
			'    notAPageKey: z.string(),',
			'});',
		].join('\n');
		assert.deepEqual(objectKeysAfter(page, /decoratedPageSchema\s*=\s*z\s*\.object\(\{/, 4), ['href', 'og:title', 'graphql', 'sidebarIcon']);
		assert.deepEqual(arrayAfter("export const iconTypes = [\n    'brands',\n    'thin',\n];", /iconTypes\s*=/), ['brands', 'thin']);
		assert.equal(arrayAfter('nothing here', /iconTypes\s*=/), undefined);
	});
});
