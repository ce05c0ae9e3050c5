import type { GenerateResult } from '../../server/src/protocol';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { Commands } from './commandIds';

export const generatePagesCommand = Commands.generatePages;

/** "MintDoc: Generate MDX Pages from OpenAPI": the platform's scraper, run through the bundled CLI. */
export function registerGeneratePagesCommand(ctx: Ctx): void {
	ctx.pushCleanup(
		vscode.commands.registerCommand(generatePagesCommand, (uri?: vscode.Uri, outFolder?: vscode.Uri) =>
			generatePages(ctx, uri, outFolder).catch(e => {
				ctx.outputChannel.appendLine(`Generate pages: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
				void vscode.window.showErrorMessage(`MintDoc: ${e instanceof Error ? e.message : String(e)}`);
			}),
		),
	);
}

/** `outFolder` given (the explorer passes only the spec; scripts and tests may pass both) skips the folder prompt. */
async function generatePages(ctx: Ctx, uri: vscode.Uri | undefined, outFolder?: vscode.Uri): Promise<void> {
	const spec = uri && /\.(ya?ml|json)$/i.test(uri.path) ? uri : await pickSpec();
	if (!spec) return;
	if (spec.scheme !== 'file') {
		void vscode.window.showWarningMessage('MintDoc: pages can only be generated from a file on disk.');
		return;
	}
	const docsRoot = await docsRootOf(spec);
	const folder = vscode.workspace.getWorkspaceFolder(docsRoot ?? spec);
	const suggested = vscode.Uri.joinPath(docsRoot ?? vscode.Uri.joinPath(spec, '..'), 'api-reference', 'endpoint');
	const typed = outFolder
		? outFolder.fsPath
		: await vscode.window.showInputBox({
				title: 'MintDoc: Generate MDX Pages from OpenAPI',
				prompt: `Output folder for one page per operation of ${path.basename(spec.fsPath)}${folder ? ' (relative to the workspace folder)' : ''}. Existing files are never overwritten unless you ask.`,
				value: folder ? vscode.workspace.asRelativePath(suggested, false) : suggested.fsPath,
				validateInput: value => (value.trim() ? undefined : 'Type a folder.'),
			});
	if (!typed) return;
	const out =
		path.isAbsolute(typed.trim()) || !folder ? vscode.Uri.file(path.resolve(typed.trim())) : vscode.Uri.joinPath(folder.uri, ...typed.trim().split(/[\\/]+/));
	const cwd = (docsRoot ?? vscode.Uri.joinPath(spec, '..')).fsPath;
	const run = (...flags: string[]) => runCli(ctx, cwd, ['generate', spec.fsPath, '-o', out.fsPath, '--format', 'json', ...flags]);
	await showResult(ctx, await run(), run);
}

/** Tells what was written, copies the entries, and offers the follow-ups (overwrite, add to docs.json). */
async function showResult(ctx: Ctx, result: GenerateResult, run: (...flags: string[]) => Promise<GenerateResult>): Promise<void> {
	if (!result.entries.length) {
		void vscode.window.showInformationMessage('MintDoc: the OpenAPI file has no operations to generate pages for (x-hidden ones are left out).');
		return;
	}
	await vscode.env.clipboard.writeText(result.entries.map(e => JSON.stringify(e)).join(',\n'));
	const parts = [`wrote ${plural(result.written.length, 'page')}`];
	if (result.skipped.length) parts.push(`skipped ${plural(result.skipped.length, 'existing file')}`);
	const actions = [...(result.docsJson ? ['Add to docs.json'] : []), ...(result.skipped.length ? ['Overwrite Existing'] : []), 'Show Files'];
	const choice = await vscode.window.showInformationMessage(`MintDoc: ${parts.join(', ')}. The "pages" entries are on the clipboard.`, ...actions);
	if (choice === 'Overwrite Existing') return showResult(ctx, await run('--force'), run);
	if (choice === 'Show Files') {
		ctx.outputChannel.appendLine(
			[
				`Generated pages:`,
				...result.written.map(f => `  wrote ${f}`),
				...result.skipped.map(f => `  skipped ${f} (exists)`),
				'Entries:',
				...result.entries.map(e => `  ${JSON.stringify(e)}`),
			].join('\n'),
		);
		ctx.outputChannel.show(true);
	}
	if (choice === 'Add to docs.json') {
		// Files exist now, so this run only skips them and adds the group.
		const update = (await run('--docs-json')).docsJsonUpdate;
		if (update?.added) {
			const open = await vscode.window.showInformationMessage(`MintDoc: ${update.message}`, 'Open docs.json');
			if (open && result.docsJson) await vscode.window.showTextDocument(vscode.Uri.file(result.docsJson));
		} else if (update) {
			await vscode.env.clipboard.writeText(JSON.stringify(result.group, null, 2));
			void vscode.window.showWarningMessage(
				`MintDoc: ${update.message.split('\n')[0].replace(/ Paste this group.*$/, '')} The group is on the clipboard: paste it where it belongs.`,
			);
		}
	}
}

/** The spec to use: a quick pick over YAML/JSON files that look like OpenAPI documents, the active editor's first. */
async function pickSpec(): Promise<vscode.Uri | undefined> {
	const active = vscode.window.activeTextEditor?.document;
	const files = await vscode.workspace.findFiles('**/*.{yaml,yml,json}', '**/{node_modules,.git,dist,out}/**', 5000);
	const specs: vscode.Uri[] = [];
	for (const file of files) if (await looksLikeOpenApi(file)) specs.push(file);
	if (active && /\.(ya?ml|json)$/i.test(active.uri.path) && /^\s*["']?openapi["']?\s*:/m.test(active.getText().slice(0, 4096))) {
		specs.splice(0, specs.length, active.uri, ...specs.filter(s => s.toString() !== active.uri.toString()));
	}
	if (!specs.length) {
		void vscode.window.showWarningMessage('MintDoc: no OpenAPI file (YAML or JSON with an "openapi" key) in this workspace.');
		return undefined;
	}
	const items = specs.map(uri => ({ label: path.basename(uri.fsPath), description: vscode.workspace.asRelativePath(uri), uri }));
	return (await vscode.window.showQuickPick(items, { title: 'MintDoc: Generate MDX Pages from OpenAPI', placeHolder: 'OpenAPI file to generate pages from' }))
		?.uri;
}

/** A cheap check on the file's first 4 KB: the `openapi` key is near the top of real specs. */
async function looksLikeOpenApi(uri: vscode.Uri): Promise<boolean> {
	let head: string;
	try {
		if (uri.scheme === 'file') {
			const handle = await fs.open(uri.fsPath, 'r');
			try {
				const buffer = Buffer.alloc(4096);
				const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
				head = buffer.toString('utf8', 0, bytesRead);
			} finally {
				await handle.close();
			}
		} else {
			head = new TextDecoder().decode((await vscode.workspace.fs.readFile(uri)).slice(0, 4096));
		}
	} catch {
		return false;
	}
	return /^\s*["']?openapi["']?\s*:/m.test(head) || /"openapi"\s*:/.test(head);
}

/** The folder of the docs.json nearest above the spec (or the only one in the workspace). */
async function docsRootOf(spec: vscode.Uri): Promise<vscode.Uri | undefined> {
	const roots = (await vscode.workspace.findFiles('**/docs.json', '**/node_modules/**', 100)).map(uri => vscode.Uri.joinPath(uri, '..'));
	const above = roots.filter(root => spec.path.startsWith(root.path.endsWith('/') ? root.path : `${root.path}/`)).sort((a, b) => b.path.length - a.path.length);
	return above[0] ?? (roots.length === 1 ? roots[0] : undefined);
}

/** Runs the bundled CLI with the extension host's Node (Electron in Node mode) and parses its JSON. */
async function runCli(ctx: Ctx, cwd: string, args: string[]): Promise<GenerateResult> {
	const cli = path.join(ctx.context.extensionPath, 'dist', 'cli.js');
	return await vscode.window.withProgress<GenerateResult>(
		{ location: vscode.ProgressLocation.Notification, title: 'MintDoc: generating pages…' },
		() =>
			new Promise((resolve, reject) => {
				execFile(
					process.execPath,
					[cli, ...args],
					{ cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, maxBuffer: 64 * 1024 * 1024 },
					(error, stdout, stderr) => {
						if (stderr) ctx.outputChannel.appendLine(stderr.trimEnd());
						if (error)
							return reject(
								new Error(
									stderr
										.trim()
										.replace(/^mintdoc: /, '')
										.split('\n')[0] || error.message,
								),
							);
						try {
							resolve(JSON.parse(stdout) as GenerateResult);
						} catch {
							reject(new Error(`unexpected output from mintdoc generate: ${stdout.slice(0, 200)}`));
						}
					},
				);
			}),
	);
}

function plural(n: number, word: string): string {
	return `${n} ${word}${n === 1 ? '' : 's'}`;
}
