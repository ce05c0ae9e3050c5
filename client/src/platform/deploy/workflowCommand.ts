import * as vscode from 'vscode';
import type { WorkflowRun } from '../api/docsApiClient';
import { isApiError } from '../api/errors';
import { KeyCommands, type Platform } from '../apiKeys';
import { readApiSettings } from '../../config';
import type { Ctx } from '../../ctx';
import { Commands } from '../../commandIds';

export const WorkflowCommands = { trigger: Commands.triggerWorkflow } as const;
/** The dashboard page listing automations and their runs (the API has no run-status endpoint). */
export const automationsUrl = 'https://app.mintlify.com/products/automations';
const recentKey = 'mintdoc.workflows.recent';
const maxRecent = 10;

export type WorkflowResult = { readonly started: true; readonly run: WorkflowRun } | { readonly started: false; readonly reason: string };

/**
 * "Run Automation Now…": `POST /v1/workflow/{projectId}/{workflowSchemaId}/trigger` for an
 * automation id picked from the ones used before in this workspace or pasted from its settings
 * panel in the dashboard. Never in Restricted Mode, never without an admin key. The platform
 * documents no status endpoint for a run, so the run's ids are logged and shown with a link to
 * the run history; a deployment the run leads to is followed in Update Status like any other.
 * `{workflowId, confirmed: true}` as argument (tests, scripts) skips the questions.
 */
export function registerWorkflowCommand(ctx: Ctx, platform: Platform): void {
	const memento = ctx.context.workspaceState;
	const run = async (args: unknown): Promise<WorkflowResult> => {
		const refuse = (reason: string, action?: { title: string; command: string }): WorkflowResult => {
			void vscode.window.showWarningMessage(`MintDoc: ${reason}`, ...(action ? [action.title] : [])).then(choice => {
				if (choice && action) void vscode.commands.executeCommand(action.command);
			});
			return { started: false, reason };
		};
		if (!vscode.workspace.isTrusted) return refuse('running automations is not available in Restricted Mode: trust this workspace first.');
		const { projectId } = readApiSettings();
		if (!projectId) return refuse('set the project id (mintdoc.projectId) first.', { title: 'Set Project ID', command: 'mintdoc.setProjectId' });
		if (!(await platform.keys.get('admin')))
			return refuse('running an automation needs an admin API key (mint_…); none is stored.', { title: 'Set Admin API Key', command: KeyCommands.setAdminKey });
		const given = args as { workflowId?: unknown; confirmed?: unknown } | undefined;
		const recent = memento.get<string[]>(recentKey, []).filter(id => typeof id === 'string');
		const workflowId = typeof given?.workflowId === 'string' ? given.workflowId.trim() : await pickWorkflow(recent);
		if (!workflowId) return { started: false, reason: 'cancelled' };
		const confirmed =
			given?.confirmed === true ||
			(await vscode.window.showWarningMessage(
				`Run automation '${workflowId}' of project '${projectId}' now? It picks up the changes since its last completed run.`,
				{ modal: true },
				'Run',
			)) === 'Run';
		if (!confirmed) return { started: false, reason: 'cancelled' };
		try {
			const started = await platform.adminClient().triggerWorkflow(projectId, workflowId);
			await memento.update(recentKey, [workflowId, ...recent.filter(id => id !== workflowId)].slice(0, maxRecent));
			const ids = [started.instanceId ? `run ${started.instanceId}` : '', started.jobId ? `job ${started.jobId}` : ''].filter(Boolean).join(', ');
			platform.log.append(`Automation ${started.schemaId}: queued${ids ? ` (${ids})` : ''}`);
			void vscode.window
				.showInformationMessage(
					`MintDoc: automation run queued${ids ? ` (${ids})` : ''}. Its progress is in the run history of the dashboard.`,
					'Open Automation Runs',
				)
				.then(choice => choice && vscode.env.openExternal(vscode.Uri.parse(automationsUrl)));
			return { started: true, run: started };
		} catch (e) {
			const message = isApiError(e) ? e.message : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
			platform.log.append(`Automation ${workflowId.slice(0, 40)}: ${message}`);
			void vscode.window.showErrorMessage(`MintDoc: ${message}`);
			return { started: false, reason: message };
		}
	};
	ctx.pushCleanup(vscode.commands.registerCommand(WorkflowCommands.trigger, run));
}

/** A quick pick of the ids used before; typing a new id offers it as the first item. */
async function pickWorkflow(recent: readonly string[]): Promise<string | undefined> {
	const pick = vscode.window.createQuickPick<vscode.QuickPickItem>();
	pick.title = 'MintDoc: Run Automation Now';
	pick.placeholder = "Automation id (from the automation's settings panel on the Automations page of the dashboard)";
	pick.ignoreFocusOut = true;
	const recentItems = recent.map(id => ({ label: id, description: 'used before' }));
	pick.items = recentItems;
	pick.onDidChangeValue(value => {
		const typed = value.trim();
		pick.items = typed && !recent.includes(typed) ? [{ label: typed, description: 'run this automation' }, ...recentItems] : recentItems;
	});
	return new Promise(resolve => {
		pick.onDidAccept(() => {
			resolve(pick.selectedItems[0]?.label ?? (pick.value.trim() || undefined));
			pick.hide();
		});
		pick.onDidHide(() => {
			resolve(undefined);
			pick.dispose();
		});
		pick.show();
	});
}
