import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { snippetExports, snippetVariables } from '../../../server/src/core/mdx/snippetExports';

const snippet = (text: string) => TextDocument.create('file:///ws/snippets/s.jsx', 'javascriptreact', 0, text);
const range = (line: number, from: number, to: number) => ({ start: { line, character: from }, end: { line, character: to } });

describe('Snippet exports: components with their props, and values (before: one-line patterns only)', () => {
	it('reads destructured props with defaults, renames, nested patterns and types, over several lines', () => {
		const text = [
			'export const Callout = ({',
			'  title,',
			'  tone = { kind: "info", level: 2 },',
			'  items: list = [],',
			'  nested: { a, b },',
			'}: Props) => <div />;',
			'export function Plan({ plans }) { return null; }',
			'export const Bare = () => <hr />;',
		].join('\n');
		assert.deepEqual(snippetExports(snippet(text)), [
			{ name: 'Callout', props: ['title', 'tone', 'items', 'nested'], range: range(0, 13, 20) },
			{ name: 'Plan', props: ['plans'], range: range(6, 16, 20) },
			{ name: 'Bare', props: [], range: range(7, 13, 17) },
		]);
	});

	it('marks props taken whole or with a rest as open, and is not fooled by values', () => {
		const text = [
			'export const Whole = props => <div {...props} />;',
			'export const Paren = (props) => <div />;',
			'export const Rest = ({ title, ...rest }) => <div />;',
			'export const Sum = (1 + 2);',
			'export const Config = { a: 1 };',
		].join('\n');
		assert.deepEqual(
			snippetExports(snippet(text)).map(e => [e.name, e.props, e.open]),
			[
				['Whole', [], true],
				['Paren', [], true],
				['Rest', ['title'], true],
			],
		);
		assert.deepEqual(snippetVariables(snippet(text)), [
			{ name: 'Sum', firstLine: '(1 + 2);', range: range(3, 13, 16) },
			{ name: 'Config', firstLine: '{ a: 1 };', range: range(4, 13, 19) },
		]);
	});
});
