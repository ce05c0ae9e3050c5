// Copies the screenshots the tests save (test-results/) to docs/images/, where the README shows them.
// Run after `npm test` (the integration layer writes them): node scripts/doc-images.mjs
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
/** docs/images name ← test-results name, and the test that takes it. */
export const docImages = {
	'editor-diagnostics.png': 'integration-broken-page-entry.png', // test/integration/docsConfig.test.ts
	'preview.png': 'preview-vscode.png', // test/integration/preview.test.ts
	'assistant.png': 'integration-assistant-v2.png', // test/integration/currentApi.test.ts
	'feedback.png': 'integration-feedback-by-page.png', // test/integration/api.test.ts
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	mkdirSync(path.join(root, 'docs', 'images'), { recursive: true });
	for (const [to, from] of Object.entries(docImages)) {
		const source = path.join(root, 'test-results', from);
		if (!existsSync(source)) throw new Error(`${source} is missing: run npm test (the integration layer) first`);
		copyFileSync(source, path.join(root, 'docs', 'images', to));
		console.log(`docs/images/${to} ← test-results/${from}`);
	}
}
