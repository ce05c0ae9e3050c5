import { modify, type JSONPath } from 'jsonc-parser';
import type { TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { getValue } from '../docsConfig/configTree';
import { isExternalLink } from '../docsConfig/pageEntries';
import { resolveLink, type LinkContext } from '../mdx/rules/linkRules';
import type { PageSummary } from '../mdx/pageSummary';
import type { SiteModel } from '../site/siteModel';
import { docsConfigFileName, joinUri } from '../uris';

/** Old page path → new page path, for the pages a rename moves. */
export type PageMoves = ReadonlyMap<string, string>;

/**
 * Edits that keep links working when pages move: every link in every page that leads to a
 * moved page gets the new path (absolute links stay absolute, relative ones are recomputed,
 * anchors kept), and relative links inside a moved page are recomputed from its new folder.
 */
export async function movedLinkEdits(
	site: SiteModel,
	moves: PageMoves,
	pages: readonly { uri: string; document: TextDocument; summary: PageSummary }[],
	context: LinkContext,
): Promise<Map<string, TextEdit[]>> {
	const edits = new Map<string, TextEdit[]>();
	for (const { uri, summary } of pages) {
		const fromPath = site.pages.pagePathOfFile(uri);
		if (fromPath === undefined) continue;
		const newFromPath = moves.get(fromPath) ?? fromPath;
		for (const link of summary.links) {
			if (isExternalLink(link.url) || link.url.startsWith('#')) continue;
			const target = await resolveLink(link.url, fromPath, context);
			if (target.kind !== 'page') continue;
			const newTarget = moves.get(target.path) ?? target.path;
			const isRelative = !link.url.startsWith('/');
			if (newTarget === target.path && !(isRelative && newFromPath !== fromPath)) continue;
			const suffix = link.url.slice(link.url.search(/[#?]|$/));
			const extension = /\.(mdx|md)(?=$|[#?])/i.exec(link.url)?.[0] ?? '';
			const written = isRelative ? relativeLink(newFromPath, newTarget) : `/${newTarget}`;
			const newText = written + extension + suffix;
			if (newText === link.url) continue;
			if (!edits.has(uri)) edits.set(uri, []);
			edits.get(uri)!.push({ range: link.range, newText });
		}
	}
	return edits;
}

/** A link from the page at `from` to the page at `to`, relative to `from`'s folder. */
function relativeLink(from: string, to: string): string {
	const fromDir = from.split('/').slice(0, -1);
	const target = to.split('/');
	let common = 0;
	while (common < fromDir.length && common < target.length - 1 && fromDir[common] === target[common]) common++;
	const up = fromDir.length - common;
	const rest = target.slice(common).join('/');
	return up === 0 ? rest : '../'.repeat(up) + rest;
}

/**
 * An edit adding `{ source: /old, destination: /new }` to the `redirects` of docs.json for each
 * moved page, so published URLs keep working. Not when `redirects` lives in a `$ref` file or a
 * redirect from that source already exists.
 */
export function redirectEdits(site: SiteModel, moves: PageMoves): TextEdit[] {
	const configUri = joinUri(site.rootUri, docsConfigFileName);
	const document = site.config.files.get(configUri);
	if (!document || !site.config.root) return [];
	const redirects = getValue(site.config.root, 'redirects');
	if (redirects && (redirects.kind !== 'array' || redirects.uri !== configUri)) return [];
	const existing = new Set(
		redirects?.kind === 'array' ? redirects.items.map(item => getValue(item, 'source')).flatMap(s => (s?.kind === 'string' ? [s.value as string] : [])) : [],
	);
	let text = document.getText();
	const edits: TextEdit[] = [];
	const formatting = (indent: string) => ({ insertSpaces: !indent.includes('\t'), tabSize: indent.includes('\t') ? 1 : indent.length, eol: '\n' });
	const apply = (changes: ReturnType<typeof modify>) => {
		for (const change of [...changes].sort((a, b) => b.offset - a.offset))
			text = text.slice(0, change.offset) + change.content + text.slice(change.offset + change.length);
	};
	// jsonc-parser's formatter throws on documents nested about 100 deep: then the edit is made
	// unformatted. It also throws when broken JSON makes `redirects` read as a string to it: then
	// no redirect is added (the file's own syntax errors are reported elsewhere).
	const modifyText = (path: JSONPath, value: unknown, indent: string): ReturnType<typeof modify> => {
		try {
			return modify(text, path, value, { formattingOptions: formatting(indent) });
		} catch {
			try {
				return modify(text, path, value, {});
			} catch {
				return [];
			}
		}
	};
	// A page moving (back) to a URL that redirects away would be shadowed by that redirect, or loop: drop it.
	const sources = redirects?.kind === 'array' ? redirects.items.map(item => getValue(item, 'source')) : [];
	for (let i = sources.length - 1; i >= 0; i--) {
		const source = sources[i];
		if (source?.kind === 'string' && [...moves.values()].some(to => source.value === `/${to}`)) apply(modifyText(['redirects', i], undefined, '  '));
	}
	for (const [from, to] of moves) {
		if (existing.has(`/${from}`)) continue;
		const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  ';
		// Applied to the running text so several moves compose; the result is returned as one replacement below.
		apply(modifyText(['redirects', -1], { source: `/${from}`, destination: `/${to}` }, indent));
	}
	if (text === document.getText()) return [];
	edits.push({ range: { start: { line: 0, character: 0 }, end: document.positionAt(document.getText().length) }, newText: text });
	return edits;
}
