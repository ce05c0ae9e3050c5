/**
 * Every `mintdoc.*` setting the extension reads, with its type and default: the one typed table
 * the client reads settings through (config.ts). package.json's `contributes.configuration`
 * declares the same keys and defaults, and a unit test keeps the two in step. No `vscode` here, so
 * that test needs no editor.
 */
export interface MintdocSettings {
	readonly 'trace.server': 'off' | 'messages' | 'verbose';
	/** Machine-scoped: a cloned repository cannot send the keys elsewhere. */
	readonly 'api.baseUrl': string;
	readonly projectId: string;
	readonly 'assistant.domain': string;
	readonly 'assistant.fingerprint': 'anonymous' | 'machine';
	readonly 'assistant.apiVersion': 'auto' | 'v2' | 'v1';
	readonly 'assistant.retrievalPageSize': number;
	readonly 'assistant.idleTimeoutSeconds': number;
	readonly 'assistant.siteUrl': string;
	readonly 'a11y.enabled': boolean;
	readonly 'links.checkExternal': boolean;
	/** Read by the language server (mintdoc/movePage), listed here so the table is whole. */
	readonly 'pages.addRedirectOnMove': boolean;
	/** Read by the language server (lsp/comparedSites.ts), listed here so the table is whole. */
	readonly compareWith: string;
	readonly 'insights.pageSummary': boolean;
	readonly 'preview.followEditor': boolean;
	readonly autoClosingTags: boolean;
}

export type SettingKey = keyof MintdocSettings;

export const settingDefaults: MintdocSettings = {
	'trace.server': 'off',
	'api.baseUrl': 'https://api.mintlify.com',
	projectId: '',
	'assistant.domain': '',
	'assistant.fingerprint': 'anonymous',
	'assistant.apiVersion': 'auto',
	'assistant.retrievalPageSize': 5,
	'assistant.idleTimeoutSeconds': 60,
	'assistant.siteUrl': '',
	'a11y.enabled': true,
	'links.checkExternal': false,
	'pages.addRedirectOnMove': true,
	compareWith: 'merge-base',
	'insights.pageSummary': true,
	'preview.followEditor': true,
	autoClosingTags: true,
};

/**
 * A setting's value as read, or its default when the value has the wrong type (a hand-edited
 * settings.json can hold anything). Strings are trimmed.
 */
export function settingValue<K extends SettingKey>(key: K, value: unknown): MintdocSettings[K] {
	const fallback = settingDefaults[key];
	if (typeof value !== typeof fallback || (typeof value === 'number' && !Number.isFinite(value))) return fallback;
	return (typeof value === 'string' ? value.trim() : value) as MintdocSettings[K];
}
