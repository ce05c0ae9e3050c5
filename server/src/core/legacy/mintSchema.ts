import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import mintSchema from '../../../../schemas/mint.schema.json';
import { SchemaValidator } from '../docsConfig/schemaValidation';
import { closestMatch } from '../textDistance';
import { legacyConfigFileName } from './mintConfig';

/** Every key the v1 schema names, at any level: the candidates of a did-you-mean. */
function schemaKeys(node: unknown, into = new Set<string>()): Set<string> {
	if (Array.isArray(node)) node.forEach(n => schemaKeys(n, into));
	else if (typeof node === 'object' && node !== null)
		for (const [key, value] of Object.entries(node)) {
			if (key === 'properties' && typeof value === 'object' && value !== null) Object.keys(value).forEach(k => into.add(k));
			schemaKeys(value, into);
		}
	return into;
}
const knownKeys = [...schemaKeys(mintSchema)];

/**
 * Validates a legacy mint.json against schemas/mint.schema.json (written from the platform's v1
 * documentation). An unknown key is a warning with the key meant, as docs.json's are.
 */
export class MintSchemaValidator {
	readonly #validator = new SchemaValidator({
		uri: 'https://mintlify.com/mint.json',
		fileName: legacyConfigFileName,
		schema: mintSchema,
		aliases: ['https://mintlify.com/schema.json'],
	});

	async validate(document: TextDocument): Promise<Diagnostic[]> {
		const found = await this.#validator.validate(document);
		for (const d of found) {
			const unknown = /^Property (.+) is not allowed\./.exec(d.message)?.[1];
			const meant = unknown && closestMatch(unknown, knownKeys);
			if (meant) d.message = `${d.message} Did you mean "${meant}"?`;
		}
		return found;
	}
}
