import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { FileQuestionsRequest, type DirectoryEntries, type FileQuestion, type FileStatResult, type ReadFileResult } from '../../server/src/protocol';

/** Questions of one request answered at once: the file system (a network, on github.dev) gets work in parallel, not all of it. */
const parallelAnswers = 32;

/**
 * Answers the browser server's file questions (`mintdoc/fs/batch`) with `vscode.workspace.fs`: the
 * editor's file system, virtual on github.dev (vscode-vfs://github/…). Only inside the workspace
 * folders; symbolic links are not followed (the API does not say where they lead), what is not a
 * regular file is refused, and a file larger than the server's cap is not read at all.
 */
export function answerFileRequests(client: BaseLanguageClient): vscode.Disposable {
	return client.onRequest(FileQuestionsRequest.type, async ({ questions }) => {
		if (!Array.isArray(questions)) return [];
		const answers = new Array<unknown>(questions.length).fill(null);
		let next = 0;
		const answerNext = async () => {
			while (next < questions.length) {
				const i = next++;
				answers[i] = await answer(questions[i]).catch(() => null);
			}
		};
		await Promise.all(Array.from({ length: Math.min(parallelAnswers, questions.length) }, answerNext));
		return answers;
	});
}

function answer(question: FileQuestion): Promise<ReadFileResult | FileStatResult | DirectoryEntries | null> {
	switch (question?.op) {
		case 'read':
			return readFile(question.uri, question.maxBytes);
		case 'stat':
			return stat(question.uri);
		case 'readDirectory':
			return readDirectory(question.uri);
		default:
			return Promise.resolve(null);
	}
}

async function stat(uri: string): Promise<FileStatResult> {
	const found = await statOf(uri);
	if (!found) return null;
	if (found.type & vscode.FileType.Directory) return { kind: 'directory', size: found.size };
	return found.type & vscode.FileType.File ? { kind: 'file', size: found.size } : null;
}

async function readDirectory(uri: string): Promise<DirectoryEntries> {
	const folder = inWorkspace(uri);
	if (!folder) return [];
	const entries = await Promise.resolve(vscode.workspace.fs.readDirectory(folder)).catch(() => []);
	const listed: [string, 'file' | 'directory'][] = [];
	for (const [name, type] of entries) {
		if (type & vscode.FileType.SymbolicLink) continue;
		if (type === vscode.FileType.File) listed.push([name, 'file']);
		else if (type === vscode.FileType.Directory) listed.push([name, 'directory']);
	}
	return listed;
}

/** UTF-8, the byte order mark kept (as Node's Buffer#toString keeps it); bad bytes become U+FFFD there and here. */
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

async function readFile(uri: string, maxBytes: unknown): Promise<ReadFileResult | null> {
	if (typeof maxBytes !== 'number') return null;
	const stat = await statOf(uri);
	if (!stat) return null;
	if (stat.type & vscode.FileType.SymbolicLink) return { kind: 'refused', reason: 'outside' };
	if (!(stat.type & vscode.FileType.File)) return { kind: 'refused', reason: 'not-a-file' };
	// The file API reads whole files only: one larger than the cap is not read (its size is what the finding says).
	if (stat.size > maxBytes) return { kind: 'oversized', size: stat.size };
	const bytes = await Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.parse(uri))).catch(() => undefined);
	if (!bytes) return null;
	// A file that grew past the cap between stat and read is treated as if it had been that large.
	return bytes.byteLength > maxBytes ? { kind: 'oversized', size: bytes.byteLength } : { kind: 'read', text: utf8.decode(bytes) };
}

async function statOf(uri: string): Promise<vscode.FileStat | undefined> {
	const location = inWorkspace(uri);
	return location && (await Promise.resolve(vscode.workspace.fs.stat(location)).catch(() => undefined));
}

/** The URI when it lies in a workspace folder (no `..` part climbing out), else undefined: nothing else is read. */
function inWorkspace(uri: string): vscode.Uri | undefined {
	let parsed: vscode.Uri;
	try {
		parsed = vscode.Uri.parse(uri, true);
	} catch {
		return undefined;
	}
	if (/(^|\/)\.\.?(\/|$)/.test(parsed.path)) return undefined;
	return vscode.workspace.getWorkspaceFolder(parsed) ? parsed : undefined;
}
