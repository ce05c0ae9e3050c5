import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { median } from './stats';

/**
 * The peer: VS Code's own JSON language service validating the same docs.json against
 * schemas/docs.schema.json (what the editor does through `jsonValidation`), parse included.
 */
export async function measurePeer(docsJson: string, schemaFile: string, runs = 3): Promise<{ validateMs: number; diagnostics: number }> {
	const schemaUri = 'file:///mintdoc/docs.schema.json';
	const schema = readFileSync(schemaFile, 'utf8');
	const service = getLanguageService({ schemaRequestService: async uri => (uri === schemaUri ? schema : Promise.reject(new Error(`no ${uri}`))) });
	service.configure({ validate: true, allowComments: false, schemas: [{ uri: schemaUri, fileMatch: ['docs.json'] }] });
	const text = readFileSync(docsJson, 'utf8');
	const samples: number[] = [];
	let diagnostics = 0;
	for (let i = 0; i < runs; i++) {
		// A new version each run, as after an edit: nothing is reused but the compiled schema.
		const document = TextDocument.create(`file:///site/${path.basename(docsJson)}`, 'json', i + 1, text);
		const started = performance.now();
		const parsed = service.parseJSONDocument(document);
		diagnostics = (await service.doValidation(document, parsed, { schemaValidation: 'error' })).length;
		samples.push(performance.now() - started);
	}
	return { validateMs: median(samples), diagnostics };
}
