import type { Random } from './random';

/**
 * How often real pages use the MDX constructs that decide how a page is parsed: the share of
 * pages holding each, measured on the fidelity corpus (7,251 `.mdx` pages of 8 public sites,
 * 2026-11-25, by pattern; median page 1.6 KB, 90th percentile 8.8 KB, 99th 28 KB). The generator gives each
 * page these constructs with these odds, so the bench's sites are read like real ones, not like
 * pages written to suit the fast tier.
 */
export const constructShares = {
	list: 0.52,
	codeInComponent: 0.37,
	jsxExpressionProp: 0.36,
	referenceLink: 0.22,
	importSnippet: 0.21,
	html: 0.21,
	multilineTag: 0.14,
	tableWithInlineHtml: 0.12,
	inlineExpression: 0.1,
	mdxComment: 0.08,
	escapedCharacters: 0.05,
	math: 0.03,
	blockquote: 0.02,
	longPage: 0.02,
	thematicBreak: 0.05,
	exportComponent: 0.026,
	tagInListItem: 0.018,
	headingWithTag: 0.007,
	tableEscapedPipe: 0.004,
	customHeadingId: 0.002,
	footnote: 0.001,
} as const;

export type Construct = keyof typeof constructShares;

/** Blocks of each construct, in the forms real pages write them (with `words` for prose). */
export function constructBlock(construct: Construct, random: Random, sentence: (n: number) => string, word: () => string): string[] {
	switch (construct) {
		case 'list':
			return Array.from({ length: 2 + random.int(4) }, (_, i) => (random.next() < 0.5 ? `${i + 1}. ` : '- ') + `**${word()}**: ${sentence(8)}`).concat('');
		case 'codeInComponent':
			// Half in a code group, half indented under a list item (steps), as real pages have them.
			if (random.next() < 0.5) return ['1. Install the SDK:', '', '   ```bash', `   npm install @example/${word()}`, '   ```', '', `2. ${sentence(8)}`, ''];
			return [
				'<CodeGroup>',
				'```bash cURL',
				`curl -X POST https://api.example.com/v1/${word()} \\`,
				'  -H "Content-Type: application/json" \\',
				`  -d '{"${word()}": "${word()}", "limit": 10}'`,
				'```',
				'',
				'```python Python',
				`client.${word()}.create(${word()}="${word()}")`,
				'```',
				'</CodeGroup>',
				'',
			];
		case 'jsxExpressionProp':
			return random.next() < 0.5
				? [
						`<ProgressBar pages={[`,
						...Array.from({ length: 3 + random.int(5) }, () => `                          "${word()}/${word()}",`),
						`                        ]} current={${random.int(5)}} />`,
						'',
					]
				: [
						`<Frame caption="${sentence(4).slice(0, -1)}" style={{ maxWidth: ${300 + random.int(500)} }}>`,
						`  <img src="https://assets.example.com/${word()}.png" alt="${word()}" />`,
						'</Frame>',
						'',
					];
		case 'referenceLink':
			return [
				`Read the [${word()} guide][${word()}-ref] and the [${word()} reference][api] before you ${word()}.`,
				'',
				`[${word()}-ref]: https://example.com/${word()}`,
				'[api]: https://example.com/api "API reference"',
				'',
			];
		case 'importSnippet':
			return ['<Support />', ''];
		case 'html':
			return random.next() < 0.5
				? [`<iframe src="https://www.youtube.com/embed/${word()}" title="${word()}" width="100%" height="315" allowFullScreen></iframe>`, '']
				: [`${sentence(10)}<br/>`, `${sentence(6)} <a href="https://example.com/${word()}" target="_blank">${word()}</a>.`, ''];
		case 'multilineTag':
			return ['<Card', `  title="${word()} ${word()}"`, `  icon="${word()}"`, `  href="https://example.com/${word()}"`, '>', `  ${sentence(9)}`, '</Card>', ''];
		case 'tableWithInlineHtml':
			return [
				'| Parameter | Type | Description |',
				'| --- | --- | --- |',
				...Array.from(
					{ length: 3 + random.int(4) },
					() => `| \`${word()}_${word()}\` | <code>string</code> | ${sentence(5)}<br/>Default: \`${random.int(100)}\` |`,
				),
				'',
			];
		case 'inlineExpression':
			return [`Escape braces as {'{'} and {'}'}; the limit is {${random.int(1000)}} ${word()}s per minute.`, ''];
		case 'mdxComment':
			return [`{/* ${sentence(6)} */}`, ''];
		case 'escapedCharacters':
			return [`Use \\* and \\_ literally, write \\[${word()}\\] and \\{${word()}\\} as text, and \\$${random.int(100)} as a price.`, ''];
		case 'math':
			return ['$$', `${word()}_{t} = \\frac{${word()}}{1 + e^{-x}}`, '$$', ''];
		case 'blockquote':
			return [`> ${sentence(12)}`, `> ${sentence(8)}`, ''];
		case 'longPage':
			return Array.from({ length: 40 }, (_, i) => [
				`## v${3 - Math.floor(i / 10)}.${9 - (i % 10)}.0 {#v${i}}`,
				'',
				`<Update label="Release ${i}" description="${word()}">`,
				...Array.from({ length: 4 }, () => `  - ${sentence(14)}`),
				'</Update>',
				'',
			]).flat();
		case 'thematicBreak':
			return ['---', ''];
		case 'customHeadingId':
			return [`### ${word()} ${word()} {#${word()}-id}`, ''];
		case 'exportComponent':
			return [`export const ${word().replace(/^./, c => c.toUpperCase())}Badge = ({ label }) => <span className="badge">{label}</span>;`, ''];
		case 'tagInListItem':
			return [`1. ${sentence(6)}`, '', '   <Note>', `     ${sentence(8)}`, '   </Note>', '', `2. ${sentence(5)}`, ''];
		case 'headingWithTag':
			return [`### \`${word()}\` <Badge color="blue">beta</Badge>`, ''];
		case 'tableEscapedPipe':
			return ['| Type | Meaning |', '| --- | --- |', `| \`string \\| null\` | ${sentence(4)} |`, ''];
		case 'footnote':
			return [`${sentence(8)}[^1]`, '', `[^1]: ${sentence(6)}`, ''];
	}
}
