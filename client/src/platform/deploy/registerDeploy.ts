import * as vscode from 'vscode';
import { isApiError } from '../api/errors';
import { isFinalState, type UpdateStatus } from '../api/types';
import { KeyCommands, type Platform } from '../apiKeys';
import { readAssistantSettings } from '../assistant/assistantSettings';
import { readApiSettings } from '../../config';
import type { Ctx } from '../../ctx';
import { activeRoot } from '../../status';
import { shouldPoll } from '../views/updateStatusModel';
import type { UpdateStatusView } from '../views/updateStatusTree';
import { deployNotice, previewBranch, type BranchFacts, type DeployNotice } from './deployModel';
import { DeployCommands } from '../../commandIds';

export { DeployCommands };

/** What a deploy command did, for tests and scripts. */
export type DeployResult =
	| {
			readonly started: true;
			readonly statusId: string;
			readonly previewUrl?: string;
			readonly branch?: string;
			readonly done: Promise<DeployNotice | undefined>;
	  }
	| { readonly started: false; readonly reason: string };

/** The parts of VS Code's Git extension API (`vscode.git`, API version 1) used here. */
interface GitApi {
	readonly repositories: readonly GitRepository[];
	getRepository(uri: vscode.Uri): GitRepository | null;
}
interface GitRepository {
	readonly rootUri: vscode.Uri;
	readonly state: {
		readonly HEAD?: { readonly name?: string; readonly upstream?: { readonly remote: string; readonly name: string }; readonly ahead?: number };
	};
}

/**
 * "Deploy Site" (`POST /v1/project/update/{projectId}`, after a confirmation naming the project)
 * and "Deploy Preview of This Branch" (`POST /v1/project/preview/{projectId}` with the branch the
 * Git extension reports). Each deployment is tracked in the Update Status view at once and ends
 * in a notification with the URL, or the failure with a way to the logs. Never in Restricted
 * Mode, never without an admin key. `done` resolves with the closing notice (undefined when the
 * view stopped following the deployment before its end). `{confirmed: true}` as argument (tests, scripts) skips the
 * confirmation.
 */
export function registerDeploy(ctx: Ctx, platform: Platform, updates: UpdateStatusView): void {
	const start = async (kind: 'site' | 'preview', args: unknown): Promise<DeployResult> => {
		const refuse = (reason: string, ...actions: { title: string; run: () => unknown }[]): DeployResult => {
			void vscode.window.showWarningMessage(`MintDoc: ${reason}`, ...actions.map(a => a.title)).then(choice => actions.find(a => a.title === choice)?.run());
			return { started: false, reason };
		};
		if (!vscode.workspace.isTrusted)
			return refuse('deploying is not available in Restricted Mode: trust this workspace first.', {
				title: 'Manage Workspace Trust',
				run: () => vscode.commands.executeCommand('workbench.trust.manage'),
			});
		const { projectId } = readApiSettings();
		if (!projectId)
			return refuse('set the project id (mintdoc.projectId) of the site to deploy.', {
				title: 'Set Project ID',
				run: () => vscode.commands.executeCommand('mintdoc.setProjectId'),
			});
		if (!(await platform.keys.get('admin')))
			return refuse('deploying needs an admin API key (mint_…); none is stored.', {
				title: 'Set Admin API Key',
				run: () => vscode.commands.executeCommand(KeyCommands.setAdminKey),
			});
		let branch: string | undefined;
		if (kind === 'preview') {
			const decision = previewBranch(await branchFacts(ctx));
			if (!decision.ok)
				return refuse(
					decision.message,
					...(decision.fix === 'publish' ? [{ title: 'Publish Branch', run: () => vscode.commands.executeCommand('git.publish') }] : []),
				);
			branch = decision.branch;
			if (decision.note) platform.log.append(`Deploy preview: ${decision.note}`);
		}
		const confirmed =
			(args as { confirmed?: unknown } | undefined)?.confirmed === true ||
			(await vscode.window.showWarningMessage(
				kind === 'site'
					? `Deploy the docs site of project '${projectId}' now? The platform builds and publishes its configured branch.`
					: `Deploy a preview of branch '${branch}' for project '${projectId}'? An existing preview of the branch is redeployed.`,
				{ modal: true },
				'Deploy',
			)) === 'Deploy';
		if (!confirmed) return { started: false, reason: 'cancelled' };
		try {
			const client = platform.adminClient();
			const started: { statusId: string; previewUrl?: string } =
				kind === 'site' ? await client.triggerUpdate(projectId) : await client.createPreview(projectId, branch!);
			const previewUrl = started.previewUrl;
			platform.log.append(
				`Deploy ${kind === 'site' ? 'site' : `preview of ${branch}`}: started, status id ${started.statusId}${previewUrl ? `, preview ${previewUrl}` : ''}`,
			);
			// Tracked first: followToEnd reads the view, where an untracked id means "no longer followed".
			await updates.track(started.statusId);
			const done = followToEnd(updates, started.statusId).then(status => {
				if (!status) return undefined;
				const notice = deployNotice(kind, status, { branch, previewUrl, siteUrl: readAssistantSettings().siteUrl });
				// A failure has its notification from the Update Status view (with Show Logs) already.
				if (notice.level === 'info') {
					void vscode.window.showInformationMessage(`MintDoc: ${notice.message}`, ...(notice.url ? ['Open'] : []), 'Show Logs').then(choice => {
						if (choice === 'Open' && notice.url) void vscode.env.openExternal(vscode.Uri.parse(notice.url, true));
						if (choice === 'Show Logs') void updates.openLogs(started.statusId);
					});
				}
				platform.log.append(`Deploy ${started.statusId}: ${notice.message}`);
				return notice;
			});
			void vscode.commands.executeCommand('mintdoc.updateStatus.focus');
			return { started: true, statusId: started.statusId, ...(previewUrl ? { previewUrl } : {}), ...(branch ? { branch } : {}), done };
		} catch (e) {
			const message = isApiError(e) ? e.message : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
			platform.log.append(`Deploy: ${message}`);
			void vscode.window.showErrorMessage(`MintDoc: ${message}`);
			return { started: false, reason: message };
		}
	};
	ctx.pushCleanup(
		vscode.commands.registerCommand(DeployCommands.site, (args?: unknown) => start('site', args)),
		vscode.commands.registerCommand(DeployCommands.preview, (args?: unknown) => start('preview', args)),
	);
}

/**
 * Resolves with the status once the view has it in a final state (it polls with backoff), or
 * with undefined when the view stops following it (untracked, or polling gave up on an error).
 */
function followToEnd(updates: UpdateStatusView, statusId: string): Promise<UpdateStatus | undefined> {
	const outcome = (): { status: UpdateStatus | undefined } | undefined => {
		const tracked = updates.state.tracked.find(t => t.id === statusId);
		if (!tracked) return { status: undefined };
		if (tracked.status && isFinalState(tracked.status.status)) return { status: tracked.status };
		if (!tracked.loading && (tracked.status || tracked.error) && !shouldPoll(tracked)) return { status: undefined };
		return undefined;
	};
	return new Promise(resolve => {
		const already = outcome();
		if (already) return resolve(already.status);
		const listener = updates.onDidChange(() => {
			const now = outcome();
			if (!now) return;
			listener.dispose();
			resolve(now.status);
		});
	});
}

/** What the Git extension knows about the repository of the docs root (the active one first). */
async function branchFacts(ctx: Ctx): Promise<BranchFacts> {
	const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
	if (!extension) return { gitAvailable: false, repository: false };
	let api: GitApi;
	try {
		api = (extension.isActive ? extension.exports : await extension.activate()).getAPI(1);
	} catch {
		return { gitAvailable: false, repository: false };
	}
	const root = activeRoot(ctx.status.current.roots, vscode.window.activeTextEditor?.document.uri.toString());
	const near = root ? vscode.Uri.parse(root) : vscode.workspace.workspaceFolders?.[0]?.uri;
	const repository = (near && api.getRepository(near)) ?? (api.repositories.length === 1 ? api.repositories[0] : undefined);
	if (!repository) return { gitAvailable: true, repository: false };
	const head = repository.state.HEAD;
	return {
		gitAvailable: true,
		repository: true,
		...(head?.name ? { branch: head.name } : {}),
		...(head?.upstream ? { upstream: head.upstream } : {}),
		...(head?.ahead !== undefined ? { ahead: head.ahead } : {}),
	};
}
