import * as vscode from 'vscode';
import { settingDefaults, settingValue, type MintdocSettings, type SettingKey } from './settingsTable';

/** Default of `mintdoc.api.baseUrl`: the platform's public API. */
export const defaultApiBaseUrl = settingDefaults['api.baseUrl'];

/** A `mintdoc.*` setting now, typed (never cached: settings may change at any time). Every read of a setting goes through here. */
export function readSetting<K extends SettingKey>(key: K, scope?: vscode.Uri): MintdocSettings[K] {
	return settingValue(key, vscode.workspace.getConfiguration('mintdoc', scope).get(key));
}

/**
 * Environment variables the extension host may carry (the demo sets them to point at the local
 * stand-in). Each is used only while the matching setting is unset, so a user's choice wins.
 */
export const apiEnv = {
	baseUrl: 'MINTDOC_API_URL',
	projectId: 'MINTDOC_PROJECT_ID',
	assistantDomain: 'MINTDOC_ASSISTANT_DOMAIN',
	demoAdminKey: 'MINTDOC_DEMO_ADMIN_KEY',
	demoAssistantKey: 'MINTDOC_DEMO_ASSISTANT_KEY',
} as const;

/** The `mintdoc.*` settings of the platform API, resolved. Keys are not settings: see apiKeys.ts. */
export interface ApiSettings {
	readonly baseUrl: string;
	/** Where `baseUrl` came from: the setting, `MINTDOC_API_URL`, or the default. */
	readonly baseUrlFrom: 'setting' | 'env' | 'default';
	/** Empty when not set. */
	readonly projectId: string;
	/** Empty when not set. */
	readonly assistantDomain: string;
}

/** Environment variables, as a map of strings. */
export type Environment = Readonly<Record<string, string | undefined>>;

/** The extension host's environment; none in a browser (VS Code's web worker extension host has no `process`). */
export const hostEnvironment = (): Environment => (globalThis as { process?: { env?: Environment } }).process?.env ?? {};

/** Reads the settings now (never cached: they may change at any time). */
export function readApiSettings(env: Environment = hostEnvironment()): ApiSettings {
	// The setting is machine-scoped: a workspace (a cloned repository) cannot send the key elsewhere.
	const configured = readSetting('api.baseUrl');
	const fromEnv = env[apiEnv.baseUrl]?.trim();
	const baseUrl =
		configured && configured !== defaultApiBaseUrl
			? { baseUrl: configured, baseUrlFrom: 'setting' as const }
			: fromEnv
				? { baseUrl: fromEnv, baseUrlFrom: 'env' as const }
				: { baseUrl: defaultApiBaseUrl, baseUrlFrom: 'default' as const };
	return {
		...baseUrl,
		projectId: readSetting('projectId') || env[apiEnv.projectId]?.trim() || '',
		assistantDomain: readSetting('assistant.domain') || env[apiEnv.assistantDomain]?.trim() || '',
	};
}

/** Fires when any platform API setting changes. */
export function onDidChangeApiSettings(listener: () => void): vscode.Disposable {
	return vscode.workspace.onDidChangeConfiguration(e => {
		if (e.affectsConfiguration('mintdoc.api') || e.affectsConfiguration('mintdoc.projectId') || e.affectsConfiguration('mintdoc.assistant')) listener();
	});
}

/** Stores the project id in the workspace settings (it is per docs repository), or user settings without a workspace. */
export async function setProjectId(projectId: string): Promise<void> {
	const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
	await vscode.workspace.getConfiguration('mintdoc').update('projectId', projectId.trim() || undefined, target);
}
