import { getNodeValue } from 'jsonc-parser';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseJsonConfig } from '../docsConfig/parseJson';
import { isObject, legacyConfigFileName } from './mintConfig';
import type { MintSchemaValidator } from './mintSchema';
import { upgradeMintConfig, type ConfigUpgrade } from './upgradeConfig';
import { appendAll } from '../arrays';

/** An upgrade ready to review: the docs.json text, or why there is none. */
export interface PreparedUpgrade {
	/** What is wrong with mint.json: syntax, then the v1 schema. */
	readonly findings: Diagnostic[];
	/** mint.json has an error (the platform's converter writes nothing for such a file either). */
	readonly invalid: boolean;
	/** The conversion, unless `invalid`. */
	readonly upgrade?: ConfigUpgrade;
	/** docs.json as the platform writes its files: 2-space JSON, `$schema` first, a final newline. */
	readonly text?: string;
}

/** The docs.json text of an upgrade. */
export const formatDocsJson = (docs: unknown): string => JSON.stringify(docs, null, 2) + '\n';

/** Checks mint.json and, when it has no error, converts it. Never throws. */
export async function prepareUpgrade(document: TextDocument, schema: MintSchemaValidator): Promise<PreparedUpgrade> {
	const parsed = parseJsonConfig(document, legacyConfigFileName);
	const findings = [...parsed.diagnostics];
	if (!findings.length) appendAll(findings, await schema.validate(document));
	const invalid = findings.some(d => d.severity === DiagnosticSeverity.Error);
	const value: unknown = parsed.root ? getNodeValue(parsed.root) : undefined;
	if (invalid || !isObject(value)) return { findings, invalid: true };
	const upgrade = upgradeMintConfig(value);
	return { findings, invalid: false, upgrade, text: formatDocsJson(upgrade.docs) };
}
