import type { Diagnostic } from 'vscode-languageserver-types';
import { throwIfCancelled, type CancellationToken } from '../cancellation';
import { composeConfig, type ComposedConfig, type ConfigFileLoader } from '../docsConfig/compose';
import { getProperty, getValue, type ConfigNode } from '../docsConfig/configTree';
import { checkTopLevelKeys } from '../docsConfig/configRules';
import { DiagnosticSink } from '../docsConfig/diagnosticSink';
import { extractNavigation, type Navigation } from '../docsConfig/navigation';
import { checkNavigation } from '../docsConfig/navigationRules';
import { checkPageReferences, checkRedirects } from '../docsConfig/pageRules';
import type { PageIndex } from './pageIndex';

/** Everything MintDoc knows about one docs site, derived from its files. */
export interface SiteModel {
	readonly rootUri: string;
	readonly config: ComposedConfig;
	readonly navigation: Navigation | undefined;
	readonly pages: PageIndex;
	/** `pages.version` when the model was built: a later version means the model is stale. */
	readonly pageVersion: number;
	/** Diagnostics of every configuration file (docs.json and its `$ref` files), clean files included with []. */
	readonly diagnostics: ReadonlyMap<string, Diagnostic[]>;
}

/** Builds the model of a site: composes the configuration and runs every configuration rule on it. */
export async function buildSiteModel(rootUri: string, configUri: string, load: ConfigFileLoader, pages: PageIndex, token: CancellationToken): Promise<SiteModel> {
	const config = await composeConfig(rootUri, configUri, load, token);
	throwIfCancelled(token);
	const navigation = extractNavigation(config.root);
	const diagnostics = new Map(config.diagnostics);
	const sink = new DiagnosticSink(config.files, diagnostics);
	checkTopLevelKeys(config.root, sink);
	checkNavigation(config.root, navigation, sink);
	checkPageReferences(navigation, pages, sink);
	checkRedirects(config.root, pages, generatedPageFolders(config.root, navigation), sink);
	for (const uri of config.files.keys()) if (!diagnostics.has(uri)) diagnostics.set(uri, []);
	return { rootUri, config, navigation, pages, pageVersion: pages.version, diagnostics };
}

/**
 * Folders where the platform generates API pages: each `openapi` object's `directory`, and the
 * default `api-reference` as soon as any OpenAPI source is configured.
 */
export function generatedPageFolders(config: ConfigNode | undefined, navigation: Navigation | undefined): string[] {
	const folders = new Set<string>();
	const sources: (ConfigNode | undefined)[] = [getValue(getValue(config, 'api'), 'openapi')];
	for (const element of navigation?.elements ?? []) sources.push(getProperty(element.node, 'openapi')?.value);
	for (const source of sources) {
		if (!source) continue;
		const directory = getValue(source, 'directory');
		folders.add(directory?.kind === 'string' ? (directory.value as string).replace(/^\/+|\/+$/g, '') : 'api-reference');
	}
	return [...folders];
}
