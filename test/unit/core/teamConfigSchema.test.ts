import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ClientCapabilities, getLanguageService, TextDocument, type CompletionItem } from 'vscode-json-languageservice';
import { teamConfigSchema } from '../../../server/src/core/config/teamConfigSchema';
import { rules } from '../../../server/src/core/rules';

const repo = path.resolve(__dirname, '../../..');
const schemaText = readFileSync(path.join(repo, 'schemas/mintdoc.schema.json'), 'utf8');

/** VS Code's own JSON support, given the schema as package.json contributes it. */
function jsonService() {
	// Markdown documentation, as VS Code takes it.
	const service = getLanguageService({ clientCapabilities: ClientCapabilities.LATEST });
	service.configure({
		validate: true,
		allowComments: true,
		schemas: [{ uri: 'mintdoc-schema', fileMatch: ['**/mintdoc.json'], schema: JSON.parse(schemaText) as object }],
	});
	return service;
}

async function at(text: string) {
	const offset = text.indexOf('|');
	const document = TextDocument.create('file:///site/mintdoc.json', 'jsonc', 1, text.replace('|', ''));
	const service = jsonService();
	const json = service.parseJSONDocument(document);
	return { service, document, json, position: document.positionAt(offset) };
}

describe('schemas/mintdoc.schema.json', () => {
	it('is what the rules table generates (run `node --import tsx scripts/mintdoc-schema.ts` after changing rules.ts)', () => {
		assert.equal(schemaText, JSON.stringify(teamConfigSchema(), null, 2) + '\n');
	});

	it('is contributed for mintdoc.json, which opens as JSON with comments', () => {
		const manifest = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
			contributes: { jsonValidation: { fileMatch: string; url: string }[]; languages: { id: string; filenames?: string[] }[] };
		};
		assert.ok(manifest.contributes.jsonValidation.some(v => v.fileMatch === '**/mintdoc.json' && v.url === './schemas/mintdoc.schema.json'));
		assert.ok(manifest.contributes.languages.some(l => l.id === 'jsonc' && l.filenames?.includes('mintdoc.json')));
	});

	it('completes every rule code with its summary, and the settings', async () => {
		const { service, document, json, position } = await at('{ "rules": { | } }');
		const completion = await service.doComplete(document, position, json);
		const byLabel = new Map<string, CompletionItem>(completion?.items.map(i => [i.label, i]));
		for (const code of Object.keys(rules)) assert.ok(byLabel.has(code), `completes ${code}`);
		assert.ok(byLabel.has('a11y-*'));
		const doc = byLabel.get('link-broken')?.documentation;
		assert.match(typeof doc === 'string' ? doc : (doc?.value ?? ''), /An internal link leads to no page[\s\S]*Default: `error`/);
		const value = await at('{ "rules": { "link-broken": | } }');
		const settings = await value.service.doComplete(value.document, value.position, value.json);
		assert.deepEqual(settings?.items.map(i => i.label).sort(), ['"error"', '"hint"', '"info"', '"off"', '"warn"']);
	});

	it('flags an unknown code, a bad setting and a misplaced key, and accepts a full example with comments', async () => {
		const bad = await at('{ "rules": { "link-brokn": "off", "link-broken": "loud" }, "overides": [] }|');
		const problems = await bad.service.doValidation(bad.document, bad.json);
		assert.deepEqual(problems.map(p => bad.document.getText(p.range)).sort(), ['"link-brokn"', '"loud"', '"overides"']);
		const good = await at(`{
  // the team's settings
  "rules": { "a11y-*": "warn", "link-anchor-missing": "off", },
  "overrides": [{ "files": ["changelog/**"], "rules": { "link-broken": "warn" } }],
  "ignore": ["generated/**"],
  "format": { "ignore": ["snippets/**"] }
}|`);
		assert.deepEqual(await good.service.doValidation(good.document, good.json), []);
	});
});
