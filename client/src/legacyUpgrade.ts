import * as path from 'node:path';
import * as vscode from 'vscode';
import { unsafeSiteWrite } from './pathGuards';
import { UpgradePlanRequest } from '../../server/src/protocol';
import type { Ctx } from './ctx';
import { LegacyCommands } from './commandIds';

export { LegacyCommands };

/** The scheme of the proposed docs.json shown in the diff before anything is written. */
const proposedScheme = 'mintdoc-upgrade';

/**
 * Options of the upgrade command. `confirm` answers the "Write docs.json?" question without
 * asking (true: write, false: show the preview and stop); the integration tests use it, since
 * they cannot press a notification's button.
 */
export interface UpgradeOptions {
	readonly confirm?: boolean;
}

/** What the upgrade command did. */
export interface UpgradeOutcome {
	readonly written: boolean;
	readonly docsJson?: vscode.Uri;
}

/**
 * MintDoc: Upgrade mint.json to docs.json. The server plans the upgrade (it writes nothing); the
 * proposed docs.json opens in a diff against the current one (or an empty file) with the report
 * of every decision in an output channel; only on "Write docs.json" is the file written.
 * mint.json is never deleted without asking (a separate command, with its own confirmation).
 */
export function registerLegacyUpgrade(ctx: Ctx): void {
	const proposed = new Map<string, string>();
	const changed = new vscode.EventEmitter<vscode.Uri>();
	const report = vscode.window.createOutputChannel('MintDoc Upgrade');
	ctx.pushCleanup(
		changed,
		report,
		vscode.workspace.registerTextDocumentContentProvider(proposedScheme, {
			onDidChange: changed.event,
			provideTextDocumentContent: uri => proposed.get(uri.toString()) ?? '',
		}),
		vscode.commands.registerCommand(LegacyCommands.upgrade, (uri?: vscode.Uri, options?: UpgradeOptions) => upgrade(uri, options)),
		vscode.commands.registerCommand(LegacyCommands.deleteLegacy, (uri?: vscode.Uri) => deleteLegacy(uri)),
		vscode.languages.registerCodeActionsProvider(
			{ scheme: 'file', pattern: '**/mint.json' },
			{ provideCodeActions: legacyActions },
			{
				providedCodeActionKinds: [vscode.CodeActionKind.QuickFix],
			},
		),
	);

	async function upgrade(given: vscode.Uri | undefined, options: UpgradeOptions = {}): Promise<UpgradeOutcome> {
		const mint = given ?? (await pickMintJson());
		const client = ctx.client;
		if (!mint) return { written: false };
		if (!client) {
			void vscode.window.showErrorMessage('MintDoc: the language server is not running; restart it and try again.');
			return { written: false };
		}
		const plan = await client.sendRequest(UpgradePlanRequest.type, { uri: mint.toString() });
		if (plan.text === null) {
			const more = plan.errors.length > 3 ? ` (and ${plan.errors.length - 3} more)` : '';
			void vscode.window
				.showErrorMessage(`MintDoc: mint.json has errors; fix them, then upgrade: ${plan.errors.slice(0, 3).join('; ')}${more}`, 'Show Problems')
				.then(choice => choice && vscode.commands.executeCommand('workbench.actions.view.problems'));
			return { written: false };
		}
		const docsJson = vscode.Uri.joinPath(mint, '..', 'docs.json');
		const exists = await vscode.workspace.fs.stat(docsJson).then(
			() => true,
			() => false,
		);
		const stamp = Date.now().toString(36);
		const right = vscode.Uri.from({ scheme: proposedScheme, path: docsJson.path, query: `proposed-${stamp}` });
		const left = exists ? docsJson : vscode.Uri.from({ scheme: proposedScheme, path: docsJson.path, query: `none-${stamp}` });
		proposed.set(right.toString(), plan.text);
		report.clear();
		report.appendLine(`Upgrade of ${vscode.workspace.asRelativePath(mint)} → ${vscode.workspace.asRelativePath(docsJson)} (nothing written yet)`);
		report.appendLine(plan.report);
		report.show(true);
		await vscode.commands.executeCommand('vscode.diff', left, right, `docs.json ${exists ? '(current ↔ upgraded)' : '(new, from mint.json)'}`, {
			preview: false,
		});
		const write = exists ? 'Replace docs.json' : 'Write docs.json';
		const choice =
			options.confirm === undefined
				? await vscode.window.showInformationMessage(
						`MintDoc: review the upgraded docs.json (every decision is in the "MintDoc Upgrade" output). ${exists ? 'docs.json exists and will be replaced.' : ''}`,
						write,
						'Cancel',
					)
				: options.confirm
					? write
					: undefined;
		if (choice !== write) return { written: false };
		// Never through a link: a docs.json that is one (even dangling) would write a file outside the site.
		const unsafe = await unsafeSiteWrite(path.dirname(mint.fsPath), docsJson.fsPath);
		if (unsafe) {
			void vscode.window.showErrorMessage(`MintDoc: docs.json was not written: ${unsafe}.`);
			return { written: false };
		}
		await vscode.workspace.fs.writeFile(docsJson, new TextEncoder().encode(plan.text));
		await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
		await vscode.window.showTextDocument(docsJson, { preview: false });
		// Never deleted without asking: offered, not done (and not awaited, so the command returns).
		if (options.confirm === undefined)
			void vscode.window
				.showInformationMessage('MintDoc: docs.json written. The platform now ignores mint.json; delete it once docs.json is reviewed.', 'Delete mint.json')
				.then(answer => answer && deleteLegacy(mint));
		return { written: true, docsJson };
	}

	async function pickMintJson(): Promise<vscode.Uri | undefined> {
		const active = vscode.window.activeTextEditor?.document.uri;
		if (active?.path.endsWith('/mint.json')) return active;
		const found = await vscode.workspace.findFiles('**/mint.json', '**/node_modules/**', 50);
		if (found.length <= 1) {
			if (!found.length) void vscode.window.showInformationMessage('MintDoc: no mint.json in this workspace.');
			return found[0];
		}
		const picked = await vscode.window.showQuickPick(
			found.map(uri => ({ label: vscode.workspace.asRelativePath(uri), uri })),
			{ placeHolder: 'Which mint.json to upgrade?' },
		);
		return picked?.uri;
	}
}

async function deleteLegacy(given: vscode.Uri | undefined): Promise<void> {
	const mint = given ?? vscode.window.activeTextEditor?.document.uri;
	if (!mint?.path.endsWith('/mint.json')) return;
	const answer = await vscode.window.showWarningMessage(
		`Delete ${vscode.workspace.asRelativePath(mint)}? The platform reads docs.json beside it; the file goes to the trash.`,
		{ modal: true },
		'Delete',
	);
	if (answer === 'Delete') await vscode.workspace.fs.delete(mint, { useTrash: true });
}

/** Quick fixes on mint.json: the upgrade on `legacy-config`, deleting the file on `legacy-config-ignored`. */
function legacyActions(document: vscode.TextDocument, _range: vscode.Range, context: vscode.CodeActionContext): vscode.CodeAction[] {
	const actions: vscode.CodeAction[] = [];
	for (const diagnostic of context.diagnostics) {
		const code = typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code;
		const [title, command] =
			code === 'legacy-config'
				? ['Upgrade mint.json to docs.json (preview first)', LegacyCommands.upgrade]
				: code === 'legacy-config-ignored'
					? ['Delete mint.json (docs.json replaces it)', LegacyCommands.deleteLegacy]
					: [];
		if (!title || !command) continue;
		const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
		action.command = { title, command, arguments: [document.uri] };
		action.diagnostics = [diagnostic];
		action.isPreferred = true;
		actions.push(action);
	}
	return actions;
}
