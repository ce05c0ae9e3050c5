import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../../cancellation';
import { createDiagnostic } from '../../diagnostic';
import { closestMatch } from '../../textDistance';
import { dirnameUri, isUnder, joinUri } from '../../uris';
import type { PageSummary } from '../pageTypes';
import type { SnippetExport } from '../snippetExports';

/** Props React reads itself: never the component's to declare. */
const reactProps = new Set(['key', 'ref', 'children']);

/**
 * Props of a snippet component that its exported function does not destructure. A hint, never
 * more: the platform passes every prop written, and the snippet simply never reads this one.
 * Components taking their props whole or keeping a rest (`...rest`) read any prop, and are skipped.
 */
export async function checkSnippetProps(
	pageUri: string,
	summary: Pick<PageSummary, 'imports' | 'elements'>,
	rootUri: string,
	exportsOf: (uri: string) => Promise<readonly SnippetExport[] | undefined>,
	token: CancellationToken,
): Promise<Diagnostic[]> {
	const components = new Map<string, { uri: string; exported: string }>();
	for (const { source, names } of summary.imports) {
		if (!names || !/^(\/|\.\.?\/)/.test(source)) continue;
		const uri = source.startsWith('/') ? joinUri(rootUri, ...source.slice(1).split('/')) : joinUri(dirnameUri(pageUri), ...source.split('/'));
		if (!isUnder(uri, rootUri)) continue;
		for (const { exported, local } of names) if (/^[A-Z]/.test(local)) components.set(local, { uri, exported });
	}
	const diagnostics: Diagnostic[] = [];
	if (!components.size) return diagnostics;
	for (const element of summary.elements) {
		const imported = components.get(element.name);
		if (!imported || !element.props) continue;
		throwIfCancelled(token);
		const component = (await exportsOf(imported.uri))?.find(e => e.name === imported.exported);
		if (!component || component.open) continue;
		for (const prop of element.props) {
			if (component.props.includes(prop.name) || reactProps.has(prop.name)) continue;
			// A prop written on the element already is not the one meant (`lessonKey` beside `lessonNum`).
			const suggestion = closestMatch(
				prop.name,
				component.props.filter(p => !element.attributes.includes(p)),
			);
			const diagnostic = createDiagnostic(
				prop.range,
				`<${element.name}> does not read a prop "${prop.name}": its function in the snippet takes ${component.props.length ? component.props.map(p => `"${p}"`).join(', ') : 'no props'}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
				'snippet-unknown-prop',
			);
			if (suggestion) diagnostic.data = { replacement: suggestion };
			diagnostics.push(diagnostic);
		}
	}
	return diagnostics;
}
