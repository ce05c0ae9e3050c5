import fc from 'fast-check';
import { parseTree, type Node } from 'jsonc-parser';

/** Pages that exist in the generated sites, and entries that name pages, missing pages and endpoints. */
export const existingPages = ['a', 'b', 'c', 'guides/x', 'guides/y', 'v1/intro'];
const entries = [
	...existingPages,
	'missing/one',
	'gone',
	'/a',
	'b.mdx',
	'GET /users',
	'POST /users',
	'TRACE /users',
	'get /users',
	'openapi.json GET /users',
	'other.json GET /users',
	'FETCH /users',
];

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

const group = (depth: number): fc.Arbitrary<Json> =>
	fc
		.record({
			name: fc.constantFrom('G', 'H', 'Guides', 'API'),
			named: fc.boolean(),
			openapi: fc.constantFrom(undefined, undefined, 'openapi.json', 'missing.yaml'),
			expanded: fc.constantFrom(undefined, true),
			// Icons a library has, one no library has, and one naming its own library: icon findings are kept per subtree too.
			icon: fc.constantFrom<Json | undefined>(undefined, undefined, 'book', 'bok', { name: 'houze', library: 'lucide' }),
			pages: fc.array(
				depth > 0 ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...entries) }, { weight: 1, arbitrary: group(depth - 1) }) : fc.constantFrom(...entries),
				{ maxLength: 5 },
			),
		})
		.map(g => {
			const out: { [key: string]: Json } = {};
			if (g.named) out.group = g.name;
			if (g.openapi) out.openapi = g.openapi;
			if (g.expanded) out.expanded = true;
			if (g.icon !== undefined) out.icon = g.icon;
			out.pages = g.pages;
			return out;
		});

const groups = fc.array(fc.oneof({ weight: 6, arbitrary: group(2) }, { weight: 1, arbitrary: fc.constant<Json>({ $ref: 'nav/shared.json' }) }), {
	minLength: 1,
	maxLength: 5,
});

/** A navigation: groups at the root, in tabs, or in languages and versions (scopes of duplicate pages). */
const navigation: fc.Arbitrary<Json> = fc.oneof(
	groups.map(g => ({ groups: g })),
	fc.array(fc.record({ tab: fc.constantFrom('T', 'U'), groups }), { minLength: 1, maxLength: 3 }).map(tabs => ({ tabs })),
	fc
		.array(
			fc.record({
				language: fc.constantFrom('en', 'fr', 'xx'),
				versions: fc.array(fc.record({ version: fc.constantFrom('v1', 'v2'), groups }), { minLength: 1, maxLength: 2 }),
			}),
			{ minLength: 1, maxLength: 2 },
		)
		.map(languages => ({ languages })),
);

/** A docs.json text, pretty-printed as writers keep it. */
export const docsConfigText: fc.Arbitrary<string> = fc
	.record({ navigation, api: fc.boolean(), library: fc.constantFrom(undefined, undefined, 'lucide') })
	.map(({ navigation, api, library }) =>
		JSON.stringify(
			{
				name: 'Edits',
				theme: 'mint',
				colors: { primary: '#000000' },
				...(library ? { icons: { library } } : {}),
				...(api ? { api: { openapi: 'openapi.json' } } : {}),
				navigation,
			},
			null,
			2,
		),
	);

/** One step of an editing session. Numbers are taken modulo what they index, so any value applies. */
export type EditStep =
	| { readonly kind: 'insert'; readonly at: number; readonly text: string }
	| { readonly kind: 'delete'; readonly at: number; readonly length: number }
	| { readonly kind: 'undo' }
	| { readonly kind: 'paste'; readonly from: number; readonly length: number; readonly at: number }
	| { readonly kind: 'pasteGroup'; readonly group: number; readonly after: number }
	| { readonly kind: 'moveGroup'; readonly group: number; readonly after: number }
	| { readonly kind: 'setEntry'; readonly entry: number; readonly value: string }
	| { readonly kind: 'togglePage'; readonly page: number };

export const editStep: fc.Arbitrary<EditStep> = fc.oneof(
	{ weight: 3, arbitrary: fc.record({ kind: fc.constant('setEntry' as const), entry: fc.nat(), value: fc.constantFrom(...entries) }) },
	{ weight: 2, arbitrary: fc.record({ kind: fc.constant('moveGroup' as const), group: fc.nat(), after: fc.nat() }) },
	{ weight: 2, arbitrary: fc.constant({ kind: 'undo' as const }) },
	fc.record({
		kind: fc.constant('insert' as const),
		at: fc.nat(),
		text: fc.constantFrom('x', '"', ',', '{', ']', ' ', '\n', '"a", ', '"gone", ', '"GET /users", ', '{ "group": "N", "pages": ["a"] }, '),
	}),
	fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 24 }) }),
	fc.constant({ kind: 'undo' as const }),
	fc.record({ kind: fc.constant('paste' as const), from: fc.nat(), length: fc.integer({ min: 1, max: 80 }), at: fc.nat() }),
	fc.record({ kind: fc.constant('pasteGroup' as const), group: fc.nat(), after: fc.nat() }),
	fc.record({ kind: fc.constant('moveGroup' as const), group: fc.nat(), after: fc.nat() }),
	fc.record({ kind: fc.constant('togglePage' as const), page: fc.nat() }),
);

/** The text spans of every group object (an object with a "group" or "pages" key inside an array). */
function groupSpans(text: string): { offset: number; end: number }[] {
	const spans: { offset: number; end: number }[] = [];
	const visit = (node: Node | undefined) => {
		if (!node) return;
		if (
			node.type === 'object' &&
			node.parent?.type === 'array' &&
			node.children?.some(p => p.children?.[0]?.value === 'group' || p.children?.[0]?.value === 'pages')
		)
			spans.push({ offset: node.offset, end: node.offset + node.length });
		for (const child of node.children ?? []) visit(child);
	};
	visit(parseTree(text));
	return spans;
}

/** The text spans of the strings in `pages` arrays. */
function entrySpans(text: string): { offset: number; end: number }[] {
	const spans: { offset: number; end: number }[] = [];
	const visit = (node: Node | undefined) => {
		if (!node) return;
		if (node.type === 'string' && node.parent?.type === 'array' && node.parent.parent?.children?.[0]?.value === 'pages')
			spans.push({ offset: node.offset, end: node.offset + node.length });
		for (const child of node.children ?? []) visit(child);
	};
	visit(parseTree(text));
	return spans;
}

/**
 * Applies a text step to `text` (`history` holds earlier texts, for undo). Returns the new text,
 * or undefined for a step that is not a text edit (togglePage) or cannot apply (no group).
 */
export function applyEdit(text: string, step: EditStep, history: string[]): string | undefined {
	const at = (n: number) => n % (text.length + 1);
	switch (step.kind) {
		case 'setEntry': {
			const strings = entrySpans(text);
			if (!strings.length) return undefined;
			const target = strings[step.entry % strings.length];
			return text.slice(0, target.offset) + JSON.stringify(step.value) + text.slice(target.end);
		}
		case 'insert':
			return text.slice(0, at(step.at)) + step.text + text.slice(at(step.at));
		case 'delete':
			return text.slice(0, at(step.at)) + text.slice(at(step.at) + step.length);
		case 'undo':
			return history.pop();
		case 'paste': {
			const from = at(step.from);
			const pasted = text.slice(from, from + step.length);
			return text.slice(0, at(step.at)) + pasted + text.slice(at(step.at));
		}
		case 'pasteGroup':
		case 'moveGroup': {
			const spans = groupSpans(text);
			if (spans.length < 1) return undefined;
			const group = spans[step.group % spans.length];
			const after = spans[step.after % spans.length];
			const copy = text.slice(group.offset, group.end);
			if (step.kind === 'pasteGroup') return text.slice(0, after.end) + ', ' + copy + text.slice(after.end);
			if (after.offset <= group.end && group.offset <= after.end) return undefined; // into itself
			// Cut with the comma that separates it from a neighbour, then insert after the other group.
			const before = text.slice(0, group.offset).match(/,\s*$/);
			const following = text.slice(group.end).match(/^\s*,/);
			const cutStart = before ? group.offset - before[0].length : group.offset;
			const cutEnd = before ? group.end : following ? group.end + following[0].length : group.end;
			const cut = text.slice(0, cutStart) + text.slice(cutEnd);
			const target = after.end <= cutStart ? after.end : after.end - (cutEnd - cutStart);
			return cut.slice(0, target) + ', ' + copy + cut.slice(target);
		}
		default:
			return undefined;
	}
}
