import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { pageCompletion, pageHover } from '../../../server/src/core/features/pageFeatures';
import { pageCodeActions } from '../../../server/src/core/features/pageCodeActions';
import { summarizePage, summarizePageWithParser } from '../../../server/src/core/mdx/pageSummary';
import { builtinComponents } from '../../../server/src/core/mdx/components';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { rangeOf } from '../../helpers/siteCheck';

const page = (text: string) => TextDocument.create('file:///ws/page.mdx', 'mdx', 1, text);
/** Both readers (the line scanner and the MDX parser) give the same findings. */
const check = (text: string) => {
	const fast = summarizePage(page(text)).diagnostics;
	assert.deepEqual(
		summarizePageWithParser(page(text)).diagnostics.map(d => [d.code, d.range, d.message]),
		fast.map(d => [d.code, d.range, d.message]),
	);
	return fast;
};

describe('Component props (one table)', () => {
	it('reports an unknown prop with the one meant, on the prop', () => {
		const text = '<Accordion title="a" defualtOpen>\n  x\n</Accordion>\n';
		assertDiagnostics(check(text), [
			{ range: rangeOf(text, 'defualtOpen'), code: 'component-unknown-prop', message: /no prop "defualtOpen".*Did you mean "defaultOpen"\?/ },
		]);
	});

	it('lists the props when nothing is close', () => {
		const text = '<Frame center>\n  ![a](/a.png)\n</Frame>\n';
		assertDiagnostics(check(text), [{ range: rangeOf(text, 'center'), code: 'component-unknown-prop', message: /Its props: caption, hint\./ }]);
	});

	it('never calls HTML pass-through props unknown, nor props of open or local components', () => {
		const text =
			'import { Chart } from "/snippets/chart.jsx";\n\n<Card title="t" className="x" style={{ color: "red" }} id="c" data-track="1" aria-label="l" key="k">\n  y\n</Card>\n\n<Panel anything="x">\n  z\n</Panel>\n\n<Chart whatever />\n';
		assert.deepEqual(check(text), []);
	});

	it('reports a prop written twice on the second, the first related', () => {
		const text = '<Card title="a" href="/x" title="b">\n  y\n</Card>\n';
		const d = check(text);
		assertDiagnostics(d, [{ range: rangeOf(text, 'title', 1), code: 'component-duplicate-prop', message: /"title" twice/ }]);
		assert.deepEqual(d[0].relatedInformation?.[0].location.range, { start: { line: 0, character: 6 }, end: { line: 0, character: 11 } });
	});

	it('reports a value outside the documented set, listing the allowed ones', () => {
		const text = '<Badge color="teal" size="lg">New</Badge>\n\n<Steps titleSize="h5">\n  <Step title="a" iconType="bold">b</Step>\n</Steps>\n';
		assertDiagnostics(check(text), [
			{ range: rangeOf(text, 'teal'), code: 'component-prop-value', message: /one of "gray", "blue",.*"surface-destructive"/ },
			{ range: rangeOf(text, 'h5'), code: 'component-prop-value', message: /Did you mean "h2"\?/ },
			{ range: rangeOf(text, 'bold'), code: 'component-prop-value', message: /"regular", "sharp-duotone-solid"/ },
		]);
	});

	it('reports literals of the wrong type: a string for a number, a string or number for true/false', () => {
		const text =
			'<Icon icon="star" size="20" />\n\n<Accordion title="a" defaultOpen="false">\n  b\n</Accordion>\n\n<Card title="c" horizontal={1}>\n  d\n</Card>\n\n<Columns cols="two">\n  e\n</Columns>\n';
		assertDiagnostics(check(text), [
			{ range: rangeOf(text, '20'), code: 'component-prop-type', message: /takes a number: "20" is a string\. Write size=\{20\}/ },
			{ range: rangeOf(text, 'false'), code: 'component-prop-type', message: /Any non-empty string turns it on\. Write defaultOpen=\{false\} or leave it out/ },
			{ range: rangeOf(text, '1'), code: 'component-prop-type', message: /\{1\} is a number/ },
			{ range: rangeOf(text, 'two'), code: 'component-prop-type', message: /takes a number/ },
		]);
	});

	it('accepts what the components read: numeric strings for cols, bare booleans, expressions it cannot judge', () => {
		const text =
			'<Columns cols="2">\n  a\n</Columns>\n\n<CardGroup cols={3}>\n  <Card title="x" horizontal arrow={false} icon={<svg />}>b</Card>\n</CardGroup>\n\n<Update label="v1" tags={["a"]} rss={{ title: "t" }}>\n  c\n</Update>\n\n<Badge color={"blue"}>d</Badge>\n';
		assert.deepEqual(check(text), []);
	});

	it('gives "true" as a string only information: it works, "false" would not', () => {
		const text = '<Card title="a" arrow="true" href="/x">\n  b\n</Card>\n';
		const d = check(text);
		assertDiagnostics(d, [{ range: rangeOf(text, 'true'), code: 'component-prop-type', message: /read as true only because it is not empty/ }]);
		assert.equal(d[0].severity, 3);
	});

	it('reads props over several lines, beside spreads and comments', () => {
		const text = '<Tooltip\n  tip="t"\n  {...rest}\n  hedline="h"\n>\n  x\n</Tooltip>\n';
		assertDiagnostics(check(text), [{ range: rangeOf(text, 'hedline'), code: 'component-unknown-prop', message: /Did you mean "headline"/ }]);
	});

	it('hovers a prop with its type and values, and completes props with their types', async () => {
		const text = '<Badge color="blue">x</Badge>\n';
		const document = page(text);
		const hover = pageHover(summarizePage(document), document, { line: 0, character: 9 });
		assert.match((hover?.contents as { value: string }).value, /^\*\*<Badge>\*\* `color` \(string\): Color variant\. One of `gray`, `blue`/);
		assert.deepEqual(hover?.range, { start: { line: 0, character: 7 }, end: { line: 0, character: 12 } });
		const partial = '<Icon ';
		const items = (await pageCompletion(summarizePage(page(partial)), page(partial), { line: 0, character: 6 }, 'page', undefined as never))?.items ?? [];
		const size = items.find(i => i.label === 'size')!;
		assert.equal(size.detail, 'number');
		assert.equal(size.textEdit && 'newText' in size.textEdit ? size.textEdit.newText : '', 'size={$1}');
	});

	it('describes every prop of the table with a type and a sentence', () => {
		for (const [name, spec] of Object.entries(builtinComponents)) {
			for (const [prop, p] of Object.entries(spec.props)) assert.ok(p.doc.length >= 5 && p.type, `${name}.${prop}`);
			for (const prop of spec.oneOf ?? []) assert.ok(spec.props[prop], `${name} oneOf ${prop}`);
		}
	});
});

describe('Component quick fixes', () => {
	it('renames an unknown prop, changes a value, writes a literal of the right type', () => {
		const text =
			'<Accordion title="a" defualtOpen defaultOpen="false">\n  x\n</Accordion>\n\n<Badge color="gren">b</Badge>\n\n<Icon icon="star" size="20" />\n';
		const document = page(text);
		const actions = pageCodeActions(document, summarizePage(document).diagnostics);
		const applied = actions.map(a => {
			const [edit] = a.edit!.changes![document.uri];
			return [a.title, edit.newText, document.getText(edit.range)];
		});
		assert.deepEqual(applied, [
			["Rename to 'defaultOpen'", 'defaultOpen', 'defualtOpen'],
			['Write defaultOpen={false}', '{false}', '"false"'],
			["Change to 'green'", 'green', 'gren'],
			['Write size={20}', '{20}', '"20"'],
		]);
	});
});
