// `node --require tsx/cjs conformance/anchors.ts <docs root>...`: every page of real sites rendered by
// the preview, and each of its own `#anchor` links that the link check accepts looked up among the
// ids the preview rendered (one slug module for both: core/mdx/platformSlug.ts). Prints per site the
// pages, the own-anchor links, those the check accepts, and any accepted anchor the preview does not
// render (a link that jumps nowhere in the preview); exits 1 when there is one. Not part of `npm test`
// (the corpus stays outside the repository); test/unit/preview/renderedAnchors.test.ts holds the lessons.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { noCancellation } from '../server/src/core/cancellation';
import { summarizePage } from '../server/src/core/mdx/pageSummary';
import { renderMdx } from '../server/src/preview/mdxHtml';

/** The ids of rendered HTML, character references decoded. */
function renderedIds(html: string): Set<string> {
	const decode = (value: string) =>
		value
			.replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
			.replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
			.replace(/&quot;/g, '"')
			.replace(/&lt;/g, '<')
			.replace(/&gt;/g, '>')
			.replace(/&amp;/g, '&');
	return new Set([...html.matchAll(/\sid="([^"]*)"/g)].map(m => decode(m[1])));
}

function pagesOf(dir: string): string[] {
	const found: string[] = [];
	for (const name of readdirSync(dir)) {
		if (name === 'node_modules' || name.startsWith('.')) continue;
		const full = path.join(dir, name);
		const stat = statSync(full);
		if (stat.isDirectory()) found.push(...pagesOf(full));
		else if (/\.mdx?$/i.test(name) && stat.size < 2_000_000) found.push(full);
	}
	return found;
}

async function main(): Promise<number> {
	let failures = 0;
	for (const root of process.argv.slice(2)) {
		const rootUri = URI.file(path.resolve(root)).toString();
		let pages = 0;
		let links = 0;
		let accepted = 0;
		const missing: string[] = [];
		for (const file of pagesOf(path.resolve(root))) {
			const text = readFileSync(file, 'utf8');
			const uri = URI.file(file).toString();
			const summary = summarizePage(TextDocument.create(uri, 'mdx', 1, text));
			const rendered = await renderMdx(text, { uri, rootUri, token: noCancellation, readText: async () => undefined });
			if (!rendered.ok || !summary.anchors) continue;
			pages++;
			const ids = renderedIds(rendered.html);
			for (const link of summary.links) {
				if (!link.url.startsWith('#') || link.url.length < 2) continue;
				links++;
				let anchor = link.url.slice(1);
				try {
					anchor = decodeURIComponent(anchor);
				} catch {
					// Kept as written.
				}
				if (!summary.anchors.has(anchor)) continue;
				accepted++;
				if (!ids.has(anchor)) missing.push(`${path.relative(root, file)}: #${anchor}`);
			}
		}
		console.log(
			`${root}: ${pages} pages rendered, ${links} own-anchor links, ${accepted} accepted by the link check, ${missing.length} not rendered by the preview`,
		);
		for (const line of missing.slice(0, 20)) console.log(`  ${line}`);
		failures += missing.length;
	}
	return failures ? 1 : 0;
}

main().then(
	code => process.exit(code),
	e => {
		console.error(e);
		process.exit(2);
	},
);
