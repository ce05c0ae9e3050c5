import {
	DocumentFormattingRequest,
	DocumentRangeFormattingRequest,
	type ClientCapabilities,
	type Connection,
	type ServerCapabilities,
	type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { formatDocumentEdits, formatRangeEdits } from '../core/format/formatEdits';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import { runSafeAsync } from './runner';

/**
 * MDX pages only (the client also sends Markdown and YAML, whose formatters are someone else's), of
 * the workspace's own file systems: `file` on the desktop, `vscode-vfs` on github.dev,
 * `vscode-remote` in code-server's browser extension host.
 */
const mdxSelector = (schemes: readonly string[]) => schemes.map(scheme => ({ scheme, pattern: '**/*.mdx' }));

/**
 * Formatting capabilities: registered for `.mdx` files only when the client can register them
 * later (VS Code), so MintDoc never claims to format YAML or Markdown; a client that cannot gets
 * them statically and receives no edits for other files.
 */
export function formattingCapabilities(client: ClientCapabilities): Pick<ServerCapabilities, 'documentFormattingProvider' | 'documentRangeFormattingProvider'> {
	if (dynamic(client)) return {};
	return { documentFormattingProvider: true, documentRangeFormattingProvider: true };
}

function dynamic(client: ClientCapabilities): boolean {
	return !!client.textDocument?.formatting?.dynamicRegistration && !!client.textDocument?.rangeFormatting?.dynamicRegistration;
}

/** Format document / format selection / format on save, answered by the core (format/formatEdits.ts). */
export function registerFormatting(connection: Connection, documents: TextDocuments<TextDocument>, workspace: DocsWorkspace, logger: Logger): void {
	connection.onDocumentFormatting((p, token) =>
		runSafeAsync(
			logger,
			async () => (documents.get(p.textDocument.uri) ? formatDocumentEdits(documents.get(p.textDocument.uri)!, workspace, token) : []),
			[],
			'format',
			token,
		),
	);
	connection.onDocumentRangeFormatting((p, token) =>
		runSafeAsync(
			logger,
			async () => (documents.get(p.textDocument.uri) ? formatRangeEdits(documents.get(p.textDocument.uri)!, p.range, workspace, token) : []),
			[],
			'format selection',
			token,
		),
	);
}

/** After initialize: the `.mdx`-only registrations for the URI schemes of the workspace folders, when the client supports them. */
export function registerFormattingDynamically(connection: Connection, client: ClientCapabilities, schemes: readonly string[], logger: Logger): void {
	if (!dynamic(client)) return;
	Promise.all([
		connection.client.register(DocumentFormattingRequest.type, { documentSelector: mdxSelector(schemes) }),
		connection.client.register(DocumentRangeFormattingRequest.type, { documentSelector: mdxSelector(schemes) }),
	]).catch(e => logger.error(`registering MDX formatting failed: ${String(e)}`));
}
