import fc from 'fast-check';
import { operationPool, pagePool, specFiles } from './docsJson';
import { anyText, applyTextMutations, binaryNoise, oddText, textMutations } from './text';

const linkTarget = fc.oneof(
	fc.constantFrom(...pagePool).map(p => `/${p}`),
	fc.tuple(fc.constantFrom(...pagePool), fc.constantFrom('install', 'overview', 'setup', 'param-limit', '', 'x y')).map(([p, a]) => `/${p}#${a}`),
	fc.constantFrom(
		'#overview',
		'#',
		'/',
		'',
		'./quickstart.mdx',
		'../index',
		'/old/anything',
		'/api-reference/pets/list-pets',
		'/images/logo.png',
		'https://example.com',
		'mailto:a@b.c',
		'javascript:alert(1)',
		'/guides/setp',
		'<>',
		'/a%zz',
		'/%E0%A4%A',
	),
	anyText.map(t => `/${t}`),
);

const heading = fc
	.tuple(fc.integer({ min: 1, max: 7 }), fc.oneof(fc.constantFrom('Overview', 'Install', 'Setup', 'Overview'), anyText))
	.map(([level, text]) => `${'#'.repeat(level)} ${text}`);
const paragraph = fc
	.array(
		fc.oneof(
			fc.lorem({ maxCount: 8 }),
			linkTarget.map(t => `[link](${t})`),
			linkTarget.map(t => `![img](${t})`),
			linkTarget.map(t => `<${t}>`),
			fc.constantFrom(
				'**bold**',
				'_em_',
				'`code`',
				'[ref]: /quickstart',
				'[unclosed](',
				'[x](/a "title")',
				'| a | b |\n|---|---|\n| 1 | 2 |',
				'> quote',
				'- item\n  - nested',
				'1. one',
				'***',
				'<!-- html comment -->',
				'\\{escaped\\}',
				'&amp; &#x0; &#99999999;',
			),
			oddText,
		),
		{ minLength: 1, maxLength: 6 },
	)
	.map(parts => parts.join(' '));

const components = [
	'Card',
	'CardGroup',
	'Tabs',
	'Tab',
	'CodeGroup',
	'Accordion',
	'AccordionGroup',
	'Steps',
	'Step',
	'ParamField',
	'ResponseField',
	'Note',
	'Warning',
	'Tip',
	'Frame',
	'Expandable',
	'Icon',
	'Unknown',
	'Snippet',
	'div',
	'img',
	'a',
	'br',
	'x.y',
	'My-Thing',
];
const attribute = fc.oneof(
	fc
		.tuple(
			fc.constantFrom('title', 'href', 'icon', 'body', 'path', 'query', 'header', 'type', 'required', 'cols', 'src', 'alt', 'className', 'id'),
			fc.oneof(
				linkTarget.map(t => `"${t.replace(/"/g, '')}"`),
				fc.constantFrom('"x"', "'y'", '{1}', '{true}', '{"s"}', '{[1, 2]}', '{{a: 1}}', '{() => 1}', '{', '"unterminated', '{/* c */}'),
			),
		)
		.map(([name, value]) => `${name}=${value}`),
	fc.constantFrom('required', '{...props}', 'data-x="1"', '=', '"'),
);
/** A JSX element: balanced with content, self-closing, or broken (unclosed, mismatched, stray closer). */
const jsx: fc.Arbitrary<string> = fc.letrec<{ element: string }>(tie => ({
	element: fc
		.tuple(
			fc.constantFrom(...components),
			fc.array(attribute, { maxLength: 3 }),
			fc.constantFrom('balanced', 'balanced', 'self', 'unclosed', 'mismatched', 'stray', 'fragment'),
			fc.array(fc.oneof({ depthSize: 'small' }, paragraph, tie('element')), { maxLength: 3 }),
		)
		.map(([name, attrs, shape, children]) => {
			const open = `<${name}${attrs.length ? ' ' + attrs.join(' ') : ''}`;
			const body = children.join('\n\n');
			switch (shape) {
				case 'self':
					return `${open} />`;
				case 'unclosed':
					return `${open}>\n${body}`;
				case 'mismatched':
					return `${open}>\n${body}\n</${name === 'Tab' ? 'Tabs' : 'Tab'}>`;
				case 'stray':
					return `${body}\n</${name}>`;
				case 'fragment':
					return `<>\n${body}\n</>`;
				default:
					return `${open}>\n\n${body}\n\n</${name}>`;
			}
		}),
})).element;

const expression = fc.constantFrom(
	'{1 + 1}',
	'{/* comment */}',
	'{',
	'}',
	'{{}}',
	'{props.x}',
	'{`template ${x}`}',
	'{(() => { while(true){} })()}',
	'{process.exit(1)}',
	'{"a" +}',
	'{/* unclosed',
	'{<Card />}',
	'{[1,2].map(x => <b>{x}</b>)}',
);
const esm = fc.constantFrom(
	"import { Note } from '/snippets/note.mdx';",
	"import Missing from '/snippets/missing.mdx';",
	"import x from 'react';",
	'export const a = 1;',
	'export const Comp = () => <div>hi</div>;',
	'import {',
	'export default function () {}',
	"import * as all from '../../../etc/passwd';",
);
const fence = fc
	.tuple(
		fc.constantFrom('```', '~~~', '````', '```'),
		fc.constantFrom('', 'js', 'ts title.ts', 'bash {1,3}', 'json', 'mdx', 'yaml expandable', 'python Example lines'),
		fc.oneof(fc.lorem(), paragraph, fc.constantFrom('</Card>', '{', '---', '# not a heading', '```')),
		fc.boolean(),
	)
	.map(([marker, info, body, closed]) => `${marker}${info}\n${body}\n${closed ? marker : ''}`);

const yamlValue = fc.oneof(
	fc.constantFrom(
		'Title',
		'"quoted"',
		"'single'",
		'[a, b]',
		'{a: 1}',
		'true',
		'123',
		'',
		'|\n  block',
		'>-\n  folded',
		'&anchor x',
		'*anchor',
		'!!binary aGk=',
		'null',
		'"unterminated',
		'[',
		'{{',
		': :',
	),
	oddText.map(t => JSON.stringify(t)),
);
const frontmatterKey = fc.constantFrom(
	'title',
	'description',
	'sidebarTitle',
	'icon',
	'mode',
	'deprecated',
	'hidden',
	'openapi',
	'openapi-schema',
	'og:title',
	'tag',
	'api',
	'titel',
	'version',
	'noindex',
	'keywords',
	'x',
);
const frontmatterLine = fc.oneof(
	{ weight: 4, arbitrary: fc.tuple(frontmatterKey, yamlValue).map(([k, v]) => `${k}: ${v}`) },
	{
		weight: 2,
		arbitrary: fc
			.tuple(
				fc.constantFrom('', ...specFiles.map(f => `${f} `), 'missing.yaml '),
				fc.constantFrom(...operationPool, 'get /pets', 'GET /nope', 'webhook petAdopted', 'webhook nope', 'GET', ''),
			)
			.map(([f, o]) => `openapi: "${f}${o}"`),
	},
	{
		weight: 1,
		arbitrary: fc.constantFrom(
			'openapi-schema: Pet',
			'openapi-schema: "openapi.yaml Pet"',
			'openapi-schema: Nope',
			'title: a\ntitle: b',
			'  bad indent: x',
			'- list item',
			'\t\ttab: 1',
			'deprecated: "yes"',
			'mode: wide',
			'mode: nonsense',
		),
	},
	{ weight: 1, arbitrary: anyText },
);
/** Frontmatter variants: none, YAML (valid or broken), `---js`, unterminated, empty, BOM-prefixed. */
const frontmatter = fc
	.tuple(fc.constantFrom('yaml', 'yaml', 'yaml', 'none', 'js', 'unterminated', 'empty', 'bom', 'dashes4'), fc.array(frontmatterLine, { maxLength: 6 }))
	.map(([kind, lines]) => {
		const body = lines.join('\n');
		switch (kind) {
			case 'none':
				return '';
			case 'js':
				return `---js\nconst title = "x";\nexport default { title }\n---\n`;
			case 'unterminated':
				return `---\n${body}\n`;
			case 'empty':
				return '---\n---\n';
			case 'bom':
				return `\uFEFF---\n${body}\n---\n`;
			case 'dashes4':
				return `----\n${body}\n----\n`;
			default:
				return `---\n${body}\n---\n`;
		}
	});

const block = fc.oneof(
	{ weight: 3, arbitrary: heading },
	{ weight: 4, arbitrary: paragraph },
	{ weight: 3, arbitrary: jsx },
	{ weight: 2, arbitrary: fence },
	{ weight: 2, arbitrary: expression },
	{ weight: 1, arbitrary: esm },
	{ weight: 1, arbitrary: binaryNoise },
	{ weight: 1, arbitrary: fc.constantFrom('---', '<', '</', '{', '<img src="/a.png">', '<br>', '<Card title="x">', '</Tabs>', '$$\nmath\n$$', '\u0000\u0000') },
);

/** An MDX page: frontmatter, then blocks, then random text edits; rarely a huge or deeply nested one. */
export const mdxPage: fc.Arbitrary<string> = fc.oneof(
	{
		weight: 40,
		arbitrary: fc
			.record({ frontmatter, blocks: fc.array(block, { maxLength: 12 }), separator: fc.constantFrom('\n\n', '\n', '\r\n\r\n', ''), edits: textMutations })
			.map(({ frontmatter, blocks, separator, edits }) => applyTextMutations(frontmatter + blocks.join(separator), edits)),
	},
	{
		weight: 1,
		arbitrary: fc.record({ depth: fc.constantFrom(50, 300, 1000, 3000), kind: fc.constantFrom('jsx', 'quote', 'list', 'expression', 'link') }).map(
			({ depth, kind }) =>
				({
					jsx: '<Card>'.repeat(depth) + 'x' + '</Card>'.repeat(depth),
					quote: '>'.repeat(depth) + ' x',
					list: Array.from({ length: depth }, (_, i) => ' '.repeat(i * 2) + '- x').join('\n'),
					expression: '{'.repeat(depth) + '}'.repeat(depth),
					link: '['.repeat(depth) + 'x' + '](/a)'.repeat(depth),
				})[kind],
		),
	},
	{
		weight: 1,
		arbitrary: fc
			.record({ size: fc.constantFrom(20_000, 100_000, 600_000), line: fc.constantFrom('[a](/quickstart) ', '# H\n', 'word ', '<Note>x</Note>\n', '`') })
			.map(({ size, line }) => line.repeat(Math.ceil(size / line.length))),
	},
);
