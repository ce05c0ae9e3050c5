// Entry point the VS Code extension host loads as --extensionTestsPath: runs the suite with mocha
// inside the real extension host and prints the closing `N passed, N failed` line the runner reads.
import Mocha from 'mocha';

export function run(): Promise<void> {
	// MINTDOC_INTEGRATION_GREP (a pattern, as mocha's --grep) runs only the tests whose full titles match it.
	const grep = process.env.MINTDOC_INTEGRATION_GREP;
	const mocha = new Mocha({ ui: 'bdd', timeout: 60_000, color: false, reporter: 'spec', ...(grep ? { grep } : {}) });
	// Test files are bundled into this file; define mocha's globals before their bodies run.
	mocha.suite.emit('pre-require', globalThis, 'integration', mocha);
	require('./extension.test');
	require('./docsConfig.test');
	require('./components.test');
	require('./openapi.test');
	require('./api.test');
	require('./preview.test');
	require('./assistant.test');
	require('./currentApi.test');
	require('./insights.test');
	require('./secrets.test');
	require('./snippets.test');
	require('./writingPages.test');
	require('./legacy.test');
	require('./teamConfig.test');
	require('./format.test');
	require('./agents.test');
	require('./agentsRead.test');
	require('./hostileRepository.test');
	require('./compareWith.test');
	return new Promise((resolve, reject) => {
		// Passes counted as they happen: with a grep, the suite's total includes the tests left out.
		let passed = 0;
		const runner = mocha.run(failures => {
			console.log(`${passed} passed, ${failures} failed`);
			if (failures) reject(new Error(`${failures} of ${passed + failures} integration tests failed`));
			else resolve();
		});
		runner.on('pass', () => passed++);
		// Said the moment it happens: the spec reporter lists failures only at the end, which a run stopped by the
		// runner's time limit never reaches.
		runner.on('fail', (test: Mocha.Test, err: Error) => {
			console.log(`FAILED: ${test.fullTitle()}\n${err?.stack ?? String(err)}`);
		});
	});
}
