import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { builtinComponent } from '../../../server/src/core/mdx/components';
import { summarizePage } from '../../../server/src/core/mdx/pageSummary';

const repo = path.resolve(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as { contributes: { snippets: { language: string; path: string }[] } };
const contribution = manifest.contributes.snippets.find(s => s.language === 'mdx');
const snippets = JSON.parse(readFileSync(path.join(repo, contribution?.path ?? 'missing'), 'utf8')) as Record<
	string,
	{ prefix: string; body: string[]; description: string }
>;

/** The text VS Code inserts when the snippet is accepted at once: selection in, placeholders' defaults, first choices. */
function expand(body: readonly string[], selection: string): string {
	let text = body.join('\n');
	text = text.replace(/\$\{TM_SELECTED_TEXT:\$\d+\}/g, () => selection);
	text = text.replace(/\$\{\d+\|([^,|]*)[^}]*\|\}/g, '$1');
	text = text
		.replace(/\$CURRENT_YEAR/g, '2026')
		.replace(/\$CURRENT_MONTH/g, '11')
		.replace(/\$CURRENT_DATE/g, '25');
	for (let previous = ''; previous !== text;) {
		previous = text;
		text = text.replace(/\$\{\d+:([^${}]*)\}/g, '$1');
	}
	return text.replace(/\$\d+/g, '');
}

describe('surround-with snippets for MDX', () => {
	it('are contributed for the mdx language', () => {
		assert.ok(contribution);
		assert.ok(Object.keys(snippets).length >= 20);
	});

	for (const [name, snippet] of Object.entries(snippets)) {
		it(`${name}: wraps the selection in a built-in component, and the result is a page without findings`, () => {
			assert.ok(snippet.body.join('\n').includes('${TM_SELECTED_TEXT'), 'uses the selection');
			const outer = /^<([A-Z][\w.]*)/.exec(snippet.body[0])?.[1];
			assert.ok(outer && builtinComponent(outer), `<${outer}> is a built-in component`);
			assert.equal(snippet.prefix, outer.toLowerCase());
			// A one-line snippet (Tooltip) wraps words inside a paragraph; the others take whole blocks too.
			const inline = snippet.body.length === 1;
			for (const selection of ['Some **bold** text and `code`.', ...(inline ? [] : ['First paragraph.\n\nSecond paragraph with [a link](#top).'])]) {
				// A Tab or Step goes directly in its Tabs or Steps (the platform warns otherwise): that is where one surrounds text.
				const container: string | undefined = outer === 'Tab' ? 'Tabs' : outer === 'Step' ? 'Steps' : undefined;
				const expanded = expand(snippet.body, selection);
				const text: string = `# Top\n\n${container ? `<${container}>\n${expanded}\n</${container}>` : expanded}\n`;
				assert.ok(text.includes(selection), text);
				const { diagnostics } = summarizePage(TextDocument.create('file:///ws/page.mdx', 'mdx', 1, text));
				assert.deepEqual(
					diagnostics.map(d => `${String(d.code)}: ${d.message}`),
					[],
					text,
				);
			}
		});
	}
});
