import type { GenerateResult } from '../protocol';
import { existsSync, promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree } from 'jsonc-parser';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import { createLanguageService } from '../core/languageService';
import { generatePages } from '../core/openapi/generatePages';
import { readOpenApiSpec } from '../core/openapi/openApiSpec';
import { child, parseSpecText, stringOf } from '../core/openapi/specTree';
import { createFsWorkspace } from '../node/runtime/fsWorkspace';
import { guardedText, readGuarded, realFolders } from '../node/runtime/guardedRead';
import { isInside, linkOnTheWay, makeSiteFolder, replaceSitePage, writeSiteFile } from '../node/runtime/siteFiles';
import { displayText, jsonText } from './terminalText';
import { UsageError } from './check';
import { appendAll } from '../core/arrays';

export const generateUsage = `  generate <spec> [-o folder] [--force] [--docs-json] [--format text|json]
                                        Write one MDX page per operation of an OpenAPI file into
                                        the folder (default: .), never overwriting without --force,
                                        and print the "pages" entries; --docs-json adds them as a
                                        group to navigation.groups of the enclosing docs.json`;

const options = {
	out: { type: 'string', short: 'o' },
	force: { type: 'boolean', default: false },
	'docs-json': { type: 'boolean', default: false },
	format: { type: 'string', default: 'text' },
} as const;

/** `mintdoc generate`: the platform's scraper (spec rule 11), exit 0 when it ran (even with files skipped). */
export async function runGenerate(args: readonly string[], out: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({ args: [...args], options, allowPositionals: true });
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage: mintdoc${generateUsage.trimStart().split('\n')[0]}`);
	}
	const { values, positionals } = parsed;
	if (positionals.length !== 1) throw new UsageError(`generate needs exactly one OpenAPI file\n\nUsage: mintdoc${generateUsage.trimStart().split('\n')[0]}`);
	if (values.format !== 'text' && values.format !== 'json') throw new UsageError(`--format must be 'text' or 'json', not '${values.format}'`);
	const cwd = process.cwd();
	const specFile = path.resolve(cwd, positionals[0]);
	// The user names the document (it may be anywhere), but it is read as every file is: a regular file, to the size cap.
	const read = await readGuarded(specFile);
	if (read?.kind !== 'read')
		throw new UsageError(
			`cannot read '${positionals[0]}': ${!read ? 'no such file' : read.kind === 'oversized' ? 'it is too large' : (await fs.stat(specFile).catch(() => undefined))?.isDirectory() ? 'it is a folder' : 'not a regular file'}`,
		);
	const text = read.bytes.toString('utf8');
	const specUri = URI.file(specFile).toString();
	const spec = readOpenApiSpec(specUri, text);
	if (spec.parseErrors.length) {
		const { offset, message } = spec.parseErrors[0];
		const before = text.slice(0, offset).split('\n');
		throw new UsageError(`${positionals[0]}:${before.length}:${before[before.length - 1].length + 1}: ${message} (fix the syntax first)`);
	}
	if (!spec.version) throw new UsageError(`'${positionals[0]}' is not an OpenAPI document (no "openapi" version)`);
	if (spec.isSwagger2)
		throw new UsageError(
			`'${positionals[0]}' is Swagger ${spec.version}: the platform needs OpenAPI 3.0 or later (convert it first, e.g. with swagger2openapi)`,
		);

	const outDir = path.resolve(cwd, values.out ?? '.');
	const docsRoot = findDocsRoot(outDir);
	if (values['docs-json'] && !docsRoot) throw new UsageError(`--docs-json: no docs.json in '${values.out ?? '.'}' or any folder above it`);
	const base = docsRoot ?? outDir;
	// The output folder is checked before it is listed or made: a way through a link out of the site
	// (or, with no site, out of the working directory) is refused with nothing created anywhere.
	const folderRoot = docsRoot ?? (isInside(cwd, outDir) ? cwd : outDir);
	const throughLink = await linkOnTheWay(folderRoot, outDir);
	if (throughLink !== undefined)
		throw new UsageError(
			`cannot write into '${displayText(values.out ?? '.')}': '${displayText(throughLink)}' is a symbolic link (nothing is written through links)`,
		);
	const folder = path.relative(base, outDir).split(path.sep).join('/');
	const existing = new Set((await fs.readdir(outDir).catch(() => [] as string[])).map(name => (folder ? `${folder}/${name}` : name)));
	const filePrefix = docsRoot ? await filePrefixFor(docsRoot, specFile) : undefined;
	const generated = generatePages(spec, { filePrefix, folder, existing, force: values.force });

	const shown = (relativePath: string) => path.relative(cwd, path.join(base, relativePath)).split(path.sep).join('/');
	const written: string[] = [];
	const skipped = generated.skipped.map(shown);
	if (generated.files.length)
		await makeSiteFolder(folderRoot, outDir).catch((e: unknown) => {
			throw new UsageError(`cannot write into '${displayText(values.out ?? '.')}': ${e instanceof Error ? e.message : String(e)}`);
		});
	// Files are written inside the site (or the output folder) only, never through a link.
	for (const file of generated.files) {
		try {
			// Exclusive even after the existence check: a file created meanwhile is still never overwritten.
			await writeSiteFile(base, path.join(base, file.relativePath), file.text, { overwrite: !!values.force });
			written.push(shown(file.relativePath));
		} catch (e) {
			if ((e as { code?: string }).code !== 'EEXIST')
				throw new UsageError(`cannot write '${displayText(shown(file.relativePath))}': ${e instanceof Error ? displayText(e.message) : String(e)}`);
			skipped.push(shown(file.relativePath));
		}
	}
	const title = stringOf(child(child(parseSpecText(text, specFile).root, 'info'), 'title'))?.trim();
	const group = { group: title || path.basename(specFile).replace(/\.(ya?ml|json)$/i, ''), pages: generated.entries };
	const docsJson = docsRoot ? path.join(docsRoot, 'docs.json') : null;
	const docsJsonUpdate =
		values['docs-json'] && docsJson ? await addGroup(docsJson, displayText(path.relative(cwd, docsJson) || 'docs.json'), group) : undefined;

	if (values.format === 'json') {
		out.write(
			jsonText(JSON.stringify({ written, skipped, entries: generated.entries, group, docsJson, docsJsonUpdate } satisfies GenerateResult, null, 2)) + '\n',
		);
		return 0;
	}
	// Text: names from the spec and the file system on one line each (terminalText.ts); JSON carries them as they are.
	const lines: string[] = [];
	if (!generated.entries.length) lines.push(`No operations in ${displayText(positionals[0])} (operations with x-hidden are left out).`);
	if (written.length) appendAll(lines, [`Wrote ${plural(written.length, 'page')}:`, ...written.map(f => `  ${displayText(f)}`)]);
	if (skipped.length)
		appendAll(lines, [`Skipped ${plural(skipped.length, 'existing file')} (--force overwrites):`, ...skipped.map(f => `  ${displayText(f)}`)]);
	if (generated.entries.length) {
		lines.push(
			docsRoot
				? `Entries for a "pages" array of ${path.relative(cwd, docsJson!) || 'docs.json'}:`
				: 'Entries for a "pages" array (no docs.json found above the output folder: paths are relative to it):',
		);
		appendAll(lines, jsonText(JSON.stringify(generated.entries, null, 2)).split('\n'));
	}
	if (docsJsonUpdate) lines.push(docsJsonUpdate.message);
	out.write(lines.join('\n') + '\n');
	return 0;
}

function isWithin(folder: string, target: string): boolean {
	const relative = path.relative(folder, target);
	return !relative.startsWith('..') && !path.isAbsolute(relative);
}

/** Throws when a folder that exists between `from` and `to` (both included) is a symbolic link or not a folder. */
async function refuseLinksOnTheWay(from: string, to: string, cwd: string): Promise<void> {
	let folder = from;
	for (const part of ['', ...path.relative(from, to).split(path.sep).filter(Boolean)]) {
		folder = path.join(folder, part);
		const stat = await fs.lstat(folder).catch(() => undefined);
		if (!stat) return; // the rest is made by mkdir, below a folder that is no link
		const shown = path.relative(cwd, folder) || '.';
		if (stat.isSymbolicLink() && folder !== from) throw new UsageError(`'${shown}' is a symbolic link: no folder is made or file written through it`);
		if (!stat.isDirectory() && !stat.isSymbolicLink()) throw new UsageError(`'${shown}' is not a folder`);
	}
}

/** The nearest folder at or above `dir` that holds a docs.json. */
function findDocsRoot(dir: string): string | undefined {
	for (let current = dir; ; current = path.dirname(current)) {
		if (existsSync(path.join(current, 'docs.json'))) return current;
		if (path.dirname(current) === current) return undefined;
	}
}

/**
 * The spec's path for the `openapi` frontmatter when the site names other specs too (spec rule
 * 11: include the file path when several documents exist); none when this is the site's only one.
 */
async function filePrefixFor(docsRoot: string, specFile: string): Promise<string | undefined> {
	const relative = path.relative(docsRoot, specFile).split(path.sep).join('/');
	if (relative.startsWith('../') || path.isAbsolute(relative)) return undefined;
	try {
		const rootUri = URI.file(docsRoot).toString();
		const service = createLanguageService({ workspace: createFsWorkspace(() => [rootUri]) });
		await service.findDocsRoots(noCancellation);
		const site = await service.getSite(rootUri, noCancellation);
		const specUri = URI.file(specFile).toString();
		return site.specs.specs.some(s => s.uri !== specUri) ? relative : undefined;
	} catch {
		return relative;
	}
}

/** Appends the group to `navigation.groups`, keeping the file's formatting (jsonc-parser `modify`). */
async function addGroup(docsJson: string, shownName: string, group: GenerateResult['group']): Promise<NonNullable<GenerateResult['docsJsonUpdate']>> {
	const text = guardedText(await readGuarded(docsJson, { inside: realFolders([path.dirname(docsJson)]) }));
	if (text === undefined) return { added: false, message: `${shownName} is not a regular file of the site: not changed.` };
	// The message is printed as it is: the group's name (the spec's title) and the file's on one line each.
	const paste = `Paste this group where it belongs in the navigation:\n${jsonText(JSON.stringify(group, null, 2))}`;
	const name = displayText(group.group);
	const groups = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, ['navigation', 'groups']);
	if (groups?.type !== 'array')
		return { added: false, message: `${shownName} has no navigation.groups array (its navigation uses tabs, anchors or a $ref). ${paste}` };
	if ((getNodeValue(groups) as unknown[]).some(g => (g as { group?: unknown } | null)?.group === group.group)) {
		return { added: false, message: `${shownName} already has a group "${name}": not added again. ${paste}` };
	}
	// modify() places the group (after the last one, commas and comments handled); it is then laid out like
	// its siblings by hand, because modify's own formatting would also reformat the previous group's line.
	const [edit] = modify(text, ['navigation', 'groups', -1], group, {});
	const eol = text.includes('\r\n') ? '\r\n' : '\n';
	const unit = /^([ \t]+)\S/m.exec(text)?.[1] ?? '  ';
	const indentAt = (offset: number) => /^[ \t]*/.exec(text.slice(text.lastIndexOf('\n', offset - 1) + 1))![0];
	const last = groups.children?.at(-1);
	const lastStartsLine = last && /^[ \t]*$/.test(text.slice(text.lastIndexOf('\n', last.offset - 1) + 1, last.offset));
	const itemIndent = last && lastStartsLine ? indentAt(last.offset) : indentAt(groups.offset) + unit;
	const body = JSON.stringify(group, null, unit)
		.split('\n')
		.join(eol + itemIndent);
	const content = last ? `,${eol}${itemIndent}${body}` : `${eol}${itemIndent}${body}${eol}${indentAt(groups.offset)}`;
	const edits = [{ ...edit, content }];
	// Replaced only while it holds what was read: an edit saved meanwhile is kept, and the group is pasted by hand.
	const outcome = await replaceSitePage(path.dirname(docsJson), docsJson, applyEdits(text, edits), current => current === text);
	if (outcome === 'changedSinceRead') return { added: false, message: `${shownName} changed while the pages were generated: not added. ${paste}` };
	return { added: true, message: `Added the group "${name}" (${plural(group.pages.length, 'page')}) to navigation.groups in ${shownName}.` };
}

function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? '' : 's'}`;
}
