import type { Heading, Nodes, Root } from 'mdast';
import type { PageRecorder } from './pageRecords';

/** Records what a syntax tree of the page (or of a chunk of it starting at `base`) holds: links, headings, elements, imports, folds. */
export function recordTree(tree: Root, recorder: PageRecorder, base: number): void {
	const stack: Nodes[] = [tree];
	while (stack.length) {
		const node = stack.pop()!;
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
		if ('children' in node) for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
	}
}

function plainText(node: Nodes): string {
	if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
	if ('children' in node) return node.children.map(child => plainText(child as Nodes)).join('');
	return '';
}
