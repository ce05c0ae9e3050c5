import { getLanguageService, type LanguageService as JsonLanguageService } from 'vscode-json-languageservice';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import docsSchema from '../../../../schemas/docs.schema.json';
import { createDiagnostic } from '../diagnostic';

/** The id real sites write as `$schema`; mapped to the bundled schema so validation works offline. */
export const docsSchemaUri = 'https://mintlify.com/docs.json';

/** vscode-json-languageservice numbers syntax errors from 0x100; below that are schema findings. */
const firstSyntaxErrorCode = 0x100;

/** A bundled JSON Schema, the id real files name it by, and the file name it applies to. */
export interface SchemaSource {
	readonly uri: string;
	readonly fileName: string;
	readonly schema: object;
	/** Other URLs files write as `$schema` for the same schema. */
	readonly aliases?: readonly string[];
}

/**
 * Validates a `docs.json` against schemas/docs.schema.json with VS Code's own JSON language
 * service, so the CLI reports exactly what the editor shows. The editor itself does not call
 * this: VS Code validates through the `jsonValidation` contribution, and doing it twice would
 * duplicate every finding.
 */
export class SchemaValidator {
	readonly #service: JsonLanguageService;
	readonly #schemaUri: string;

	/** By default the docs.json schema; the legacy mint.json passes its own (schemas/mint.schema.json). */
	constructor(schema: SchemaSource = { uri: docsSchemaUri, fileName: 'docs.json', schema: docsSchema }) {
		this.#service = getLanguageService({});
		this.#schemaUri = schema.uri;
		// The service annotates the schema object it is given: hand it a copy.
		this.#service.configure({
			validate: true,
			allowComments: false,
			schemas: [
				{ uri: schema.uri, fileMatch: [`*/${schema.fileName}`, schema.fileName], schema: structuredClone(schema.schema) },
				// Files name their schema by URL (`$schema`), and the service then uses that one: map the known URLs to the bundled copy.
				...(schema.aliases ?? []).map(uri => ({ uri, schema: structuredClone(schema.schema) })),
			],
		});
	}

	async validate(document: TextDocument): Promise<Diagnostic[]> {
		const json = this.#service.parseJSONDocument(document);
		const found = await this.#service.doValidation(document, json, {
			schemaValidation: 'error',
			schemaRequest: 'ignore',
			trailingCommas: 'ignore',
			comments: 'ignore',
		});
		// The JSON service reads `$schema` as the schema to use, not as a value to check: the platform's validator wants a URL.
		const declared = json.root?.type === 'object' ? json.root.properties.find(p => p.keyNode.value === '$schema')?.valueNode : undefined;
		if (declared?.type === 'string' && !/^https?:\/\//i.test(declared.value)) {
			const range = { start: document.positionAt(declared.offset), end: document.positionAt(declared.offset + declared.length) };
			found.push({ range, message: `"$schema" must be a URL, such as ${JSON.stringify(this.#schemaUri)}.`, severity: DiagnosticSeverity.Error });
		}
		return found
			.filter(d => typeof d.code !== 'number' || d.code < firstSyntaxErrorCode)
			.map(d => {
				// The platform's validator strips keys it does not know instead of rejecting them: a
				// key the schema does not allow is a warning (a typo, or a setting with no effect).
				const unknownKey = /^Property .+ is not allowed\.$/.test(d.message);
				const diagnostic = createDiagnostic(d.range, unknownKey ? `${d.message} The platform ignores it.` : d.message, 'schema');
				diagnostic.severity = unknownKey ? DiagnosticSeverity.Warning : (d.severity ?? diagnostic.severity);
				return diagnostic;
			});
	}
}
