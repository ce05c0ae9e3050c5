import * as vscode from 'vscode';
import { clampRetrievalPageSize } from '../api/assistantClient';
import { fingerprintFor } from '../api/assistantContext';
import { assistantApiSetting, type AssistantApiSetting } from '../api/assistantVersion';
import { readApiSettings, readSetting } from '../../config';

/** The `mintdoc.assistant.*` settings (and the API base URL), resolved now; never cached. */
export interface AssistantSettings {
	readonly baseUrl: string;
	/** Empty when not set. */
	readonly domain: string;
	/** `anonymous`, or `env.machineId` when `mintdoc.assistant.fingerprint` is `machine`. */
	readonly fp: string;
	readonly retrievalPageSize: number;
	/** 0: never end an answer for being idle. */
	readonly idleTimeoutMs: number;
	/** Public address of the site (https), for sources that are not in the workspace. Empty when not set. */
	readonly siteUrl: string;
	/** `mintdoc.assistant.apiVersion`: `auto` (v2, v1 on a 404), `v2` or `v1`. */
	readonly apiVersion: AssistantApiSetting;
}

export function readAssistantSettings(): AssistantSettings {
	const api = readApiSettings();
	const idleSeconds = readSetting('assistant.idleTimeoutSeconds');
	return {
		baseUrl: api.baseUrl,
		domain: api.assistantDomain,
		fp: fingerprintFor(readSetting('assistant.fingerprint'), vscode.env.machineId),
		retrievalPageSize: clampRetrievalPageSize(readSetting('assistant.retrievalPageSize')),
		idleTimeoutMs: idleSeconds > 0 ? Math.min(idleSeconds, 3600) * 1000 : 0,
		siteUrl: readSetting('assistant.siteUrl'),
		apiVersion: assistantApiSetting(readSetting('assistant.apiVersion')),
	};
}

/** Stores the domain in the workspace settings (it belongs to the docs repository), or user settings without a workspace. */
export async function setAssistantDomain(domain: string): Promise<void> {
	const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
	await vscode.workspace.getConfiguration('mintdoc').update('assistant.domain', domain.trim() || undefined, target);
}
