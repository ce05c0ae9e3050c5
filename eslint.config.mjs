// ESLint with typescript-eslint's type-aware rules: `npm test` runs it (test/unit/lint.test.ts) and
// fails on any finding. The server and the client are full of async work: a promise nobody awaits
// or catches, or one passed where a callback's result is ignored, loses errors silently.
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'test-results/**',
			'tools/vscode-host/**',
			'.bench-cache/**',
			'examples/**',
			'test/fixtures/**',
			'**/*.mjs',
			'**/*.cjs',
			'**/*.js',
			'server/src/core/icons/iconNames.generated.ts',
		],
	},
	{
		files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'browser/**/*.ts', 'platformApiStandIn/**/*.ts'],
		extends: [tseslint.configs.base],
		languageOptions: {
			parserOptions: { project: ['./tsconfig.json', './tsconfig.browser.json', './tsconfig.worker.json'], tsconfigRootDir: import.meta.dirname },
		},
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
		},
	},
	// The core and the LSP glue run in any JavaScript host (server/src/browser/ brings the web worker's
	// ServerRuntime): Node's own globals reach them only through the runtime (ServerRuntime.nextTurn for
	// setImmediate; node/ for files, processes and buffers). Standard timers and URL/TextEncoder are fine.
	// The browser runtime itself has none of them either.
	{
		files: ['server/src/core/**/*.ts', 'server/src/lsp/**/*.ts', 'server/src/server.ts', 'server/src/browser/**/*.ts'],
		rules: {
			'no-restricted-globals': [
				'error',
				...['setImmediate', 'clearImmediate', 'process', 'Buffer', 'global', '__dirname', '__filename', 'require'].map(name => ({
					name,
					message: `${name} is Node's: reach the host through ServerRuntime (server/src/lsp/serverRuntime.ts).`,
				})),
			],
		},
	},
	// Every file of a repository is read through server/src/node/runtime/guardedRead.ts (regular files only, real
	// path inside the workspace, read to the size cap): a page linked to /dev/zero, /dev/stdin or a file
	// outside would otherwise hang a check or leak. So `fs` reads are an error anywhere else in the server.
	// Exceptions, each for files MintDoc owns, never a repository's: privateFiles.ts (its caches, opened
	// O_NOFOLLOW in its private folder, owner checked), codeCache.ts and pageCache.ts (MintDoc's own
	// bundles), siteFiles.ts (opens to write, O_EXCL|O_NOFOLLOW, never to read). The client cannot import
	// the server's modules (dependency-cruiser) and reads only files the user picks; build scripts are .mjs.
	{
		files: ['server/src/**/*.ts', 'platformApiStandIn/**/*.ts'],
		ignores: [
			'server/src/node/runtime/guardedRead.ts',
			'server/src/node/caches/privateFiles.ts',
			'server/src/node/runtime/codeCache.ts',
			'server/src/node/caches/pageCache.ts',
			'server/src/node/runtime/siteFiles.ts',
		],
		rules: {
			'no-restricted-imports': [
				'error',
				...['fs', 'node:fs'].map(name => ({
					name,
					importNames: ['readFile', 'readFileSync', 'createReadStream', 'open', 'openSync', 'read', 'readSync', 'readv', 'readvSync', 'openAsBlob'],
					message: 'Read files through server/src/node/runtime/guardedRead.ts (regular files inside the workspace, size-capped).',
				})),
				...['fs/promises', 'node:fs/promises'].map(name => ({
					name,
					importNames: ['readFile', 'open'],
					message: 'Read files through server/src/node/runtime/guardedRead.ts (regular files inside the workspace, size-capped).',
				})),
			],
			'no-restricted-syntax': [
				'error',
				{
					selector:
						'MemberExpression[object.name=/^(fs|fsp|fsPromises|promises|nodeFs)$/][property.name=/^(readFile|readFileSync|createReadStream|open|openSync|read|readSync|readv|readvSync|openAsBlob)$/]',
					message: 'Read files through server/src/node/runtime/guardedRead.ts (regular files inside the workspace, size-capped).',
				},
				{
					selector: "MemberExpression[object.property.name='promises'][property.name=/^(readFile|open)$/]",
					message: 'Read files through server/src/node/runtime/guardedRead.ts (regular files inside the workspace, size-capped).',
				},
			],
		},
	},
);
