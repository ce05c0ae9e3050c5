import { createHash } from 'node:crypto';
import { promises as fs, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Script } from 'node:vm';
import { ensurePrivateDirectory, readPrivateFile, userCacheDirectory, writePrivateFile } from '../caches/privateFiles';

/**
 * V8's code cache for the language server's and the CLI's bundles. Compiling the 3.7 MB server
 * bundle took ~50 ms of every start, and the functions the first check of a site compiles lazily as
 * much again: with the cache, first diagnostics came 80–115 ms sooner on crewAI, mintlify-docs and
 * ClickHouse (docs/performance.md). The cache is written once per build and Node version, when the
 * work that shows what is worth caching is done (the server: every page checked; the CLI: the
 * command) and in any case before a V8 flag is changed (V8 refuses a cache made under other flags).
 *
 * Safe by construction: the file lives in the user's private cache folder (privateFiles.ts: a
 * folder or file that is a link or belongs to someone else is not read), its name identifies the
 * bundle (size and time of the file, MintDoc's and Node's versions) because V8 itself checks little
 * more than the source's length, and V8 rejects data that does not fit; a rejected or unreadable
 * cache costs the compile, never a wrong answer.
 */

/** What the loader did, read by the server it loaded (another bundle: shared through a global). */
export interface CodeCacheHook {
	/** `used`: compiled from the cache; `rejected`: V8 refused it; `none`: there was none (or it could not be read). */
	readonly state: 'used' | 'rejected' | 'none';
	/** Writes the cache from what was compiled so far, once, unless it was used. Synchronous up to the write. */
	save(): Promise<'written' | 'kept' | 'failed'>;
}

const hookKey = Symbol.for('mintdoc.codeCache');

/** The loader's hook, when the program was started through it (not in tests that import its modules directly). */
export function codeCacheHook(): CodeCacheHook | undefined {
	return (globalThis as { [hookKey]?: CodeCacheHook })[hookKey];
}

/**
 * Saves the code cache now (see {@link CodeCacheHook.save}) if the program was loaded through it:
 * called before the first V8 flag is changed (heapGrowth.ts) and when a command ends.
 */
export function saveCodeCache(): Promise<'written' | 'kept' | 'failed'> | undefined {
	try {
		return codeCacheHook()?.save();
	} catch {
		return undefined;
	}
}

/** How many caches of other builds are kept beside the current one (two VS Code windows may run two versions). */
const keptOthers = 2;

/**
 * Runs the CommonJS bundle `file` as Node's `require` would, compiled from the cache in `cacheDir`
 * when there is a usable one, and leaves a {@link CodeCacheHook} for the server to save it.
 */
export async function runWithCodeCache(file: string, cacheDir: string, version: string): Promise<void> {
	const source = readFileSync(file, 'utf8');
	const { size, mtimeMs } = statSync(file);
	const name = `${path.basename(file, '.js')}-${version}-${process.version}-${process.arch}-${flagsKey()}-${size}-${Math.round(mtimeMs)}.bin`.replace(
		/[^\w.-]/g,
		'_',
	);
	const cacheFile = path.join(cacheDir, name);
	const cached = (await ensurePrivateDirectory(cacheDir)) ? await readPrivateFile(cacheFile) : undefined;
	const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: file, cachedData: cached });
	const state = !cached ? 'none' : script.cachedDataRejected ? 'rejected' : 'used';
	let saved: Promise<'written' | 'kept' | 'failed'> | undefined;
	const hook: CodeCacheHook = {
		state,
		save: () =>
			(saved ??=
				state === 'used'
					? Promise.resolve('kept')
					: writeCache(cacheFile, script.createCachedData()).then(
							ok => (ok ? 'written' : 'failed'),
							() => 'failed',
						)),
	};
	(globalThis as { [hookKey]?: CodeCacheHook })[hookKey] = hook;
	const bundle = { exports: {} };
	// The bundle is the program, as if Node had started it: `require.main === module` holds in it.
	const bundleRequire = Object.assign(createRequire(file), { main: bundle });
	const run = script.runInThisContext() as (...args: unknown[]) => void;
	run.call(bundle.exports, bundle.exports, bundleRequire, bundle, file, path.dirname(file));
}

/**
 * The entry of a program that is a loader (dist/server.js, dist/cli.js): runs `bundle` from the code
 * cache in the user's cache folder; a failure to start is written to stderr, prefixed by `name`.
 */
export function startBundle(bundle: string, name: string): void {
	runWithCodeCache(bundle, path.join(userCacheDirectory(), 'code-cache'), typeof MINTDOC_VERSION === 'string' ? MINTDOC_VERSION : 'dev').catch((e: unknown) => {
		process.stderr.write(`${name} failed to start: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
		process.exitCode = 2;
	});
}

declare const MINTDOC_VERSION: string;

/**
 * The process's Node and V8 flags, hashed: V8 refuses a cache made under other flags, and the
 * extension starts the server with languageServerNodeFlags where other editors start it without.
 * Sharing one file, each start found the other's cache, compiled anew and wrote its own over it.
 */
function flagsKey(): string {
	// An inline script (`-e`, `-p`) is the program, not a flag.
	const flags = process.execArgv.filter((arg, i, all) => !/^(-e|--eval|-p|--print)(=|$)/.test(arg) && !/^(-e|--eval|-p|--print)$/.test(all[i - 1] ?? ''));
	return createHash('sha1')
		.update([...flags, process.env.NODE_OPTIONS ?? ''].join('\0'))
		.digest('hex')
		.slice(0, 8);
}

async function writeCache(cacheFile: string, data: Buffer): Promise<boolean> {
	if (!(await writePrivateFile(cacheFile, data))) return false;
	// Caches of earlier builds: the newest few stay, the rest go (another process may be at it too: whatever it removed is gone).
	const dir = path.dirname(cacheFile);
	const prefix = path.basename(cacheFile).split('-')[0] + '-';
	try {
		const others = await Promise.all(
			(await fs.readdir(dir))
				.filter(entry => entry.startsWith(prefix) && entry.endsWith('.bin') && entry !== path.basename(cacheFile))
				.map(async entry => ({ entry, mtime: (await fs.lstat(path.join(dir, entry)).catch(() => undefined))?.mtimeMs ?? 0 })),
		);
		others.sort((a, b) => b.mtime - a.mtime);
		for (const { entry } of others.slice(keptOthers)) await fs.rm(path.join(dir, entry), { force: true });
	} catch {
		// Pruning is housekeeping: the cache itself was written.
	}
	return true;
}
