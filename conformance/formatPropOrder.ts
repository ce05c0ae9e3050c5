// `node --require tsx/cjs conformance/formatPropOrder.ts <folders formatted by mint format>`: learns the
// order in which the platform's web editor writes each component's props (server/src/core/format/propOrder.ts)
// from pages `mint format` wrote. A pair of props counts when it is never seen the other way round;
// the pairs are then ordered topologically. Prints the table as TypeScript.
import { readFileSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Node } from 'unist';
import { componentTable } from '../server/src/core/mdx/componentTable';
import { parseMdx } from '../server/src/core/mdx/mdxParser';

function mdxFiles(dir: string, out: string[] = []): string[] {
	for (const e of readdirSync(dir, { withFileTypes: true })) {
		if (e.name.startsWith('.') || e.name === 'node_modules') continue;
		const full = path.join(dir, e.name);
		if (e.isDirectory()) mdxFiles(full, out);
		else if (e.name.endsWith('.mdx')) out.push(full);
	}
	return out;
}

const before = new Map<string, Map<string, Set<string>>>();
function visit(node: Node): void {
	const n = node as Node & { name?: string; attributes?: { type: string; name?: string }[]; children?: Node[] };
	if ((n.type === 'mdxJsxFlowElement' || n.type === 'mdxJsxTextElement') && n.name && /^[A-Z]/.test(n.name) && n.attributes) {
		const names = n.attributes.filter(a => a.type === 'mdxJsxAttribute').map(a => a.name as string);
		const pairs = before.get(n.name) ?? new Map<string, Set<string>>();
		before.set(n.name, pairs);
		for (let i = 0; i < names.length; i++)
			for (let j = i + 1; j < names.length; j++) {
				const set = pairs.get(names[i]) ?? new Set<string>();
				set.add(names[j]);
				pairs.set(names[i], set);
			}
	}
	for (const c of n.children ?? []) visit(c);
}

for (const dir of process.argv.slice(2))
	for (const f of mdxFiles(dir)) {
		const parsed = parseMdx(readFileSync(f, 'utf8'), true);
		if (parsed.tree) visit(parsed.tree);
	}

const table: Record<string, string[]> = {};
for (const [component, pairs] of [...before].sort((a, b) => a[0].localeCompare(b[0]))) {
	const props = new Set<string>();
	for (const [a, bs] of pairs) {
		props.add(a);
		for (const b of bs) props.add(b);
	}
	// Consistent pairs only: a before b, and never b before a.
	const after = (a: string, b: string) => (pairs.get(a)?.has(b) ?? false) && !(pairs.get(b)?.has(a) ?? false);
	const order: string[] = [];
	const left = new Set(props);
	while (left.size) {
		const next = [...left].find(p => ![...left].some(q => q !== p && after(q, p)));
		if (!next) break;
		order.push(next);
		left.delete(next);
	}
	const contradicted = [...props].some(a => [...props].some(b => a !== b && pairs.get(a)?.has(b) && pairs.get(b)?.has(a)));
	// Only the platform's built-in components: a site's own components are written as they stand.
	if (order.length > 1 && !contradicted && Object.prototype.hasOwnProperty.call(componentTable, component)) table[component] = order;
}
process.stdout.write(`const orders: Record<string, readonly string[]> = ${JSON.stringify(table, null, '\t')};\n`);
