import type { Position, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { noCancellation } from '../../server/src/core/cancellation';
import { createLanguageService, type LanguageService } from '../../server/src/core/languageService';
import { InMemoryWorkspace, workspaceRoot, workspaceUri } from '../helpers/inMemoryWorkspace';
import type { FuzzSite } from './arbitraries/site';

/** Thrown when a result breaks an invariant (the core throwing is reported as it is). */
export class InvariantError extends Error {
	override name = 'InvariantError';
}

/** Line lengths of a text as LSP counts lines (\r\n, \r and \n all end one) and characters (UTF-16 code units). */
function lineLengths(text: string): number[] {
	return text.split(/\r\n|\r|\n/).map(line => line.length);
}

/** Checks every range of results against the texts of the workspace's files. */
class RangeChecker {
	readonly #lines = new Map<string, number[]>();
	constructor(files: Readonly<Record<string, string>>) {
		for (const [path, text] of Object.entries(files)) this.#lines.set(workspaceUri(path), lineLengths(text));
	}

	position(uri: string, p: Position, what: string): void {
		const lines = this.#lines.get(uri);
		if (!lines) return; // a file about to be created (Create page): nothing to check against
		const ok =
			Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0 && p.line < lines.length && p.character <= lines[p.line];
		if (!ok)
			throw new InvariantError(
				`${what}: position ${p.line}:${p.character} outside ${uri} (${lines.length} lines${p.line < lines.length ? `, line ${p.line} has ${lines[p.line]} characters` : ''})`,
			);
	}

	range(uri: string, r: Range, what: string): void {
		this.position(uri, r.start, what);
		this.position(uri, r.end, what);
		if (r.start.line > r.end.line || (r.start.line === r.end.line && r.start.character > r.end.character))
			throw new InvariantError(`${what}: range ends before it starts in ${uri}: ${JSON.stringify(r)}`);
	}

	edits(edit: { changes?: Record<string, { range: Range }[]> } | undefined | null, what: string): void {
		for (const [uri, edits] of Object.entries(edit?.changes ?? {})) for (const e of edits) this.range(uri, e.range, what);
	}

	lineCount(uri: string): number {
		return this.#lines.get(uri)?.length ?? 0;
	}
}

/** Positions to probe a document at: the fuzzed offsets, both ends, and stale positions past the end (a client racing an edit sends those). */
function probePositions(document: TextDocument, offsets: readonly number[]): { position: Position; stale: boolean }[] {
	const length = document.getText().length;
	return [
		...[0, length, ...offsets.map(o => o % (length + 1))].map(o => ({ position: document.positionAt(o), stale: false })),
		{ position: { line: document.lineCount + 2, character: 3 }, stale: true },
		{ position: { line: 0, character: 100_000 }, stale: true },
	];
}

/**
 * Drives the pure core over a fuzzed site the way the server does: find roots, check the site and
 * every page, then every editor feature on the probed files at sampled positions. Anything the
 * core throws propagates; results that break an invariant throw {@link InvariantError}.
 */
export async function exerciseSite(site: FuzzSite, offsets: readonly number[]): Promise<void> {
	const workspace = new InMemoryWorkspace({ ...site.files });
	const service = createLanguageService({ workspace });
	const ranges = new RangeChecker(site.files);
	const token = noCancellation;
	await service.findDocsRoots(token);

	const byUri = new Map<string, import('vscode-languageserver-types').Diagnostic[]>();
	const record = (uri: string, diagnostics: readonly import('vscode-languageserver-types').Diagnostic[], what: string) => {
		for (const d of diagnostics) {
			ranges.range(uri, d.range, `${what} diagnostic ${String(d.code)}`);
			for (const related of d.relatedInformation ?? [])
				ranges.range(related.location.uri, related.location.range, `${what} related information of ${String(d.code)}`);
		}
		byUri.set(uri, [...(byUri.get(uri) ?? []), ...diagnostics]);
	};
	for (const { uri, diagnostics } of await service.checkSite(workspaceRoot, token)) record(uri, diagnostics, 'site');
	await service.checkPages(workspaceRoot, token, ({ uri, diagnostics }) => record(uri, diagnostics, 'page'));
	for (const path of site.probe) if (/\.mdx?$/.test(path)) record(workspaceUri(path), await service.checkPage(workspaceUri(path), token), 'checkPage');

	for (const path of site.probe) {
		const document = workspace.document(path);
		await probeDocument(service, document, offsets, ranges, byUri.get(document.uri) ?? []);
	}
	await service.getSiteTrees(token);
	const page = site.probe.find(path => /\.mdx?$/.test(path));
	if (page)
		ranges.edits(
			await service.willRenameFiles([{ oldUri: workspaceUri(page), newUri: workspaceUri(`moved/${page}`) }], { addRedirects: true }, token),
			'willRenameFiles',
		);

	// The watcher reports the probed files deleted: the site is checked again without them.
	for (const path of site.probe) workspace.remove(path);
	await service.didChangeFiles(site.probe.map(path => ({ uri: workspaceUri(path), type: 'deleted' as const })));
	const remaining = new RangeChecker(Object.fromEntries(Object.entries(site.files).filter(([path]) => !site.probe.includes(path))));
	for (const { uri, diagnostics } of await service.checkSite(workspaceRoot, token))
		for (const d of diagnostics) remaining.range(uri, d.range, `diagnostic ${String(d.code)} after deletes`);
}

async function probeDocument(
	service: LanguageService,
	document: TextDocument,
	offsets: readonly number[],
	checker: RangeChecker,
	diagnostics: readonly import('vscode-languageserver-types').Diagnostic[],
) {
	const token = noCancellation;
	const { uri } = document;
	const ranges = checker;
	for (const link of await service.findDocumentLinks(document, token)) ranges.range(uri, link.range, 'document link');
	const symbols = async (list: import('vscode-languageserver-types').DocumentSymbol[]): Promise<void> => {
		for (const s of list) {
			ranges.range(uri, s.range, `symbol ${s.name}`);
			ranges.range(uri, s.selectionRange, `symbol ${s.name} selection`);
			await symbols(s.children ?? []);
		}
	};
	await symbols(await service.findDocumentSymbols(document, token));
	for (const f of await service.findFoldingRanges(document, token)) {
		if (!(f.startLine >= 0 && f.startLine <= f.endLine && f.endLine < ranges.lineCount(uri)))
			throw new InvariantError(`folding range ${f.startLine}-${f.endLine} outside ${uri}`);
	}
	for (const action of await service.findCodeActions(document, diagnostics, token)) ranges.edits(action.edit, `code action '${action.title}'`);
	for (const lens of await service.findCodeLenses(document, token)) ranges.range(uri, lens.range, 'code lens');

	// A stale position must not make a feature throw; what it answers for one is not range-checked.
	const lenient = new RangeChecker({});
	for (const { position, stale } of probePositions(document, offsets)) {
		const at = `at ${position.line}:${position.character}`;
		const ranges = stale ? lenient : checker;
		const completions = await service.doComplete(document, position, token);
		for (const item of completions?.items ?? []) {
			const edit = item.textEdit;
			if (edit && 'range' in edit) ranges.range(uri, edit.range, `completion '${item.label}' ${at}`);
			else if (edit) ranges.range(uri, edit.insert, `completion '${item.label}' ${at}`);
		}
		for (const item of (completions?.items ?? []).slice(0, 3)) await service.resolveCompletion(item, token);
		const hover = await service.doHover(document, position, token);
		if (hover?.range) ranges.range(uri, hover.range, `hover ${at}`);
		for (const link of await service.findDefinition(document, position, token)) {
			if (link.originSelectionRange) ranges.range(uri, link.originSelectionRange, `definition origin ${at}`);
			ranges.range(link.targetUri, link.targetRange, `definition target ${at}`);
			ranges.range(link.targetUri, link.targetSelectionRange, `definition target selection ${at}`);
		}
		for (const location of await service.findReferences(document, position, token)) ranges.range(location.uri, location.range, `reference ${at}`);
		const rename = await service.prepareRename(document, position, token);
		if (rename) {
			ranges.range(uri, rename.range, `prepareRename ${at}`);
			ranges.edits(await service.rename(document, position, 'Renamed heading', token), `rename ${at}`);
		}
	}
}
