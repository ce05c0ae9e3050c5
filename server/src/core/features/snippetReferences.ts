import type { Location, Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import type { PageSummary } from '../mdx/pageTypes';
import { snippetExports } from '../mdx/snippetExports';
import { componentAt, importedNames, type Reader } from './snippetComponents';

/** A page of the site as references read it. */
export interface ReferencedPage {
	readonly uri: string;
	readonly document: TextDocument;
	readonly summary: Pick<PageSummary, 'elements'>;
}

const contains = (range: Range, position: Position) =>
	position.line === range.start.line && position.character >= range.start.character && position.character <= range.end.character;

/**
 * References of a snippet component, asked from its exported function's name in the snippet or
 * from a use (`<CalloutBox`) in a page: in every page that imports it, the imported name and each
 * element using it (under the page's own name for it, `import { CalloutBox as Box }`).
 * Undefined when `position` is on no snippet component, so other references may answer.
 */
export async function snippetComponentReferences(
	document: TextDocument,
	position: Position,
	rootUri: string,
	pages: () => Promise<readonly ReferencedPage[]>,
	workspace: Reader,
	token: CancellationToken,
): Promise<Location[] | undefined> {
	const declared = snippetExports(document).find(e => contains(e.range, position));
	const used = declared ? undefined : await componentAt(document, position, rootUri, workspace, token);
	const target = declared
		? { uri: document.uri, name: declared.name, range: declared.range }
		: used && { uri: used.uri, name: used.exported.name, range: used.exported.range };
	if (!target) return undefined;
	// The declaration comes first, as VS Code's Find All References asks for it.
	const locations: Location[] = [{ uri: target.uri, range: target.range }];
	// A page that imports the snippet names its file (the extension may be left out).
	const stem = target.uri.slice(target.uri.lastIndexOf('/') + 1).replace(/\.\w+$/, '');
	for (const page of await pages()) {
		throwIfCancelled(token);
		if (!page.document.getText().includes(stem)) continue;
		for (const [local, imported] of importedNames(page.document, rootUri)) {
			if (imported.uri !== target.uri || imported.exported !== target.name) continue;
			locations.push({ uri: page.uri, range: imported.range });
			for (const element of page.summary.elements) if (element.name === local) locations.push({ uri: page.uri, range: element.nameRange });
		}
	}
	return locations;
}
