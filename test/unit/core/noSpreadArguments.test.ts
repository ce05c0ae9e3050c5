import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { appendAll, maxOf, minOf } from '../../../server/src/core/arrays';

const serverSource = path.resolve(__dirname, '../../../server/src');

function sourceFiles(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap(entry =>
		entry.isDirectory() ? sourceFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
	);
}

/** Calls that take a list of any length as spread arguments: past ~100,000 items each overflows the call stack. */
const listCallees = /(?:^|\.)(?:push|unshift|splice|concat)$|^Math\.(?:max|min)$|^String\.fromC(?:harC|odeP)o(?:de|int)$/;

/** Issue 51: 200,000 missing pages ended in `RangeError: Maximum call stack size exceeded` from `diagnostics.push(...found)`. */
describe('no spread arguments into list calls in server/src', () => {
	it('appendAll, maxOf and minOf take 500,000 items', () => {
		const many = Array.from({ length: 500_000 }, (_, i) => i);
		assert.equal(appendAll([-1], many).length, 500_001);
		assert.equal(maxOf(many, -1), 499_999);
		assert.equal(minOf(many, -1), 0);
		assert.equal(maxOf([], -1), -1);
	});

	it('finds none (use appendAll, maxOf, minOf or a loop)', () => {
		const found: string[] = [];
		for (const file of sourceFiles(serverSource)) {
			const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
			const visit = (node: ts.Node) => {
				if (ts.isCallExpression(node) && node.arguments.some(ts.isSpreadElement) && listCallees.test(node.expression.getText(source).replace(/\?$/, ''))) {
					found.push(`${path.relative(serverSource, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`);
				}
				ts.forEachChild(node, visit);
			};
			visit(source);
		}
		assert.deepEqual(found, []);
	});
});
