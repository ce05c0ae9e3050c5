import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { walkSiteFiles } from './floor';

/** How deep below the corpus folder docs roots are looked for (`owner-repo/docs/product/docs.json` is three down). */
const maxDepth = 4;

/**
 * The corpus folder the bench measures real sites from: `--corpus DIR`, else `MINTDOC_CORPUS`, else a
 * folder named `corpus` beside the repository or beside one of its parent folders (the development
 * machines' layout: `/work/main` and `/work/corpus`, also from a worktree such as `/work/wt/branch`).
 * Undefined when none exists.
 */
export function corpusFolder(flag: string | undefined, repo: string): string | undefined {
	const named = flag ?? process.env.MINTDOC_CORPUS;
	if (named !== undefined) return isFolder(path.resolve(named)) ? path.resolve(named) : undefined;
	for (let dir = path.resolve(repo); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
		const candidate = path.join(path.dirname(dir), 'corpus');
		if (isFolder(candidate)) return candidate;
	}
	return undefined;
}

function isFolder(dir: string): boolean {
	return existsSync(dir) && statSync(dir).isDirectory();
}

/** Every docs root (a folder holding docs.json) of the corpus with its number of pages, largest first. */
export function corpusSites(corpus: string): { dir: string; pages: number }[] {
	const roots: string[] = [];
	const visit = (dir: string, depth: number) => {
		let entries;
		try {
			entries = readdirSync(dir, { withFileTypes: true });
		} catch {
			return; // unreadable: not a site
		}
		if (entries.some(e => e.isFile() && e.name === 'docs.json')) {
			roots.push(dir);
			return; // a nested site is measured as part of its parent
		}
		if (depth >= maxDepth) return;
		for (const entry of entries)
			if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') visit(path.join(dir, entry.name), depth + 1);
	};
	visit(corpus, 0);
	return roots
		.map(dir => ({ dir, pages: walkSiteFiles(dir).filter(f => /\.mdx?$/i.test(f)).length }))
		.sort((a, b) => b.pages - a.pages || a.dir.localeCompare(b.dir));
}
