// Bundles the extension with esbuild: client, language server, CLI and the integration-test suite.
// tsc only type-checks (npm run typecheck).
// Usage: node scripts/build.mjs [--production] [--watch] [--cli-only OUTDIR]
//   --cli-only OUTDIR: only what the command-line tool runs (cli.js, its workers, the preview's
//   page script and style) into OUTDIR, for the npm package (scripts/pack-cli.mjs).
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeIconNames } from './icon-names.mjs';
import { transliterateFast } from './transliterateFast.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const cliOnlyAt = process.argv.indexOf('--cli-only');
const cliOutdir = cliOnlyAt >= 0 ? path.resolve(process.argv[cliOnlyAt + 1] ?? '') : undefined;
if (cliOnlyAt >= 0 && !process.argv[cliOnlyAt + 1]) throw new Error('--cli-only needs the folder to write to');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Shared by every Node target. jsonc-parser's `main` is a UMD build esbuild cannot follow: prefer `module`. */
const node = {
	absWorkingDir: root,
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'cjs',
	mainFields: ['module', 'main'],
	sourcemap: !production,
	minify: production,
	logLevel: 'warning',
	define: { MINTDOC_VERSION: JSON.stringify(version) },
	plugins: [transliterateFast],
};

const targets = [
	{ ...node, entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
	// dist/server.js loads dist/serverMain.js through V8's code cache (server/src/node/runtime/codeCache.ts).
	{ ...node, entryPoints: ['server/src/serverLoader.ts'], outfile: 'dist/server.js' },
	{ ...node, entryPoints: ['server/src/main.ts'], outfile: 'dist/serverMain.js' },
	{ ...node, entryPoints: ['server/src/node/workers/specWorker.ts'], outfile: 'dist/specWorker.js' },
	{ ...node, entryPoints: ['server/src/node/workers/pageWorker.ts'], outfile: 'dist/pageWorker.js' },
	{ ...node, entryPoints: ['server/src/node/workers/formatWorker.ts'], outfile: 'dist/formatWorker.js' },
	// dist/cli.js (the `mintdoc` command) loads dist/cliMain.js the same way.
	{ ...node, entryPoints: ['server/src/cli/cliLoader.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
	{ ...node, entryPoints: ['server/src/cli/main.ts'], outfile: 'dist/cliMain.js' },
];
// The assistant chat webview: a browser bundle and its stylesheet (webviews load them from dist/ only).
const assistantWebview = {
	absWorkingDir: root,
	bundle: true,
	platform: 'browser',
	format: 'iife',
	target: 'es2022',
	sourcemap: !production,
	minify: production,
	logLevel: 'warning',
};
targets.push(
	{ ...assistantWebview, entryPoints: ['browser/assistant/main.ts'], outfile: 'dist/assistant.js' },
	{ ...assistantWebview, entryPoints: ['browser/assistant/assistant.css'], outfile: 'dist/assistant.css' },
);
// The site preview's page script and stylesheet, shared by the VS Code webview and `mintdoc preview`.
const previewPage = {
	absWorkingDir: root,
	bundle: true,
	platform: 'browser',
	format: 'iife',
	target: 'es2020',
	sourcemap: !production,
	minify: production,
	logLevel: 'warning',
};
targets.push(
	{ ...previewPage, entryPoints: ['browser/preview/main.ts'], outfile: 'dist/preview.js' },
	{ ...previewPage, entryPoints: ['browser/preview/preview.css'], outfile: 'dist/preview.css' },
	// Mermaid, bundled (nothing fetched at run time) as a script of its own: preview.js adds it only to pages with a diagram.
	{ ...previewPage, entryPoints: ['browser/preview/mermaidEntry.ts'], outfile: 'dist/mermaid.js' },
);
// The extension for the browser (vscode.dev, github.dev: package.json "browser"), run by VS Code's
// web worker extension host, and its language server, started by it in a Web Worker. No Node built-in
// may reach them (test/unit/browserBundles.test.ts reads both bundles): platform 'browser' applies
// packages' browser maps (vscode-languageclient's, json-schema-ref-parser's `fs: false`) and `browser`
// export conditions. Not a `browser` main field: json-p3's is a script with no exports.
const webExtension = {
	absWorkingDir: root,
	bundle: true,
	platform: 'browser',
	target: 'es2022',
	mainFields: ['module', 'main'],
	sourcemap: !production,
	minify: production,
	logLevel: 'warning',
	define: { MINTDOC_VERSION: JSON.stringify(version) },
	plugins: [transliterateFast],
};
targets.push(
	{ ...webExtension, entryPoints: ['client/src/browserExtension.ts'], outfile: 'dist/browserClient.js', format: 'cjs', external: ['vscode'] },
	// swagger-parser's dependencies require `path` and `util` and use a global `Buffer`, which a bundler
	// for the browser is expected to supply (server/src/browser/nodeShims/).
	{
		...webExtension,
		entryPoints: ['server/src/browser/browserMain.ts'],
		outfile: 'dist/browserServer.js',
		format: 'iife',
		// A worker has no DOM: packages' `worker` builds (decode-named-character-reference's `browser` one uses `document`).
		conditions: ['worker'],
		alias: { path: './server/src/browser/nodeShims/path.ts', util: './server/src/browser/nodeShims/util.ts' },
		inject: ['server/src/browser/nodeShims/buffer.ts'],
	},
);
if (!production && !cliOutdir) {
	// The suite runs inside the VS Code extension host; mocha is loaded from node_modules at run time.
	targets.push({ ...node, entryPoints: ['test/integration/index.ts'], outfile: 'dist/test/integration/index.js', external: ['vscode', 'mocha'] });
}

const cliFiles = [
	'dist/cli.js',
	'dist/cliMain.js',
	'dist/pageWorker.js',
	'dist/formatWorker.js',
	'dist/specWorker.js',
	'dist/preview.js',
	'dist/preview.css',
	'dist/mermaid.js',
];
if (cliOutdir) {
	const kept = targets.filter(t => cliFiles.includes(t.outfile));
	targets.length = 0;
	targets.push(...kept.map(t => ({ ...t, outfile: path.join(cliOutdir, path.basename(t.outfile)) })));
}
// The icon names come from the icon sets' npm packages at build time (the core imports the generated file).
writeIconNames();

if (watch) {
	for (const options of targets) await (await esbuild.context(options)).watch();
	console.log('esbuild: watching for changes');
} else {
	const started = Date.now();
	await Promise.all(targets.map(options => esbuild.build(options)));
	console.log(`esbuild: built ${targets.map(t => t.outfile).join(', ')} in ${Date.now() - started} ms`);
}
