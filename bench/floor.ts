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
	const files: string[] = [];
	const walk = async (dir: string): Promise<void> => {
		const entries = await fs.readdir(dir, { withFileTypes: true });
		await Promise.all(entries.map(async entry => {
			const file = path.join(dir, entry.name);
			if (entry.isDirectory()) return walk(file);
			if (entry.isFile() && !entry.name.startsWith('.')) files.push(file);
		}));
	};
	await walk(site.dir);
	// 64 reads in flight: as fast as the disk allows, within any open-file limit.
	let next = 0;
	await Promise.all(Array.from({ length: 64 }, async () => {
		while (next < files.length) {
			const file = files[next++];
			texts.set(file, await fs.readFile(file, 'utf8'));
		}
	}));
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
