import type { Heading, Nodes, Paragraph, Root } from 'mdast';
import type { PageRecorder } from './pageRecords';

/** Records what a syntax tree of the page (or of a chunk of it starting at `base`) holds: links, headings, elements, imports, folds. */
export function recordTree(tree: Root, recorder: PageRecorder, base: number): void {
	const stack: Nodes[] = [tree];
	const unravelled = new Set<Nodes>();
	// What each node on the stack is directly in, as PageElement.parent says it: the nearest named flow element or null.
	const parents: (string | null)[] = [null];
	while (stack.length) {
		const node = stack.pop()!;
		const parent = parents.pop()!;
		const startAt = node.position?.start.offset;
		const endAt = node.position?.end.offset;
		if (startAt !== undefined && endAt !== undefined) {
			const [start, end] = [startAt + base, endAt + base];
			switch (node.type) {
				case 'link':
				case 'image':
					recorder.link(node.url, node.type, start, end);
					break;
				case 'heading':
					recorder.heading(plainText(node), (node as Heading).depth, start, end);
					break;
				case 'mdxJsxFlowElement':
				case 'mdxJsxTextElement':
					recorder.element(
						node.name,
						node.attributes.flatMap(a => (a.type === 'mdxJsxAttribute' ? [a] : [])),
						start,
						end,
						node.type === 'mdxJsxFlowElement' || unravelled.has(node) ? parent : undefined,
					);
					if (node.type === 'mdxJsxFlowElement') recorder.fold(recorder.line(start), recorder.line(end));
					break;
				case 'mdxjsEsm':
					recorder.esm(node.value, start);
					break;
				case 'code':
				case 'yaml':
					recorder.fold(recorder.line(start), recorder.line(end));
					break;
			}
		}
		if ('children' in node) {
			// A fragment is transparent (the platform's remarkValidateTabs/Steps skip it); Markdown containers are not.
			let childParent = node.type === 'mdxJsxFlowElement' ? (node.name ?? parent) : null;
			if (node.type === 'paragraph' && isUnravelled(node)) {
				// Its Tabs and Steps are flow elements of the paragraph's container (see isUnravelled).
				childParent = parent;
				for (const child of node.children) if (child.type === 'mdxJsxTextElement' && child.name && unravelledNames.has(child.name)) unravelled.add(child);
			}
			for (let i = node.children.length - 1; i >= 0; i--) {
				stack.push(node.children[i] as Nodes);
				parents.push(childParent);
			}
		}
	}
}

/** Elements whose placement the platform judges (its remarkValidateTabs and remarkValidateSteps): Tab and Step. */
const unravelledNames: ReadonlySet<string> = new Set(['Tab', 'Step']);

/**
 * A paragraph of nothing but elements, expressions and white space (`<Tab title="A">a</Tab>` on its
 * own line): the platform's compiler (@mdx-js/mdx `remarkMarkAndUnravel`, before any plugin of the
 * platform runs) turns its elements into flow elements of the paragraph's container. Only Tab and
 * Step are recorded so (the line scanner declines pages with them in text, and records every other
 * element in text as the parser does, with no parent).
 */
function isUnravelled(paragraph: Paragraph): boolean {
	let element = false;
	for (const child of paragraph.children) {
		if (child.type === 'mdxJsxTextElement' || child.type === 'mdxTextExpression') element = true;
		else if (child.type !== 'text' || /[^\t\n\r ]/.test(child.value)) return false;
	}
	return element;
}

function plainText(node: Nodes): string {
	if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
	if ('children' in node) return node.children.map(child => plainText(child as Nodes)).join('');
	return '';
}

/**
 * The names a page exports when it holds nothing but frontmatter and ESM (`default` for a default
 * export); undefined when it holds anything else or exports nothing. What the platform's snippet
 * resolution asks of an imported file (@mintlify/common 1.0.1211 `resolveAllImports`, its export map:
 * declarations with a value, functions, classes, `export { a as b }`, `export default`).
 */
export function exportsOnlyOf(tree: Root): string[] | undefined {
	if (!tree.children.every(node => node.type === 'yaml' || node.type === 'mdxjsEsm')) return undefined;
	const names = tree.children.flatMap(node => (node.type === 'mdxjsEsm' ? exportedNames(node.value) : []));
	return names.length ? names : undefined;
}

function exportedNames(esm: string): string[] {
	const names: string[] = [];
	for (const m of esm.matchAll(
		/(?:^|[\n;])\s*export\s+(?:(default)\b|(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=|(?:async\s+)?function\s*\*?\s*([A-Za-z_$][\w$]*)|class\s+([A-Za-z_$][\w$]*)|\{([^}]*)\})/g,
	)) {
		if (m[1]) names.push('default');
		else if (m[2] ?? m[3] ?? m[4]) names.push((m[2] ?? m[3] ?? m[4])!);
		else
			for (const part of m[5]!.split(',')) {
				const name = part
					.trim()
					.split(/\s+as\s+/)
					.pop()!
					.trim();
				if (/^[A-Za-z_$][\w$]*$/.test(name)) names.push(name);
			}
	}
	return names;
}
