/**
 * MintDoc's layers, kept by dependency-cruiser: `npm test` runs it (test/unit/architecture.test.ts,
 * in the unit layer) and fails on any violation. What each layer is: docs/architecture.md.
 */
// Paths may also start with test/fixtures/layering/: that fixture mirrors the tree with deliberate
// violations, and test/unit/architecture.test.ts checks that every rule reports them.
const at = '^(test/fixtures/layering/)?';
const core = `${at}server/src/core/`;
const browser = `${at}browser/`;
/** A package as an import resolves it (its folder in node_modules, or its bare name when types alone declare it). */
const pkg = names => `(^|node_modules/)(@types/)?(${names})($|/)`;

module.exports = {
	forbidden: [
		{
			name: 'no-circular',
			severity: 'error',
			comment: 'An import circle ties modules that should stand apart: move the shared part into a module of its own.',
			from: {},
			to: { circular: true },
		},
		{
			name: 'core-without-editor',
			severity: 'error',
			comment: 'The language core is pure: the CLI, the tests and any editor use it. No VS Code API, no LSP connection.',
			from: { path: core },
			to: { path: pkg('vscode|vscode-languageserver|vscode-languageserver-protocol|vscode-jsonrpc') },
		},
		{
			name: 'core-without-node',
			severity: 'error',
			comment: 'The core reads files through its DocsWorkspace interface and uses no Node built-in (server/src/node/ adapts it to Node), so it runs anywhere.',
			from: { path: core },
			to: { dependencyTypes: ['core'] },
		},
		{
			name: 'core-not-above',
			severity: 'error',
			comment: 'The core never imports the layers built on it: the LSP glue, the Node and browser adapters, the CLI, the client.',
			from: { path: core },
			to: { path: `${at}(server/src/(lsp|node|browser|cli)/|server/src/(server|main)\\.ts$|client/)` },
		},
		{
			name: 'core-without-preview',
			severity: 'error',
			comment: 'The preview is built on the core; the core renders nothing (withPreview() joins them).',
			from: { path: core },
			to: { path: `${at}server/src/preview/` },
		},
		{
			name: 'server-runtime-independent',
			severity: 'error',
			comment:
				"The LSP glue (server.ts, lsp/) runs in any runtime: what is Node's comes through its ServerRuntime (node/nodeRuntime.ts, or browser/browserRuntime.ts in a web worker); main.ts and browser/browserMain.ts join them.",
			from: { path: `${at}server/src/(server\\.ts$|lsp/)` },
			to: { path: `${at}server/src/(node|browser)/` },
		},
		{
			name: 'browser-runtime-without-node',
			severity: 'error',
			comment: 'The language server in a web worker (server/src/browser/): no Node adapter, no Node built-in (dist/browserServer.js must load in a browser).',
			from: { path: `${at}server/src/browser/` },
			to: { path: `${at}server/src/node/` },
		},
		{
			name: 'browser-runtime-without-node-builtins',
			severity: 'error',
			from: { path: `${at}server/src/browser/` },
			to: { dependencyTypes: ['core'] },
		},
		{
			name: 'server-runtime-without-node-builtins',
			severity: 'error',
			comment: 'No Node built-in in the LSP glue either (node:path, node:fs, worker_threads …): a browser main must be able to load it.',
			from: { path: `${at}server/src/(server\\.ts$|lsp/)` },
			to: { dependencyTypes: ['core'] },
		},
		{
			name: 'preview-below-editor',
			severity: 'error',
			comment: 'The renderer serves the LSP server and `mintdoc preview` alike: no LSP glue, no client.',
			from: { path: `${at}server/src/preview/` },
			to: { path: `${at}(server/src/(lsp|cli)/|client/)` },
		},
		{
			name: 'server-without-vscode',
			severity: 'error',
			comment: 'The language server and the CLI run outside VS Code.',
			from: { path: `${at}server/` },
			to: { path: pkg('vscode') },
		},
		{
			name: 'client-without-lsp-server',
			severity: 'error',
			comment: 'The client speaks LSP through vscode-languageclient; the server side of the protocol is not its business.',
			from: { path: `${at}client/` },
			to: { path: pkg('vscode-languageserver') },
		},
		{
			name: 'api-without-vscode',
			severity: 'error',
			comment: 'client/src/platform/api/ is the platform HTTP client: usable (and tested) without VS Code.',
			from: { path: `${at}client/src/platform/api/` },
			to: { path: pkg('vscode') },
		},
		{
			name: 'editor-half-without-platform',
			severity: 'error',
			comment:
				"The client's two halves stand apart: the hosted platform's (client/src/platform/, behind registerPlatform) is registered by the two entries, extension.ts and browserExtension.ts; the editor's half never reaches into it (shared pieces live outside it).",
			from: { path: `${at}client/src/`, pathNot: `${at}client/src/(platform/|extension\\.ts$|browserExtension\\.ts$)` },
			to: { path: `${at}client/src/platform/` },
		},
		{
			name: 'server-without-stand-in',
			severity: 'error',
			comment:
				"The stand-in of the platform's HTTP API (platformApiStandIn/) is served by `mintdoc api-server` only: the language server, the core and the other commands never use it.",
			from: { path: `${at}server/`, pathNot: `${at}server/src/cli/apiServer\\.ts$` },
			to: { path: `${at}platformApiStandIn/` },
		},
		{
			name: 'browser-without-node',
			severity: 'error',
			comment: 'Webview and preview page scripts run in a browser: no Node modules, no VS Code API.',
			from: { path: browser },
			to: { dependencyTypes: ['core'] },
		},
		{ name: 'browser-without-vscode', severity: 'error', from: { path: browser }, to: { path: pkg('vscode') } },
		{
			name: 'client-server-apart',
			severity: 'error',
			comment: 'The client talks to the server over LSP: it shares the protocol file and nothing else of server/.',
			from: { path: `${at}client/` },
			to: { path: `${at}server/`, pathNot: `${at}server/src/protocol\\.ts$` },
		},
		{ name: 'server-without-client', severity: 'error', from: { path: `${at}server/` }, to: { path: `${at}client/` } },
	],
	options: {
		tsConfig: { fileName: 'tsconfig.json' },
		tsPreCompilationDeps: true,
		doNotFollow: { path: 'node_modules' },
		exclude: { path: '^(dist|test-results|tools/vscode-host)/' },
	},
};
