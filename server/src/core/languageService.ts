import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { DocumentCache } from './cache';
import { throwIfCancelled, type CancellationToken } from './cancellation';
import { createDiagnostic } from './diagnostic';
import type { ParsedJson } from './docsConfig/parseJson';
import { findDocsRoots } from './docsRoots';
import { validateDocsConfig } from './features/validation';
import { nullLogger, type Logger } from './logger';
import { docsConfigFileName, isDocsConfigUri, joinUri } from './uris';
import type { DocsWorkspace } from './workspace';

/** The diagnostics of one file. */
export interface FileDiagnostics {
	readonly uri: string;
	readonly diagnostics: readonly Diagnostic[];
}

export interface LanguageServiceOptions {
	readonly workspace: DocsWorkspace;
	readonly logger?: Logger;
}

/**
 * MintDoc's language service: pure, with the workspace, documents and a cancellation token as
 * its only inputs. The language server, the CLI and the tests all drive this one object.
 */
export interface LanguageService {
	/** Every folder below the workspace folders that holds a `docs.json`, sorted. */
	findDocsRoots(token: CancellationToken): Promise<string[]>;
	/** Diagnostics of one document, as it is now (typically an open editor buffer). */
	validate(document: TextDocument, token: CancellationToken): Promise<Diagnostic[]>;
	/** Diagnostics of every file of the site rooted at `rootUri` (a folder holding `docs.json`). */
	checkSite(rootUri: string, token: CancellationToken): Promise<FileDiagnostics[]>;
	/** Whether `uri` is a file the service validates. */
	isValidated(uri: string): boolean;
}

export function createLanguageService(options: LanguageServiceOptions): LanguageService {
	const { workspace } = options;
	const logger = options.logger ?? nullLogger;
	// One parse per docs.json text; a handful of roots at most, so a small bound suffices.
	const configParses = new DocumentCache<ParsedJson>(32);

	async function validate(document: TextDocument, token: CancellationToken): Promise<Diagnostic[]> {
		throwIfCancelled(token);
		if (isDocsConfigUri(document.uri)) return validateDocsConfig(document, configParses);
		return [];
	}

	async function checkSite(rootUri: string, token: CancellationToken): Promise<FileDiagnostics[]> {
		const configUri = joinUri(rootUri, docsConfigFileName);
		const config = await workspace.readDocument(configUri);
		throwIfCancelled(token);
		if (!config) {
			logger.warn(`cannot read ${configUri}`);
			const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
			return [{ uri: configUri, diagnostics: [createDiagnostic(range, `${docsConfigFileName} cannot be read.`, 'file-unreadable')] }];
		}
		return [{ uri: configUri, diagnostics: await validate(config, token) }];
	}

	return {
		findDocsRoots: token => findDocsRoots(workspace, token),
		validate,
		checkSite,
		isValidated: isDocsConfigUri,
	};
}
