import { readdirSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { GeneratedSite } from './siteGenerator';

/** Files a checker of the site has to read: pages, docs.json, OpenAPI and other JSON/YAML (not images or scripts). */
const readable = /\.(mdx?|json|ya?ml)$/i;

/** The site's files MintDoc reads, relative to `dir` with forward slashes (dot folders and node_modules left out, as MintDoc does). */
export function walkSiteFiles(dir: string): string[] {
	const files: string[] = [];
	const walk = (relative: string) => {
		for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
			if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
			const file = relative ? `${relative}/${entry.name}` : entry.name;
			if (entry.isDirectory()) walk(file);
			else if (entry.isFile() && readable.test(entry.name)) files.push(file);
		}
	};
	walk('');
	return files;
}

/**
 * What no checker can beat on this site: read every file it must read, `JSON.parse` docs.json
 * and parse every OpenAPI document (JSON.parse or YAML), nothing else. Measured in this process.
 */
export async function measureFloor(site: GeneratedSite): Promise<{ totalMs: number; readMs: number; parseMs: number }> {
	const started = performance.now();
	const texts = new Map<string, string>();
	const files = walkSiteFiles(site.dir);
	// 64 reads in flight: as fast as the disk allows, within any open-file limit.
	let next = 0;
	await Promise.all(
		Array.from({ length: 64 }, async () => {
			while (next < files.length) {
				const file = files[next++];
				texts.set(file, await fs.readFile(path.join(site.dir, file), 'utf8'));
			}
		}),
	);
	const read = performance.now();
	try {
		JSON.parse(texts.get('docs.json') ?? '');
	} catch {
		// docs.json with comments: MintDoc reads it as JSONC; the floor stops at JSON.parse.
	}
	for (const spec of site.specFiles) {
		const text = texts.get(spec);
		if (text === undefined) continue;
		try {
			if (/\.ya?ml$/i.test(spec)) parseYaml(text);
			else JSON.parse(text);
		} catch {
			// A broken spec in a real site: parsing it as far as it goes is the floor's share.
		}
	}
	const done = performance.now();
	return { totalMs: done - started, readMs: read - started, parseMs: done - read };
}
