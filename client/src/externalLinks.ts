import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import { CheckExternalLinksRequest } from '../../server/src/protocol';
import { Commands } from './commandIds';
import type { Ctx } from './ctx';
import { readSetting } from './config';

/**
 * External links are checked over the network only when asked: the *Check External Links*
 * command, or at server start when `mintdoc.links.checkExternal` is on. Never in Restricted Mode
 * (the server refuses too), never on a keystroke.
 */
export function registerExternalLinks(ctx: Ctx): void {
	ctx.pushCleanup(vscode.commands.registerCommand(Commands.checkExternalLinks, () => checkExternalLinks(ctx.client, true)));
	ctx.onClientReady(client =>
		client.onDidChangeState(({ newState }) => {
			if (newState === State.Running && vscode.workspace.isTrusted && readSetting('links.checkExternal')) void checkExternalLinks(client, false);
		}),
	);
}

async function checkExternalLinks(client: BaseLanguageClient | undefined, announce: boolean): Promise<void> {
	if (!vscode.workspace.isTrusted) {
		void vscode.window.showWarningMessage('MintDoc: external links are not checked in Restricted Mode.');
		return;
	}
	if (!client) return;
	try {
		const result = await client.sendRequest(CheckExternalLinksRequest.type, {});
		if (result.refused) void vscode.window.showWarningMessage(`MintDoc: ${result.refused}`);
		else if (announce)
			void vscode.window.showInformationMessage(
				`MintDoc: ${result.broken} broken external link${result.broken === 1 ? '' : 's'}, ${result.unchecked} that could not be checked (see Problems).`,
			);
	} catch (e) {
		client.outputChannel.appendLine(`external link check: ${e instanceof Error ? e.message : String(e)}`);
	}
}
