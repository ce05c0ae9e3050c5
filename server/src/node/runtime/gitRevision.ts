import { execFile } from 'node:child_process';
import { realpath } from 'node:fs/promises';
import * as path from 'node:path';
import type { SiteAtRef } from '../../core/site/removedRoutes';

/**
 * Reads a docs site as it was at a git ref with the installed `git` binary: run without a shell,
 * with a time limit, and never in a way that writes to the repository (no index refresh, no
 * prompts). Every failure is a {@link GitRefError} of one line a user can act on.
 */
export class GitRefError extends Error {}

/** How long one git command may take: generous for a slow machine, short of a hung CI job. */
const gitTimeoutMs = 60_000;

/** Output of one git command; a missing binary, a timeout or a failure becomes a GitRefError. */
function git(args: readonly string[], cwd: string, allowFailure = false): Promise<{ ok: boolean; stdout: string; stderr: string }> {
	return new Promise((resolve, reject) => {
		execFile(
			'git',
			// A repository's own configuration must not make a read run a program (core.fsmonitor is a command).
			['-c', 'core.fsmonitor=false', ...args],
			{
				cwd,
				timeout: gitTimeoutMs,
				maxBuffer: 512 * 1024 * 1024,
				windowsHide: true,
				// Read-only: no optional locks (a `diff` would otherwise refresh .git/index), no credential prompt.
				env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
			},
			(error, stdout, stderr) => {
				if (!error) return resolve({ ok: true, stdout, stderr });
				const e = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string };
				if (e.code === 'ENOENT') return reject(new GitRefError('git is not installed (or not on PATH): --since needs it to read the history'));
				if (e.killed || e.signal === 'SIGTERM') return reject(new GitRefError(`git ${args[0]} took longer than ${gitTimeoutMs / 1000} s; stopped`));
				if (allowFailure) return resolve({ ok: false, stdout, stderr });
				reject(new GitRefError(`git ${args[0]} failed: ${firstLine(stderr) || e.message}`));
			},
		);
	});
}

const firstLine = (text: string) =>
	text
		.split(/\r?\n/)
		.find(line => line.trim() !== '')
		?.trim() ?? '';

/** A resolved ref in a repository: the commit, and the repository's top folder. */
export interface ResolvedRef {
	readonly ref: string;
	readonly commit: string;
	readonly top: string;
}

/**
 * Resolves `ref` to a commit in the repository holding `folder`: "not a git repository", "unknown
 * ref" and, in a shallow clone, how to fetch the history are told apart.
 */
export async function resolveRef(folder: string, ref: string): Promise<ResolvedRef> {
	if (ref === '' || ref.startsWith('-') || /[\0\r\n]/.test(ref)) throw new GitRefError(`'${ref}' is not a git ref`);
	const top = await git(['rev-parse', '--show-toplevel'], folder, true);
	if (!top.ok) throw new GitRefError(`${folder} is not in a git repository: --since compares with the history, run it inside the clone`);
	const resolved = await git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], folder, true);
	if (resolved.ok) return { ref, commit: resolved.stdout.trim(), top: top.stdout.trim() };
	const shallow = await git(['rev-parse', '--is-shallow-repository'], folder, true);
	if (shallow.stdout.trim() === 'true')
		throw new GitRefError(`git ref '${ref}' is not in this shallow clone: fetch the history (actions/checkout with fetch-depth: 0, or git fetch --unshallow)`);
	throw new GitRefError(`unknown git ref '${ref}' (not a branch, tag or commit of this repository)`);
}

/**
 * The ref the editor compares with (`mintdoc.compareWith`): `merge-base` is where the current branch
 * left the default branch (the remote's HEAD, else `origin/main`, `origin/master`, `main`, `master`);
 * on the default branch itself that is HEAD, so the comparison shows what is not committed yet.
 */
export async function resolveCompareWith(folder: string, compareWith: string): Promise<ResolvedRef> {
	if (compareWith !== 'merge-base') return resolveRef(folder, compareWith);
	const remoteHead = await git(['symbolic-ref', '--quiet', '--short', 'refs/remotes/origin/HEAD'], folder, true);
	const candidates = [remoteHead.stdout.trim(), 'origin/main', 'origin/master', 'main', 'master'].filter(c => c !== '');
	for (const branch of candidates) {
		const base = await git(['merge-base', 'HEAD', branch], folder, true);
		if (base.ok) {
			const resolved = await resolveRef(folder, base.stdout.trim());
			return { ...resolved, ref: `the merge base with ${branch}` };
		}
	}
	return { ...(await resolveRef(folder, 'HEAD')), ref: 'HEAD' };
}

/** `git` paths are always `/`-separated and relative to the repository's top. */
function prefixOf(top: string, root: string): string {
	const relative = path.relative(top, root).split(path.sep).join('/');
	return relative === '' ? '' : `${relative}/`;
}

/** NUL-separated output, without the empty last field. */
const fields = (text: string) => text.split('\0').filter(field => field !== '');

/**
 * The docs site at `root` (a folder) as it was at a resolved ref: its files, configuration and
 * `.mintignore` texts, and the renames git detects between the ref and the working tree
 * (`git diff -M`, so uncommitted moves count too).
 */
export async function readSiteAtRef(resolved: ResolvedRef, root: string): Promise<SiteAtRef> {
	const { top, commit, ref } = resolved;
	// The top as git prints it may differ from the folder's spelling (symbolic links): compare real paths.
	const prefix = prefixOf(await realPath(top), await realPath(root));
	const pathspec = prefix === '' ? ['.'] : [prefix];
	const show = async (file: string) => {
		const shown = await git(['show', `${commit}:${prefix}${file}`], top, true);
		return shown.ok ? shown.stdout : undefined;
	};
	const [listing, docsJson, mintJson, mintignore, diff] = await Promise.all([
		git(['ls-tree', '-r', '-z', '--name-only', '--full-tree', commit, '--', ...pathspec], top),
		show('docs.json'),
		show('mint.json'),
		show('.mintignore'),
		// Pages only (a pathspec `*` crosses folders): renames are paired among them, and no other file's content is read.
		// Best effort: renames only name the new route, so a failure (a blob missing from a partial clone) leaves none.
		git(['diff', '--name-status', '-z', '-M', '--no-ext-diff', '--no-textconv', commit, '--', `${prefix}*.mdx`, `${prefix}*.md`], top, true),
	]);
	const files = fields(listing.stdout).flatMap(file => (file.startsWith(prefix) ? [file.slice(prefix.length)] : []));
	const renames = new Map<string, string>();
	const parts = diff.ok ? fields(diff.stdout) : [];
	for (let i = 0; i < parts.length;) {
		const status = parts[i++]!;
		if (status.startsWith('R') || status.startsWith('C')) {
			const from = parts[i++]!;
			const to = parts[i++]!;
			if (status.startsWith('R') && from.startsWith(prefix) && to.startsWith(prefix)) renames.set(from.slice(prefix.length), to.slice(prefix.length));
		} else i++;
	}
	return { ref, files, configText: docsJson ?? mintJson, mintignoreText: mintignore, renames };
}

function realPath(folder: string): Promise<string> {
	return realpath(folder).catch(() => folder);
}
