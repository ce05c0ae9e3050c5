import { existsSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { walkSiteFiles } from './floor';

/** How deep below the corpus folder docs roots are looked for (`owner-repo/docs/product/docs.json` is three down). */
const maxDepth = 4;

/**
 * The corpus folder the bench measures real sites from: `--corpus DIR`, else `MINTDOC_CORPUS`, else
 * `corpus` beside the repository (the development machines' layout). Undefined when it does not exist.
 */
export function corpusFolder(flag: string | undefined, repo: string): string | undefined {
	const dir = path.resolve(flag ?? process.env.MINTDOC_CORPUS ?? path.join(repo, '..', 'corpus'));
	return existsSync(dir) && statSync(dir).isDirectory() ? dir : undefined;
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
