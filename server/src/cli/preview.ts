import { watch, promises as fs, type FSWatcher } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { URI } from 'vscode-uri';
import { noCancellation } from '../core/cancellation';
import { walkFolders } from '../core/folderWalk';
import { createLanguageService, type FileChange } from '../core/languageService';
import { joinUri } from '../core/uris';
import type { DocsWorkspace } from '../core/workspace';
import { isLoopbackAddress } from '../node/network/addressPolicy';
import { createFsWorkspace } from '../node/runtime/fsWorkspace';
import { UsageError } from './check';
import { createPreviewServer } from './previewServer';
import { withPreview } from '../preview/withPreview';
import { appendAll } from '../core/arrays';

export const previewUsage = `  preview [dir] [--port N] [--host 127.0.0.1] [--expose]
                                        Serve the site as it will render (every route, generated
                                        API pages, live reload) on 127.0.0.1; --port 0: any free port;
                                        a --host other machines can reach needs --expose: then only
                                        requests naming that host:port are answered and the API
                                        playground cannot send requests`;

/** Changes arriving within this window are handled as one update (an editor's save writes several events). */
const debounceMs = 80;

/**
 * `mintdoc preview`: renders the site at `dir` (a folder holding docs.json, or the first one
 * below it) and serves it until killed, printing `MintDoc preview: http://HOST:PORT/` when ready.
 */
export async function runPreview(args: readonly string[], out: NodeJS.WritableStream): Promise<number> {
	let parsed;
	try {
		parsed = parseArgs({
			args: [...args],
			allowPositionals: true,
			options: { port: { type: 'string', default: '3000' }, host: { type: 'string', default: '127.0.0.1' }, expose: { type: 'boolean', default: false } },
		});
	} catch (e) {
		throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n\nUsage: mintdoc${previewUsage.trimStart().split('\n')[0]}`);
	}
	const port = Number(parsed.values.port);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new UsageError(`--port must be a port number (0 for any free port), not '${parsed.values.port}'`);
	if (parsed.positionals.length > 1) throw new UsageError('preview takes one folder');
	const exposed = parsed.values.expose;
	// Reachable from other machines only on purpose: their requests could otherwise use the playground
	// relay to make this machine fetch its own services or the cloud's metadata address.
	if (!exposed && !isLoopbackHost(parsed.values.host!))
		throw new UsageError(
			`--host ${parsed.values.host} lets other machines reach the preview; add --expose to serve it there on purpose (only requests naming that address are answered, and the API playground cannot send requests)`,
		);
	const dir = path.resolve(parsed.positionals[0] ?? '.');
	const stat = await fs.stat(dir).catch(() => undefined);
	if (!stat?.isDirectory()) throw new UsageError(`cannot read folder '${parsed.positionals[0] ?? '.'}': no such folder`);

	const folder = URI.file(dir).toString();
	const workspace = createFsWorkspace(() => [folder]);
	const service = withPreview(createLanguageService({ workspace, awaitSpecReads: true }), workspace);
	const roots = await service.findDocsRoots(noCancellation);
	const rootUri = roots.includes(folder) ? folder : roots[0];
	if (!rootUri) throw new UsageError(`no docs.json found in '${parsed.positionals[0] ?? '.'}'`);
	const rootDir = URI.parse(rootUri).fsPath;

	const server = createPreviewServer({ service, rootUri, workspace, assetsDir: __dirname, log: line => out.write(`${line}\n`), exposed });
	let actual: number;
	try {
		actual = await server.listen(port, parsed.values.host!);
	} catch (e) {
		const code = (e as NodeJS.ErrnoException).code;
		throw new UsageError(
			code === 'EADDRINUSE'
				? `port ${port} is already in use; pick another with --port (0 = any free port)`
				: `cannot listen on ${parsed.values.host}:${port}: ${e instanceof Error ? e.message : String(e)}`,
		);
	}
	const watcher = watchSite(rootDir, workspace, async changes => {
		await service.didChangeFiles(changes);
		server.notify(await changedRoutes(changes));
	});
	const host = parsed.values.host!.includes(':') ? `[${parsed.values.host}]` : parsed.values.host;
	out.write(`MintDoc preview of ${rootDir}\nMintDoc preview: http://${host}:${actual}/\n`);
	if (exposed) out.write(`Exposed (--expose): anyone who can reach ${host}:${actual} can read the site; the API playground cannot send requests.\n`);

	/** Routes whose page changed; `*` when what changed affects other pages too (configuration, snippets, specs, new or deleted pages). */
	async function changedRoutes(changes: readonly FileChange[]): Promise<string[]> {
		if (changes.some(c => c.type !== 'changed' || !/\.(mdx|md)$/i.test(c.uri))) return ['*'];
		const routes = await service.getPreviewRoutes(rootUri, noCancellation);
		const found: string[] = [];
		for (const change of changes) {
			const served = routes.filter(r => r.sourceUri === change.uri).map(r => r.route);
			// A changed file that is no page (a snippet) may appear in any page.
			if (!served.length) return ['*'];
			appendAll(found, served);
		}
		return [...new Set(found)];
	}

	const stop = () => {
		watcher?.close();
		void server.close().then(() => process.exit(0));
	};
	process.once('SIGTERM', stop);
	process.once('SIGINT', stop);
	return 0;
}

/** `localhost` or a loopback address (127.0.0.0/8, ::1, written with or without brackets). */
function isLoopbackHost(host: string): boolean {
	const name = host.replace(/^\[|\]$/g, '');
	return name.toLowerCase() === 'localhost' || isLoopbackAddress(name);
}

/** Watches the docs root recursively, debounced; hidden folders and node_modules are ignored. */
function watchSite(rootDir: string, workspace: DocsWorkspace, onChanges: (changes: FileChange[]) => Promise<void>): FSWatcher | undefined {
	const pending = new Set<string>();
	let timer: NodeJS.Timeout | undefined;
	let running = Promise.resolve();
	const flush = () => {
		timer = undefined;
		const files = [...pending];
		pending.clear();
		running = running
			.then(async () => {
				const changes: FileChange[] = [];
				for (const file of files) {
					const exists = await fs.stat(file).then(
						s => s.isFile(),
						() => false,
					);
					changes.push({ uri: URI.file(file).toString(), type: exists ? 'changed' : 'deleted' });
				}
				await onChanges(changes.map(c => (c.type === 'changed' && !known.has(c.uri) ? { ...c, type: 'created' } : c)));
				for (const c of changes) c.type === 'deleted' ? known.delete(c.uri) : known.add(c.uri);
			})
			.catch(() => undefined);
	};
	const known = new Set<string>();
	// The one folder walk (linked folders inside the workspace, once each; capped), as the page index sees the site.
	void walkFolders(
		workspace,
		[URI.file(rootDir).toString()],
		(_uri, name) => !name.startsWith('.') && name !== 'node_modules',
		(folder, name, kind) => void (kind === 'file' && known.add(joinUri(folder, name))),
		noCancellation,
	).catch(() => undefined);
	try {
		return watch(rootDir, { recursive: true }, (_event, name) => {
			if (!name) return;
			const relative = name.toString();
			if (relative.split(/[\\/]/).some(s => s.startsWith('.') || s === 'node_modules')) return;
			pending.add(path.join(rootDir, relative));
			if (timer) clearTimeout(timer);
			timer = setTimeout(flush, debounceMs);
		});
	} catch {
		return undefined; // no recursive watching here: the preview still serves, without live reload
	}
}
