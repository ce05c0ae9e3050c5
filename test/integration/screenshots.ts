import { existsSync, rmSync, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Asks the runner (tools/vscode-host/run-integration.mjs) for a screenshot of the workbench as it
 * is now, and resolves once `test-results/integration-NAME.png` is written. The runner reads the
 * request from the extension host's console. Without a runner (MINTDOC_TEST_RESULTS unset) it is a
 * no-op. Polls the file system: the runner gives no other signal into the extension host.
 */
export async function screenshot(name: string, timeoutMs = 60_000): Promise<string | undefined> {
	const dir = process.env.MINTDOC_TEST_RESULTS;
	if (!dir) return undefined;
	const file = path.join(dir, `integration-${name}.png`);
	rmSync(file, { force: true });
	console.log(`@@mintdoc-screenshot ${name}`);
	for (const deadline = Date.now() + timeoutMs; ;) {
		if (existsSync(file) && statSync(file).size > 0) return file;
		if (Date.now() > deadline) throw new Error(`the runner wrote no screenshot ${file} within ${timeoutMs} ms`);
		await new Promise(resolve => setTimeout(resolve, 100));
	}
}
