import { createRequire } from 'node:module';
import * as path from 'node:path';

// playwright-core lives with the headless VS Code host (tools/vscode-host), not in the root package;
// it drives Debian's chromium (or $CHROMIUM).
type Playwright = typeof import('../../tools/vscode-host/node_modules/playwright-core');
export type Browser = import('../../tools/vscode-host/node_modules/playwright-core').Browser;
export type Page = import('../../tools/vscode-host/node_modules/playwright-core').Page;

const repo = path.resolve(__dirname, '../..');
const { chromium } = createRequire(path.join(repo, 'tools/vscode-host/package.json'))('playwright-core') as Playwright;

/** Headless Chromium for the webview and preview tests: no sandbox, GPU, network side traffic or shared-memory limits. */
export function launchChromium(): Promise<Browser> {
	return chromium.launch({
		executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
		],
	});
}
