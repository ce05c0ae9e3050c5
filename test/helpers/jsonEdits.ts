import fc from 'fast-check';
import type { Node } from 'jsonc-parser';
import { docsConfig } from '../fuzz/arbitraries/docsJson';
import { anyText } from '../fuzz/arbitraries/text';

/**
 * Random JSON documents and small edits of them, for the tests that compare an incremental parse
 * or composition with a full one: edits that break the syntax, and edits that keep it valid (a
 * node's text replaced by a value, text typed inside a string or at the edge of a value or key).
 */
// Pieces that matter to JSON: quotes, escapes, brackets, separators, comments, literal fragments.
const snippet = fc.oneof(
	{
		weight: 4,
		arbitrary: fc.constantFrom(
			'"',
			'\\',
			'\\"',
			'\\\\',
			'\\u00e9',
			'{',
			'}',
			'[',
			']',
			',',
			':',
			' ',
			'\n',
			'1',
			'-',
			'.',
			'e',
			'0',
			'true',
			'nul',
			'"x"',
			'"k": 1,',
			'{"a": [1, 2]},',
			'[]',
			'{}',
			'//',
			'/*',
			'*/',
			'x',
		),
	},
	{ weight: 1, arbitrary: anyText },
	{ weight: 2, arbitrary: fc.json({ maxDepth: 2 }) },
);
export type JsonEdit =
	| { kind: 'insert' | 'replace'; at: number; length: number; text: string }
	| { kind: 'delete'; at: number; length: number }
	| { kind: 'value' | 'inside' | 'edge'; node: number; end: boolean; text: string };
export const jsonEdit: fc.Arbitrary<JsonEdit> = fc.oneof(
	fc.record({ kind: fc.constantFrom('insert' as const, 'replace' as const), at: fc.nat(), length: fc.integer({ min: 0, max: 6 }), text: snippet }),
	fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 12 }) }),
	// The edits that keep the document valid: a node's text replaced by a value, text typed inside a string.
	fc.record({ kind: fc.constant('value' as const), node: fc.nat(), end: fc.boolean(), text: fc.json({ maxDepth: 2 }) }),
	fc.record({
		kind: fc.constant('inside' as const),
		node: fc.nat(),
		end: fc.boolean(),
		text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('\\n', '\\"', '[', '{', '}')),
	}),
	// Typed right at the start or end of a value or key: whitespace, a separator, another value.
	fc.record({
		kind: fc.constant('edge' as const),
		node: fc.nat(),
		end: fc.boolean(),
		text: fc.oneof(fc.constantFrom(' ', '\n', ' \t', ',', ', 1', '"a", ', ': 2', '0', '"'), snippet),
	}),
);
const nodesOf = (node: Node, into: Node[] = []): Node[] => {
	if (node.type !== 'property') into.push(node);
	for (const child of node.children ?? []) nodesOf(child, into);
	return into;
};
/** The text after `e`, whose node-aimed edits pick among the nodes of `root` (the parse of the original text). */
export function applyJsonEdit(text: string, root: Node, e: JsonEdit): string {
	if ('node' in e) {
		const nodes = nodesOf(root).filter(n => e.kind !== 'inside' || n.type === 'string');
		if (!nodes.length) return text;
		const node = nodes[e.node % nodes.length];
		if (e.kind === 'value') return text.slice(0, node.offset) + e.text + text.slice(node.offset + node.length);
		if (e.kind === 'edge') {
			const edge = e.end ? node.offset + node.length : node.offset;
			return text.slice(0, edge) + e.text + text.slice(edge);
		}
		const inside = node.offset + 1 + (e.node % (node.length - 1));
		return text.slice(0, inside) + e.text + text.slice(inside);
	}
	const from = e.at % (text.length + 1);
	const to = Math.min(text.length, from + (e.kind === 'insert' ? 0 : e.length));
	return text.slice(0, from) + (e.kind === 'delete' ? '' : e.text) + text.slice(to);
}
export const jsonDocuments = fc.oneof(
	fc.tuple(docsConfig, fc.constantFrom(0, 2, '\t')).map(([config, indent]) => JSON.stringify(config, null, indent)),
	fc.tuple(fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(0, 1)).map(([value, indent]) => JSON.stringify(value, null, indent)),
);
