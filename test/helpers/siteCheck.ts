import { noCancellation } from '../../server/src/core/cancellation';
import { createLanguageService } from '../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot } from './inMemoryWorkspace';

/** Checks an in-memory site rooted at /ws and returns its diagnostics by path relative to /ws (files with none omitted). */
export async function checkSite(files: Record<string, string>) {
	const workspace = new InMemoryWorkspace(files);
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	const results = await service.checkSite(workspaceRoot, noCancellation);
	const byPath: Record<string, import('vscode-languageserver-types').Diagnostic[]> = {};
	for (const { uri, diagnostics } of results) if (diagnostics.length) byPath[uri.slice(workspaceRoot.length + 1)] = [...diagnostics];
	return byPath;
}

/** Checks every page of an in-memory site rooted at /ws: diagnostics by page path relative to /ws (pages with none omitted). */
export async function checkPages(files: Record<string, string>) {
	const workspace = new InMemoryWorkspace(files);
	const service = createLanguageService({ workspace });
	await service.findDocsRoots(noCancellation);
	const byPath: Record<string, import('vscode-languageserver-types').Diagnostic[]> = {};
	await service.checkPages(workspaceRoot, noCancellation, ({ uri, diagnostics }) => {
		if (diagnostics.length) byPath[uri.slice(workspaceRoot.length + 1)] = [...diagnostics];
	});
	return byPath;
}

/** JSON text of a docs.json with the given navigation (and optional extra top-level keys), pretty-printed so tests can name lines. */
export function docsJson(navigation: unknown, extra: Record<string, unknown> = {}): string {
	return JSON.stringify({ name: 'Test', theme: 'mint', colors: { primary: '#000000' }, ...extra, navigation }, null, 2);
}

/** Position [line, character] of the `occurrence`-th match of `needle` in `text` (0-based). */
export function positionOf(text: string, needle: string, occurrence = 0): [number, number] {
	let index = -1;
	for (let i = 0; i <= occurrence; i++) {
		index = text.indexOf(needle, index + 1);
		if (index === -1) throw new Error(`'${needle}' (#${occurrence}) not in text`);
	}
	const before = text.slice(0, index).split('\n');
	return [before.length - 1, before[before.length - 1].length];
}

/** The range [l, c, l, c + needle.length] of a needle that does not span lines. */
export function rangeOf(text: string, needle: string, occurrence = 0): [number, number, number, number] {
	const [line, character] = positionOf(text, needle, occurrence);
	return [line, character, line, character + needle.length];
}
