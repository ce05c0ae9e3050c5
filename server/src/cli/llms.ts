import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import { createLanguageService } from '../core/languageService';
import { customLlmsFile, exportEntry, generateLlmsFullTxt, generateLlmsTxt } from '../core/llms/llmsFiles';
import { collectLlmsSite } from '../core/llms/llmsSite';
import { createFsWorkspace } from '../node/runtime/fsWorkspace';
import { UsageError } from './check';
import { loadTeamConfigs } from './teamConfigFiles';

export const llmsUsage = `  llms [dir] [--full] [--out DIR] [--base-url URL] [--generated]
                                        Print the site's llms.txt as the platform serves it (its own
                                        root file as written, else generated: default language and
                                        version, hidden and noindex pages left out, 100,000-character
                                        cap); --full prints llms-full.txt; --out DIR writes llms.txt,
                                        llms-full.txt and every listed page's Markdown (<path>.md);
                                        the links use --base-url, else mintdoc.json "site": {"url"};
                                        --generated ignores the site's own files (to compare)`;

/** `mintdoc llms`: the files agents read, printed or written, so CI can publish or diff them. */
export async function runLlms(args: readonly string[], out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: [...args],
			allowPositionals: true,
			options: {
				full: { type: 'boolean', default: false },
				generated: { type: 'boolean', default: false },
				out: { type: 'string' },
				'base-url': { type: 'string' },
			},
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage: mintdoc${llmsUsage.trimStart().split('\n')[0]}`);
	}
	if (parsed.positionals.length > 1) throw new UsageError('llms takes one folder');
	const written = parsed.positionals[0] ?? '.';
	const cwd = process.cwd();
	const dir = path.resolve(cwd, written);
	const stat = await fs.stat(dir).catch(() => undefined);
	if (!stat?.isDirectory()) throw new UsageError(`cannot read folder '${written}': no such folder`);
	const folder = URI.file(dir).toString();
	const workspace = createFsWorkspace(() => [folder]);
	const service = createLanguageService({ workspace, awaitSpecReads: true });
	const roots = await service.findDocsRoots(noCancellation);
	const root = roots.includes(folder) ? folder : roots[0];
	if (!root) throw new UsageError(`no docs.json found in '${written}'`);
	const baseUrl = parsed.values['base-url'] ?? (await loadTeamConfigs([root], {}, cwd, [folder])).get(root)?.config.siteUrl;
	if (baseUrl === undefined)
		throw new UsageError('the links need the site URL: pass --base-url https://example.com/docs, or set "site": {"url": ...} in mintdoc.json');
	if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) throw new UsageError(`--base-url must be an absolute http(s) URL, not '${baseUrl}'`);
	const site = await service.getSite(root, noCancellation);
	const read = async (uri: string) => (await workspace.readDocument(uri).catch(() => undefined))?.getText();
	const generatedOnly = parsed.values.generated;
	const llmsTxt = async () => {
		const custom = generatedOnly ? undefined : await customLlmsFile(site, 'llms.txt', read);
		if (custom !== undefined) {
			err.write("mintdoc: llms.txt is the site's own file (served as written)\n");
			return custom;
		}
		const generated = await generateLlmsTxt(site, read, baseUrl, noCancellation);
		const cut = generated.truncation;
		if (cut)
			err.write(
				`mintdoc: llms.txt would have ${cut.fullLength.toLocaleString('en-US')} characters: ${cut.shortened} descriptions shortened, ${cut.dropped.length} entries left out (cap 100,000)\n`,
			);
		return generated.text;
	};
	const llmsFull = async () =>
		(generatedOnly ? undefined : await customLlmsFile(site, 'llms-full.txt', read)) ?? generateLlmsFullTxt(site, read, baseUrl, noCancellation);
	const outDir = parsed.values.out;
	if (outDir === undefined) {
		out.write(parsed.values.full ? await llmsFull() : await llmsTxt());
		return 0;
	}
	const target = path.resolve(cwd, outDir);
	try {
		await fs.mkdir(target, { recursive: true });
		await fs.writeFile(path.join(target, 'llms.txt'), await llmsTxt());
		await fs.writeFile(path.join(target, 'llms-full.txt'), await llmsFull());
		const llms = await collectLlmsSite(site, read, noCancellation);
		let pages = 0;
		for (const entry of llms.entries) {
			const markdown = await exportEntry(site, llms, entry, read, baseUrl);
			// Paths come from docs.json and file names: never written outside the folder asked for.
			const file = path.resolve(target, `${entry.linkPath || 'index'}.md`);
			if (markdown === undefined || !file.startsWith(target + path.sep)) continue;
			await fs.mkdir(path.dirname(file), { recursive: true });
			await fs.writeFile(file, markdown);
			pages++;
		}
		out.write(`Wrote llms.txt, llms-full.txt and ${pages} page${pages === 1 ? '' : 's'} (.md) to ${outDir}\n`);
	} catch (e) {
		throw new UsageError(`cannot write to '${outDir}': ${e instanceof Error ? e.message : String(e)}`);
	}
	return 0;
}
