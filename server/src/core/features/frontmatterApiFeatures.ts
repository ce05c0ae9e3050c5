import { CompletionItemKind, type CompletionItem, type CompletionList, type LocationLink, type Position, type Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { classifyEntry } from '../docsConfig/pageEntries';
import { findOperations } from '../openapi/openApiRules';
import { generatedTitle, type OpenApiSpec, type SourceSpan } from '../openapi/openApiSpec';
import type { SiteModel } from '../site/siteModel';
import { relativePath } from '../uris';

/** The frontmatter line at `position` when it is `openapi:` or `openapi-schema:`, with where its value starts. */
function apiLine(document: TextDocument, position: Position): { key: 'openapi' | 'openapi-schema'; valueStart: number; value: string } | undefined {
	const text = document.getText();
	const fmEnd = text.startsWith('---') ? text.indexOf('\n---', 3) : -1;
	if (fmEnd === -1 || document.offsetAt(position) > fmEnd) return undefined;
	const line = document
		.getText({ start: { line: position.line, character: 0 }, end: { line: position.line + 1, character: 0 } })
		.replace(/(?:\r\n|\r|\n)$/, ''); // a lone \r ends a line too (LSP)
	const match = /^(openapi|openapi-schema)\s*:\s*["']?/.exec(line);
	if (!match) return undefined;
	return { key: match[1] as 'openapi' | 'openapi-schema', valueStart: match[0].length, value: line.slice(match[0].length).replace(/["']\s*$/, '') };
}

const label = (site: SiteModel, spec: OpenApiSpec) => (relativePath(site.rootUri, spec.uri) ?? spec.uri).replace(/\.(ya?ml|json)$/i, '');

/** Completion of endpoint, webhook and schema references in a page's frontmatter. */
export function frontmatterApiCompletion(site: SiteModel, document: TextDocument, position: Position): CompletionList | undefined {
	const line = apiLine(document, position);
	if (!line || position.character < line.valueStart) return undefined;
	const range: Range = {
		start: { line: position.line, character: line.valueStart },
		end: { line: position.line, character: line.valueStart + line.value.length },
	};
	const several = site.specs.specs.length > 1;
	const items: CompletionItem[] = [];
	for (const spec of site.specs.specs) {
		const prefix = several ? `${label(site, spec)} ` : '';
		if (line.key === 'openapi-schema') {
			for (const schema of spec.schemas)
				items.push({ label: prefix + schema.name, kind: CompletionItemKind.Struct, textEdit: { range, newText: prefix + schema.name } });
			continue;
		}
		for (const op of spec.operations) {
			if (!op.hidden)
				items.push({
					label: `${prefix}${op.method} ${op.path}`,
					kind: CompletionItemKind.Method,
					detail: generatedTitle(op),
					textEdit: { range, newText: `${prefix}${op.method} ${op.path}` },
				});
		}
		for (const hook of spec.webhooks)
			items.push({ label: `${prefix}webhook ${hook.name}`, kind: CompletionItemKind.Event, textEdit: { range, newText: `${prefix}webhook ${hook.name}` } });
	}
	return { isIncomplete: false, items };
}

/** Go to definition from a frontmatter reference to the operation, webhook or schema in its spec. */
export function frontmatterApiDefinition(site: SiteModel, document: TextDocument, position: Position): LocationLink[] {
	const line = apiLine(document, position);
	if (!line) return [];
	const value = line.value.trim();
	const words = value.split(/\s+/);
	const target = ((): { spec: OpenApiSpec; span: SourceSpan } | undefined => {
		const specsFor = (file: string | undefined) => (file ? [site.specs.resolve(file)].flatMap(s => s ?? []) : site.specs.specs);
		if (line.key === 'openapi-schema') {
			const [file, name] = words.length > 1 ? words : [undefined, words[0]];
			for (const spec of specsFor(file)) {
				const schema = spec.schemas.find(s => s.name === name);
				if (schema) return { spec, span: schema.span };
			}
			return undefined;
		}
		const webhook = /^(?:(\S+)\s+)?webhook\s+(\S+)$/i.exec(value);
		if (webhook) {
			for (const spec of specsFor(webhook[1])) {
				const hook = spec.webhooks.find(h => h.name === webhook[2]);
				if (hook) return { spec, span: hook.span };
			}
			return undefined;
		}
		const entry = classifyEntry(value);
		if (entry.kind !== 'openapi') return undefined;
		const found = findOperations(specsFor(entry.file), entry.method.toUpperCase(), entry.path)[0];
		return found && { spec: found.spec, span: found.operation.span };
	})();
	const targetUri = target && (target.span.uri ?? target.spec.uri);
	const document2 = targetUri && site.specFiles.get(targetUri);
	if (!target || !document2) return [];
	const range = { start: document2.positionAt(target.span.offset), end: document2.positionAt(target.span.offset + target.span.length) };
	const origin = { start: { line: position.line, character: line.valueStart }, end: { line: position.line, character: line.valueStart + line.value.length } };
	return [{ originSelectionRange: origin, targetUri: targetUri!, targetRange: range, targetSelectionRange: range }];
}
