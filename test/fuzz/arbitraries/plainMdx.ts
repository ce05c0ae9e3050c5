import fc from 'fast-check';

/**
 * Pages written mostly in the plain MDX the fast page scanner reads (server/src/core/mdx/fastPageScan.ts),
 * with near misses at every edge of that subset: odd indentation, headings without a space or with a
 * closing `#`, code spans left open, URLs with spaces or entities, autolinks next to links, JSX with
 * expressions or left unclosed, tables next to tags, setext underlines. Both summarizers must agree
 * on every page the scanner accepts; these pages make it accept often and decline at the boundary.
 */

const word = fc.constantFrom(
	'Overview',
	'setup',
	'a',
	'the',
	'API',
	'Café',
	'über',
	'中文',
	'😀',
	'x1',
	'2024',
	'C#',
	'snake_case',
	'e.g.',
	'(optional)',
	'a:b',
	'$KEY',
	'100%',
	'->',
	'a > b',
	'a/b',
	'"q"',
	"it's",
);
/** A near miss (weight 1) among good pieces (weight 6). */
const mostly = (good: readonly string[], bad: readonly string[]) =>
	fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: fc.constantFrom(...bad) });
const url = mostly(
	[
		'/quickstart',
		'/guides/setup#install',
		'#overview',
		'https://example.com/a?b=1&c=2',
		'mailto:a@b.co',
		'/a_b*c',
		'/images/logo.png',
		'../up',
		'./x.mdx',
		'/a#',
	],
	['/a b', '', '/a(b)', '</a>', '/a&amp;b', '/é', "/a'b", '/a"b', '/a\\b', '/a "title"', '/a)', '<x>'],
);
const codeSpan = mostly(
	['`code`', '``a`b``', '` a `', '`  `', '` a`', '`{x}`', '`<Card>`', '`&amp;`', '`\\`', '`a` `b`', '`[x](y)`'],
	['`a|b`', '`', '```', '``'],
);
const emphasis = fc.constantFrom('*a*', '**b**', '_c_', '__d__', '~~e~~', '~f~', 'a*b', '***', '* a', 'x_y_z');
const autolink = fc.constantFrom(
	'https://example.com',
	'www.example.com',
	'HTTP://X.COM/path.',
	'https://x.com/[a](/b)',
	'https://x.com/`a`',
	'a@b.co',
	'<https://x.com>',
	'https://x.com/(a)',
	'www.x.com/_a_',
);
const inlineJsx = mostly(
	[
		'<Badge>new</Badge>',
		'<Badge color="green">final</Badge>',
		'<Icon icon="check" />',
		'<Tooltip tip="a b">[term](/glossary)</Tooltip>',
		'<a href="/x">y</a>',
		'<img src="/a.png" />',
		'<Badge>`code`</Badge>',
		'<Steps></Steps>',
		'<Card title="x" href="/y">z</Card>',
	],
	[
		'<Badge>*a</Badge>*',
		'*<Badge>a*</Badge>',
		'<Badge>a | b</Badge>',
		'<Badge>',
		'</Badge>',
		'<Badge>a\nb</Badge>',
		'<Badge title="a|b">x</Badge>',
		'<Badge>x</Tab>',
		'<Badge>{1}</Badge>',
		'< Badge>',
		'<Badge x={y}>z</Badge>',
	],
);
const special = fc.constantFrom(
	'&amp;',
	'&',
	'&#123;',
	'\\*',
	'<',
	'>',
	'{',
	'}',
	'|',
	'#',
	'!',
	'(',
	')',
	'[x]',
	']',
	'[',
	':',
	'^',
	'[^1]',
	'<!-- c -->',
	'{1}',
	'<Badge>x</Badge>',
	'<br />',
	'\t',
	'  ',
	'\u00A0',
);

const label: fc.Arbitrary<string> = fc
	.array(
		fc.oneof(
			{ weight: 6, arbitrary: word },
			{ weight: 2, arbitrary: codeSpan },
			{ weight: 1, arbitrary: emphasis },
			{ weight: 1, arbitrary: autolink },
			{ weight: 1, arbitrary: special },
		),
		{ maxLength: 3 },
	)
	.map(parts => parts.join(' '));
const link = fc
	.tuple(fc.constantFrom('', '', '', '!'), label, url, fc.constantFrom('', '', '', ' '))
	.map(([bang, text, target, space]) => `${bang}[${text}](${space}${target})`);

/** Inline content: mostly words, code spans and links, sometimes something the scanner must decline. */
const inline = fc
	.array(
		fc.oneof(
			{ weight: 10, arbitrary: word },
			{ weight: 3, arbitrary: link },
			{ weight: 3, arbitrary: codeSpan },
			{ weight: 1, arbitrary: emphasis },
			{ weight: 1, arbitrary: autolink },
			{ weight: 2, arbitrary: inlineJsx },
			{ weight: 1, arbitrary: special },
		),
		{ minLength: 1, maxLength: 6 },
	)
	.chain(parts =>
		fc
			.array(fc.constantFrom(' ', ' ', ' ', '', '  '), { minLength: parts.length, maxLength: parts.length })
			.map(spaces => parts.map((p, i) => (i ? spaces[i] : '') + p).join('')),
	);

const indent = fc.constantFrom('', '', '', '', ' ', '  ', '    ', '      ');
const heading = fc
	.tuple(
		indent,
		fc.integer({ min: 1, max: 7 }),
		mostly([' ', ' ', '  '], ['']),
		fc.oneof({ weight: 4, arbitrary: inline }, { weight: 1, arbitrary: fc.constant('') }),
		mostly(['', ' ', '  '], [' #', '#', ' ##']),
	)
	.map(([pad, depth, space, text, close]) => `${pad}${'#'.repeat(depth)}${space}${text}${close}`);
const paragraph = fc
	.array(
		fc.tuple(indent, inline).map(([pad, text]) => pad + text),
		{ minLength: 1, maxLength: 3 },
	)
	.map(lines => lines.join('\n'));
const listItem = fc
	.tuple(
		fc.constantFrom('', '', '  ', '    ', ' '),
		fc.constantFrom('-', '*', '+', '1.', '2)', '10.', '-'),
		fc.constantFrom(' ', ' ', '  ', '     ', ''),
		inline,
		fc.option(inline, { nil: undefined }),
	)
	.map(([pad, marker, space, text, more]) => `${pad}${marker}${space}${text}${more === undefined ? '' : `\n${pad}  ${more}`}`);
const list = fc.array(listItem, { minLength: 1, maxLength: 4 }).map(items => items.join('\n'));
const table = fc.tuple(fc.integer({ min: 1, max: 3 }), fc.array(inline, { minLength: 1, maxLength: 3 }), mostly(['|'], [''])).map(([columns, cells, edge]) => {
	const row = (content: (i: number) => string) => `${edge}${Array.from({ length: columns }, (_, i) => ` ${content(i)} `).join('|')}${edge}`;
	return [row(i => `H${i}`), row(() => '---'), ...cells.map(cell => row(i => (i ? 'x' : cell)))].join('\n');
});
const fence = fc
	.tuple(
		indent,
		fc.constantFrom('```', '~~~', '````', '```'),
		fc.constantFrom('', 'js', 'bash Request', 'ts {1,3}', 'a`b', 'mdx'),
		fc.array(fc.constantFrom('const a = 1;', '</Note>', '{', '<Card>', '# not a heading', '```', '~~~', '\tindented with a tab', '', '[a](/b)', '   ```   '), {
			maxLength: 3,
		}),
		mostly(['same', 'same', 'longer', 'indented'], ['shorter', 'other', 'none']),
	)
	.map(([pad, marker, info, body, close]) => {
		const closing = {
			same: pad + marker,
			longer: pad + marker + marker[0],
			shorter: pad + marker.slice(1),
			other: pad + (marker[0] === '`' ? '~~~' : '```'),
			none: undefined,
			indented: '        ' + marker,
		}[close];
		return [pad + marker + info, ...body.map(line => pad + line), ...(closing === undefined ? [] : [closing])].join('\n');
	});
const esm = fc.constantFrom(
	"import Snippet from '/snippets/snippet.mdx';",
	'import { A, B as C } from "/snippets/parts.mdx"',
	"import Snippet from '/snippets/snippet.mdx';\nimport Other from '/snippets/other.mdx';",
	"import class from '/x.mdx';",
	"import { default as X } from '/x.mdx';",
	"import * as all from '/x.mdx';",
	'export const a = 1;',
	"import X from '/x.mdx'\n# Heading",
	'import {',
	"  import X from '/x.mdx';",
	'important text',
);
const odd = fc.constantFrom(
	'---',
	'***',
	'- - -',
	'===',
	'text\n---',
	'text\n===',
	'> quote',
	'[ref]: /quickstart',
	'<!-- comment -->',
	'{1 + 1}',
	'}',
	'a \\',
	'\ttab',
	'<>',
	'</>',
	'-',
	'1.',
	'* ',
	'[ ] task',
	'- [x] done',
	'$$',
	':::note',
	'<br>',
	'&nbsp;',
);

const componentNames = [
	'Note',
	'Card',
	'CardGroup',
	'Tabs',
	'Tab',
	'Steps',
	'Step',
	'ParamField',
	'ResponseField',
	'Accordion',
	'Frame',
	'Unknown',
	'div',
	'img',
	'Icon',
];
const attribute = fc.oneof(
	{
		weight: 6,
		arbitrary: fc
			.tuple(
				fc.constantFrom('title', 'href', 'src', 'id', 'name', 'query', 'path', 'body', 'header', 'icon', 'type', 'data-href', 'cols', 'required'),
				fc.constantFrom(
					'"x"',
					'"Set up"',
					"'y'",
					'"/quickstart"',
					'"/a#b"',
					'"https://example.com"',
					'{2}',
					'{true}',
					'"a href=\'/b\'"',
					'"&amp;"',
					'"x {y}"',
					'""',
				),
			)
			.map(([name, value]) => `${name}=${value}`),
	},
	{ weight: 2, arbitrary: fc.constantFrom('required', 'defaultOpen') },
	{ weight: 1, arbitrary: fc.constantFrom('{...props}', 'title={x}', 'cols={1+1}', 'title = "x"', 'x:y="1"', 'title="a', '=', 'title=x', "title='a\"b'") },
);

interface Element {
	readonly element: string;
}

/** JSX blocks: balanced (tags on their own lines, any indentation), self-closing, or broken. */
const jsx: fc.Arbitrary<string> = fc.letrec<Element>(tie => ({
	element: fc
		.tuple(
			fc.constantFrom(...componentNames),
			fc.array(attribute, { maxLength: 3 }),
			indent,
			mostly(['balanced', 'balanced', 'balanced', 'self'], ['unclosed', 'mismatched', 'inline', 'trailing']),
			fc.array(fc.oneof({ depthSize: 'small' }, paragraph, heading, list, fence, table, tie('element') as fc.Arbitrary<string>), { maxLength: 3 }),
			fc.constantFrom('\n', '\n\n', '\n', ' \n'),
		)
		.map(([name, attrs, pad, shape, children, separator]) => {
			const open = `${pad}<${name}${attrs.map(a => ' ' + a).join('')}`;
			const body = children
				.map(child =>
					child
						.split('\n')
						.map(line => (line ? pad + '  ' + line : line))
						.join('\n'),
				)
				.join(separator);
			switch (shape) {
				case 'self':
					return `${open} />`;
				case 'unclosed':
					return `${open}>\n${body}`;
				case 'mismatched':
					return `${open}>\n${body}\n${pad}</${name === 'Tab' ? 'Tabs' : 'Tab'}>`;
				case 'inline':
					return `${open}>${body.trim().split('\n')[0] ?? ''}</${name}>`;
				case 'trailing':
					return `${open}> text\n${body}\n${pad}</${name}>`;
				default:
					return `${open}>${separator}${body}${separator}${pad}</${name}>`;
			}
		}),
})).element;

const frontmatter = mostly(
	['', '---\ntitle: "A page"\ndescription: About it\n---\n', '---\n---\n', '---\ntitle: x\n---', '---\ntitle: <x> {y}\n---\n\n'],
	['--- \ntitle: x\n---\n', '---\ntitle: x\n--- \n', '---\ntitle: x\n', '---js\nx\n---\n', '----\nx\n----\n', '---\na: 1\n---\n---\n'],
);

const block: fc.Arbitrary<string> = fc.oneof(
	{ weight: 4, arbitrary: heading },
	{ weight: 6, arbitrary: paragraph },
	{ weight: 2, arbitrary: list },
	{ weight: 2, arbitrary: table },
	{ weight: 3, arbitrary: fence },
	{ weight: 5, arbitrary: jsx },
	{ weight: 1, arbitrary: esm },
	{ weight: 1, arbitrary: odd },
);

/** A page: frontmatter, then blocks separated by blank lines (usually) or single line breaks. */
export const plainMdxPage: fc.Arbitrary<string> = fc
	.tuple(frontmatter, fc.array(fc.tuple(block, fc.constantFrom('\n\n', '\n\n', '\n\n', '\n', '\n   \n')), { maxLength: 10 }), fc.constantFrom('', '\n', '\n\n'))
	.map(
		([head, blocks, tail]) =>
			(blocks.length && head && !head.endsWith('\n') ? head + '\n' : head) + blocks.map(([text, separator], i) => (i ? separator : '') + text).join('') + tail,
	);
