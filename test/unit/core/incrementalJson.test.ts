import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseTree, type Node, type ParseError } from 'jsonc-parser';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { reparseTree } from '../../../server/src/core/docsConfig/incrementalJson';
import { findExcessiveNesting } from '../../../server/src/core/docsConfig/jsonDepth';
import { parseJsonConfig, type ParsedJson } from '../../../server/src/core/docsConfig/parseJson';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { limits } from '../../../server/src/core/textGuards';
import { assertDiagnostics } from '../../helpers/diagnostics';
import { InMemoryWorkspace } from '../../helpers/inMemoryWorkspace';
import { applyJsonEdit, jsonDocuments, jsonEdit } from '../../helpers/jsonEdits';

const strict = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

function fullParse(text: string): { root: Node | undefined; errors: ParseError[] } {
	const errors: ParseError[] = [];
	return { root: parseTree(text, errors, strict), errors };
}

/** What a test compares: every field of every node but `parent`, which checkParents verifies. */
function shape(node: Node | undefined): unknown {
	if (!node) return undefined;
	return { type: node.type, offset: node.offset, length: node.length, value: node.value, colonOffset: node.colonOffset, children: node.children?.map(shape) };
}

/** Every child's `parent` is the node holding it (so none points into another tree); the root has none. */
function checkParents(root: Node): void {
	assert.equal('parent' in root, false, 'the root has no parent property');
	const visit = (node: Node) => {
		for (const child of node.children ?? []) {
			assert.equal(child.parent, node, `parent of the ${child.type} at ${child.offset}`);
			visit(child);
		}
	};
	visit(root);
}

function previousOf(text: string) {
	const { root, errors } = fullParse(text);
	return { text, root, errorsFree: errors.length === 0 };
}

/** Re-parses incrementally, asserting the result is the full parse's tree and that the old tree was left alone. */
function reparsed(oldText: string, newText: string): Node {
	const previous = previousOf(oldText);
	assert.ok(previous.errorsFree, 'the test starts from valid JSON');
	const before = JSON.stringify(shape(previous.root));
	const root = reparseTree(previous, newText, limits.maxJsonDepth);
	assert.ok(root, 'the incremental path is taken');
	const full = fullParse(newText);
	assert.deepEqual(full.errors, []);
	assert.deepEqual(shape(root), shape(full.root));
	checkParents(root);
	assert.equal(JSON.stringify(shape(previous.root)), before, 'the previous tree is unchanged');
	checkParents(previous.root!);
	return root;
}

const doc = (text: string, version = 1) => TextDocument.create('file:///ws/docs.json', 'json', version, text);

/** Deep equality, first compared as JSON text (thousands of cases run): assert.deepEqual only to show a difference. */
function assertSame(actual: unknown, expected: unknown, message?: string): void {
	if (JSON.stringify(actual) !== JSON.stringify(expected)) assert.deepEqual(actual, expected, message);
}

/** parseJsonConfig with the previous parse answers exactly as without it. */
function assertSameConfigParse(oldText: string, newText: string, requireObject = true): ParsedJson {
	const parsedOld = parseJsonConfig(doc(oldText), 'docs.json', requireObject);
	const withPrevious = parseJsonConfig(doc(newText, 2), 'docs.json', requireObject, { text: oldText, parsed: parsedOld });
	const without = parseJsonConfig(doc(newText, 2), 'docs.json', requireObject);
	assertSame(shape(withPrevious.root), shape(without.root));
	assertSame(withPrevious.diagnostics, without.diagnostics);
	if (withPrevious.root) checkParents(withPrevious.root);
	return withPrevious;
}

const at = (root: Node, ...path: (string | number)[]): Node => {
	let node = root;
	for (const key of path) {
		node = typeof key === 'number' ? node.children![key] : node.children!.find(p => p.children![0].value === key)!.children![1];
	}
	return node;
};

describe('incremental re-parse of docs.json', () => {
	const base = '{\n  "name": "Acme",\n  "navigation": { "pages": ["index", "quickstart"] },\n  "port": 12\n}';

	it('renames a string value: the string is replaced, everything after it moves', () => {
		const text = base.replace('"index"', '"home/index"');
		const root = reparsed(base, text);
		const page = at(root, 'navigation', 'pages', 0);
		assert.deepEqual({ value: page.value, offset: page.offset, length: page.length }, { value: 'home/index', offset: 48, length: 12 });
		assert.deepEqual({ offset: at(root, 'navigation', 'pages', 1).offset, port: at(root, 'port').offset }, { offset: 62, port: 89 });
		assert.equal(page.parent, at(root, 'navigation', 'pages'));
	});

	it('changes a number, and a value into another kind of value', () => {
		assert.equal(at(reparsed(base, base.replace('12', '1234')), 'port').value, 1234);
		assert.equal(at(reparsed(base, base.replace('12', '12.5e3')), 'port').value, 12500);
		assert.equal(at(reparsed(base, base.replace('"Acme"', 'true')), 'name').type, 'boolean');
		assert.equal(at(reparsed(base, base.replace('"Acme"', '{ "en": ["Acme"] }')), 'name', 'en', 0).value, 'Acme');
		assert.equal(at(reparsed(base, base.replace('"quickstart"', 'null')), 'navigation', 'pages', 1).type, 'null');
		// Whitespace typed right after a value is not part of it.
		const spaced = at(reparsed(base, base.replace('12', '12 \n ')), 'port');
		assert.deepEqual(
			{ offset: spaced.offset, length: spaced.length, property: spaced.parent!.length, end: spaced.parent!.parent!.length },
			{ offset: 84, length: 2, property: 10, end: base.length + 3 },
		);
	});

	it('adds and deletes array elements', () => {
		const added = reparsed(base, base.replace('"index", ', '"index", "setup", '));
		assert.deepEqual(
			at(added, 'navigation', 'pages').children!.map(n => n.value),
			['index', 'setup', 'quickstart'],
		);
		// Right after the last element: the edit begins at the string's closing quote, so its array is re-parsed.
		const appended = reparsed(base, base.replace('"quickstart"', '"quickstart", "faq"'));
		assert.deepEqual(
			at(appended, 'navigation', 'pages').children!.map(n => n.value),
			['index', 'quickstart', 'faq'],
		);
		const deleted = reparsed(base, base.replace('"index", ', ''));
		assert.deepEqual(
			at(deleted, 'navigation', 'pages').children!.map(n => n.value),
			['quickstart'],
		);
		assert.deepEqual(at(reparsed(base, base.replace('"index", "quickstart"', '')), 'navigation', 'pages').children, []);
	});

	it('adds a property and edits a key (the key alone is re-parsed), the colon moving with it', () => {
		const added = reparsed(base, base.replace('{ "pages"', '{ "tabs": [], "pages"'));
		assert.deepEqual(
			at(added, 'navigation').children!.map(p => p.children![0].value),
			['tabs', 'pages'],
		);
		const renamed = reparsed(base, base.replace('"name"', '"title"'));
		const property = renamed.children![0];
		assert.deepEqual(
			{ key: property.children![0].value, offset: property.offset, length: property.length, colon: property.colonOffset },
			{ key: 'title', offset: 4, length: 15, colon: 11 },
		);
	});

	it('edits inside nested structures and strings with escapes', () => {
		const nested = '{"a": {"b": [{"c": [1, {"d": "x\\"y"}]}]}}';
		const root = reparsed(nested, nested.replace('x\\"y', 'x\\"[{y\\\\'));
		assert.equal(at(root, 'a', 'b', 0, 'c', 1, 'd').value, 'x"[{y\\');
		assert.equal(at(reparsed(nested, nested.replace('[1,', '[1, [2, [3]],')), 'a', 'b', 0, 'c', 1, 1, 0).value, 3);
	});

	it('leaves edits of the top-level value to the full parse: the very start and end', () => {
		for (const text of [' ' + base, base + '\n', base.replace('{\n', '{ "x": 1,\n'), base.replace('\n}', ', "y": 2\n}'), '[' + base + ']']) {
			assert.equal(reparseTree(previousOf(base), text, limits.maxJsonDepth), undefined, JSON.stringify(text));
			assertSameConfigParse(base, text);
		}
		// An edit of the first or last value inside it is not one.
		reparsed(base, base.replace('"Acme"', '"Acme Inc"'));
		reparsed(base, base.replace('12\n', '13\n'));
	});

	it('answers an edit that breaks the syntax with undefined; parseJsonConfig then reports what the full parse does', () => {
		const broken = [
			base.replace('"index", ', '"index" '),
			base.replace('"index"', '"ind"ex"'),
			base.replace('"name"', 'name'),
			base.replace('12', '12,'),
			base.replace('"quickstart"', '"quickstart" // x'),
			base.replace('"index"', '"index\n"'),
		];
		for (const text of broken) {
			assert.equal(reparseTree(previousOf(base), text, limits.maxJsonDepth), undefined, JSON.stringify(text));
			const parsed = assertSameConfigParse(base, text);
			assert.ok(parsed.diagnostics.length > 0 && parsed.diagnostics.every(d => d.code === 'json-syntax'), JSON.stringify(text));
		}
		const parsed = assertSameConfigParse(base, broken[0]);
		assert.deepEqual(
			parsed.diagnostics.map(d => [d.range.start.line, d.range.start.character, d.message]),
			[[2, 36, "Expected ',' between values."]],
		);
	});

	it('does not start from a previous parse that had errors', () => {
		const previous = { ...previousOf('{"a": [1 2]}') };
		assert.equal(previous.errorsFree, false);
		assert.equal(reparseTree(previous, '{"a": [1 23]}', limits.maxJsonDepth), undefined);
	});

	it('returns a fresh copy of the tree for an unchanged text', () => {
		const previous = previousOf(base);
		const root = reparseTree(previous, base, limits.maxJsonDepth)!;
		assert.notEqual(root, previous.root);
		assert.deepEqual(shape(root), shape(previous.root));
		checkParents(root);
	});

	it('still refuses an edit that nests values too deep, at the same bracket as the full check', () => {
		const levels = limits.maxJsonDepth - 2;
		const deep = '{"a": ' + '['.repeat(levels) + '1' + ']'.repeat(levels) + ', "b": 2}';
		const deeper = deep.replace('[1]', '[[[[1]]]]');
		assert.equal(reparseTree(previousOf(deep), deeper, limits.maxJsonDepth), undefined);
		const parsed = assertSameConfigParse(deep, deeper);
		assert.deepEqual(
			parsed.diagnostics.map(d => [d.code, d.range.start.character]),
			[['json-too-deep', 6 + limits.maxJsonDepth - 1]],
		);
		// Just up to the limit is fine, and incremental.
		const atLimit = deep.replace('[1]', '[[1]]');
		assert.deepEqual(assertSameConfigParse(deep, atLimit).diagnostics, []);
		assert.ok(reparseTree(previousOf(deep), atLimit, limits.maxJsonDepth));
	});

	it('uses the previous parse only when it had no diagnostics (a top-level array in docs.json has one)', () => {
		assertSameConfigParse('[1, [2]]', '[1, [3]]');
		assert.deepEqual(assertSameConfigParse('[1, [2]]', '[1, [3]]', false).diagnostics, []);
	});

	it('is what the language service checks after an edit of docs.json, ranges included', async () => {
		const text = '{\n  "name": "Acme",\n  "navigation": {\n    "pages": ["index", "quickstart"]\n  }\n}\n';
		const workspace = new InMemoryWorkspace({ 'docs.json': text, 'index.mdx': '# Home', 'quickstart.mdx': '# Start' });
		const service = createLanguageService({ workspace });
		assertDiagnostics(await service.validate(workspace.document('docs.json'), noCancellation), []);
		// A page renamed to one that does not exist, then a page added before it: each edit re-parses one value.
		workspace.write('docs.json', text.replace('"quickstart"', '"quick-start"'));
		assertDiagnostics(await service.validate(workspace.document('docs.json'), noCancellation), [{ range: [3, 23, 3, 36], code: 'page-not-found' }]);
		workspace.write('docs.json', text.replace('"quickstart"', '"intro", "quick-start"'));
		assertDiagnostics(await service.validate(workspace.document('docs.json'), noCancellation), [
			{ range: [3, 23, 3, 30], code: 'page-not-found' },
			{ range: [3, 32, 3, 45], code: 'page-not-found' },
		]);
		// Broken, then repaired: a full parse each time.
		workspace.write('docs.json', text.replace('"quickstart"', '"intro" "quickstart"'));
		assertDiagnostics(await service.validate(workspace.document('docs.json'), noCancellation), [
			{ range: [3, 23, 3, 30], code: 'page-not-found' },
			{ range: [3, 31, 3, 43], code: 'json-syntax' },
		]);
		workspace.write('docs.json', text);
		assertDiagnostics(await service.validate(workspace.document('docs.json'), noCancellation), []);
	});

	describe('random valid documents and small edits (fast-check, seeded)', () => {
		const edit = jsonEdit;
		const applyEdit = applyJsonEdit;
		const documents = jsonDocuments;

		it('a returned tree is the full parse; parseJsonConfig with the previous parse is parseJsonConfig without', function () {
			this.timeout(60_000);
			let incremental = 0;
			let runs = 0;
			fc.assert(
				fc.property(documents, fc.array(edit, { minLength: 1, maxLength: 2 }), fc.integer({ min: 0, max: 2 }), (text, edits, headroom) => {
					const previous = previousOf(text);
					if (!previous.errorsFree) return; // JSON.stringify of a top-level undefined and the like
					runs++;
					// A limit the document just meets (as every previous parse does), so added nesting may cross it.
					let maxDepth = 0;
					while (findExcessiveNesting(text, maxDepth) !== undefined) maxDepth++;
					maxDepth += headroom;
					let newText = text;
					for (const e of edits) newText = applyEdit(newText, previous.root!, e);
					const before = JSON.stringify(shape(previous.root));
					const root = reparseTree(previous, newText, maxDepth);
					if (root) {
						incremental++;
						const full = fullParse(newText);
						assert.deepEqual(full.errors, []);
						assertSame(shape(root), shape(full.root));
						checkParents(root);
						assert.equal(findExcessiveNesting(newText, maxDepth), undefined, 'a tree is returned only within the nesting limit');
					}
					assert.equal(JSON.stringify(shape(previous.root)), before);
					// docs.json holds an object; a file pulled in with $ref may hold any value (a usable previous parse either way).
					assertSameConfigParse(text, newText, previous.root!.type === 'object');
				}),
				{ seed: 20_241_123, numRuns: 2500 },
			);
			// Not vacuous: a good part of the edits keep the document valid and take the incremental path.
			assert.ok(incremental > runs / 5, `${incremental} of ${runs} re-parsed incrementally`);
		});
	});
});
