import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';

const acme = path.resolve(__dirname, '../../examples/acme');

/** A link to a page that does not exist (and never will): an error that makes a page publish diagnostics. */
export const knownProblem = '\n\n[a broken link](/soak-missing-page)\n';

/** The bench's seeded PRNG (mulberry32): the same seed replays the same session. */
import { createRandom, type Random } from '../../bench/random';
export { createRandom as random, type Random };

/**
 * A copy of examples/acme in a temporary folder, grown with `pages` generated pages (headings,
 * links between them and to acme's pages) listed under a new "Generated" tab.
 */
export function grownAcme(pages: number) {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-soak-'));
	const root = path.join(dir, 'acme');
	cpSync(acme, root, { recursive: true });
	// Every page gets a problem (a broken link), so a fresh server publishes diagnostics for every page it checked.
	for (const page of filesUnder(root, /\.mdx$/).filter(p => !p.startsWith('snippets/')))
		writeFileSync(path.join(root, page), readFileSync(path.join(root, page), 'utf8') + knownProblem);
	const paths: string[] = [];
	for (let i = 0; i < pages; i++) {
		const page = `generated/section-${i % 10}/page-${i}`;
		paths.push(page);
		mkdirSync(path.dirname(path.join(root, `${page}.mdx`)), { recursive: true });
		const next = `generated/section-${(i + 1) % 10}/page-${(i + 1) % pages}`;
		writeFileSync(
			path.join(root, `${page}.mdx`),
			[
				'---',
				`title: Generated page ${i}`,
				`description: Page ${i} of the soak site`,
				'---',
				'',
				`# Page ${i}`,
				'',
				`## Details ${i}`,
				'',
				`Read [the next page](/${next}#details-${(i + 1) % pages}), the [quickstart](/quickstart) and [a missing anchor](/quickstart#nope-${i}).`,
				'',
				'<Card title="Setup" href="/guides/webhooks">Webhooks</Card>',
				'',
				'```js',
				`console.log(${i});`,
				'```',
				'',
			].join('\n') + knownProblem,
		);
	}
	const configPath = path.join(root, 'docs.json');
	const config = JSON.parse(readFileSync(configPath, 'utf8'));
	const groups = Array.from({ length: 10 }, (_, s) => ({ group: `Section ${s}`, pages: paths.filter(p => p.startsWith(`generated/section-${s}/`)) }));
	config.navigation.tabs.push({ tab: 'Generated', groups });
	writeFileSync(configPath, JSON.stringify(config, null, 2));
	return {
		dir,
		root,
		uri: (relative: string) => URI.file(path.join(root, relative)).toString(),
		file: (relative: string) => path.join(root, relative),
		dispose: () => rmSync(dir, { recursive: true, force: true }),
	};
}
export type SoakSite = ReturnType<typeof grownAcme>;

/** Every file below `root` with one of the extensions, relative, sorted. */
export function filesUnder(root: string, extensions: RegExp): string[] {
	const found: string[] = [];
	const walk = (relative: string) => {
		for (const name of readdirSync(path.join(root, relative))) {
			const child = relative ? `${relative}/${name}` : name;
			if (statSync(path.join(root, child)).isDirectory()) walk(child);
			else if (extensions.test(name)) found.push(child);
		}
	};
	walk('');
	return found.sort();
}

/** An open document as the client holds it, with an undo stack of inverse edits. */
export class OpenDocument {
	document: TextDocument;
	readonly undo: { start: number; end: number; text: string }[] = [];
	constructor(
		readonly relative: string,
		uri: string,
		text: string,
	) {
		this.document = TextDocument.create(uri, 'plaintext', 1, text);
	}

	get text() {
		return this.document.getText();
	}

	/**
	 * Replaces [start, end) by `text`; returns the LSP change (range in the text before the edit).
	 * Unless it is itself an undo, the inverse edit is pushed so a later undo restores the text.
	 */
	replace(start: number, end: number, text: string, isUndo = false) {
		const range = { start: this.document.positionAt(start), end: this.document.positionAt(end) };
		// A copy, not a slice: V8 slices keep their (multi-megabyte) parent text alive, one per undo entry.
		const removed = JSON.parse(JSON.stringify(this.text.slice(start, end))) as string;
		if (!isUndo) this.undo.push({ start, end: start + text.length, text: removed });
		// Editors bound their undo history too.
		if (this.undo.length > 500) this.undo.shift();
		this.document = TextDocument.update(this.document, [{ range, text }], this.document.version + 1);
		return { version: this.document.version, change: { range, text } };
	}
}

/** Snippets typed into pages and docs.json: valid pieces, half-typed syntax and odd characters. */
export const typed = [
	'"guides/new-page", ',
	'{',
	'}',
	'[',
	']',
	',',
	'"',
	':',
	'"pages": [',
	'{"group": "X", "pages": ["quickstart"]}',
	'"tab": "T"',
	'// c',
	'<Card title="x">',
	'</Card>',
	'<Steps>',
	'{1 + ',
	'}',
	'[link](/quickstart#',
	'overview)',
	'\n## A new heading\n',
	'\n---\n',
	'```',
	'\n',
	' ',
	'word ',
	'](/generated/section-1/page-1)',
	'#',
	'\u200F',
	'\uD83D\uDE00',
	'\u0000',
	'\r\n',
	'<img src="/images/x.png">',
	'import X from "/snippets/missing.mdx"\n',
];

/** A huge paste: a long page fragment of links and headings (undone later like any edit). */
export function hugePaste(rng: Random): string {
	const line = rng.pick(['[link](/quickstart) and more text ', '## Heading\n\n', '<Note>pasted</Note>\n', '"quickstart", ']);
	return line.repeat(Math.ceil((50_000 + rng.int(150_000)) / line.length));
}

/** VmRSS of a process in KB, from /proc (Linux). */
export function rssKb(pid: number): number | undefined {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
		return match ? Number(match[1]) : undefined;
	} catch {
		return undefined;
	}
}

export function median(values: readonly number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0;
}

/** File operations on disk the watcher would report: create, change, rename, delete of closed pages. */
export const diskOps = { existsSync, writeFileSync, renameSync, unlinkSync, mkdirSync };
