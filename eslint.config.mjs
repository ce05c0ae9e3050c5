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
		files: ['server/src/**/*.ts', 'client/src/**/*.ts', 'browser/**/*.ts'],
		extends: [tseslint.configs.base],
		languageOptions: { parserOptions: { project: ['./tsconfig.json', './tsconfig.browser.json'], tsconfigRootDir: import.meta.dirname } },
		rules: {
			'@typescript-eslint/no-floating-promises': 'error',
			'@typescript-eslint/no-misused-promises': 'error',
		},
	},
);
