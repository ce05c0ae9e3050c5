import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parse as parseYaml } from 'yaml';
import type { GeneratedSite } from './siteGenerator';

/**
 * What no checker can beat on this site: read every file, `JSON.parse` docs.json and parse every
 * OpenAPI document (JSON.parse or YAML), nothing else. Measured in this process.
 */
export async function measureFloor(site: GeneratedSite): Promise<{ totalMs: number; readMs: number; parseMs: number }> {
	const started = performance.now();
	const texts = new Map<string, string>();
	const walk = async (dir: string): Promise<void> => {
		const entries = await fs.readdir(dir, { withFileTypes: true });
		await Promise.all(entries.map(async entry => {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) return walk(file);
			if (entry.isFile() && !entry.name.startsWith('.')) texts.set(file, await fs.readFile(file, 'utf8'));
		}));
	};
	await walk(site.dir);
	const read = performance.now();
	JSON.parse(texts.get(path.join(site.dir, 'docs.json'))!);
	for (const spec of site.specFiles) {
		const text = texts.get(path.join(site.dir, spec))!;
		if (/\.ya?ml$/i.test(spec)) parseYaml(text);
		else JSON.parse(text);
	}
	const done = performance.now();
	return { totalMs: done - started, readMs: read - started, parseMs: done - read };
}
