import * as vscode from 'vscode';
import { createDocsApiClient, type DocsApiClient } from './api/docsApiClient';
import { redact } from '../redaction';
import { adminKeyWarning, assistantKeyWarning } from './api/keys';
import { apiEnv, hostEnvironment, onDidChangeApiSettings, readApiSettings, type Environment } from '../config';
import type { Ctx } from '../ctx';
import { KeyCommands } from '../commandIds';

/** The keys MintDoc keeps: the admin API key (update status, feedback) and the public assistant key. */
export type KeyKind = 'admin' | 'assistant';

/** SecretStorage ids. Keys live there only: never in settings, state, logs or messages. */
export const secretIds: Readonly<Record<KeyKind, string>> = { admin: 'mintdoc.api.adminKey', assistant: 'mintdoc.api.assistantKey' };

export { KeyCommands };

const labels: Record<KeyKind, string> = { admin: 'admin API key', assistant: 'assistant key' };

/**
 * The platform keys in VS Code's SecretStorage, with a change event and the context keys
 * `mintdoc.hasAdminKey` / `mintdoc.hasAssistantKey` for `when` clauses and welcome views.
 */
export class ApiKeys implements vscode.Disposable {
	readonly #onDidChange = new vscode.EventEmitter<KeyKind>();
	readonly onDidChange = this.#onDidChange.event;
	/** Known values, only to redact them from anything MintDoc logs or shows. */
	readonly #known = new Map<KeyKind, string>();
	readonly #subscription: vscode.Disposable;

	constructor(private readonly secrets: vscode.SecretStorage) {
		// Another window of the same profile may set or clear a key.
		this.#subscription = secrets.onDidChange(e => {
			const kind = (Object.keys(secretIds) as KeyKind[]).find(k => secretIds[k] === e.key);
			if (kind) void this.get(kind).then(() => this.#onDidChange.fire(kind));
		});
	}

	async get(kind: KeyKind): Promise<string | undefined> {
		const value = (await this.secrets.get(secretIds[kind]))?.trim() || undefined;
		if (value) this.#known.set(kind, value);
		else this.#known.delete(kind);
		await vscode.commands.executeCommand('setContext', kind === 'admin' ? 'mintdoc.hasAdminKey' : 'mintdoc.hasAssistantKey', !!value);
		return value;
	}

	async set(kind: KeyKind, value: string): Promise<void> {
		await this.secrets.store(secretIds[kind], value.trim());
		await this.get(kind);
		this.#onDidChange.fire(kind);
	}

	async clear(kind: KeyKind): Promise<void> {
		await this.secrets.delete(secretIds[kind]);
		await this.get(kind);
		this.#onDidChange.fire(kind);
	}

	/** The stored keys' values (for redaction only). */
	knownValues(): string[] {
		return [...this.#known.values()];
	}

	/**
	 * For the demo: stores `MINTDOC_DEMO_ADMIN_KEY` / `MINTDOC_DEMO_ASSISTANT_KEY` when set and no
	 * key of that kind is stored yet, so `npm run demo` works with no typing. A stored key wins.
	 */
	async seedFromEnv(env: Environment = hostEnvironment()): Promise<void> {
		for (const [kind, name] of [
			['admin', apiEnv.demoAdminKey],
			['assistant', apiEnv.demoAssistantKey],
		] as const) {
			const value = env[name]?.trim();
			if (!(await this.get(kind)) && value) await this.set(kind, value);
		}
	}

	dispose(): void {
		this.#subscription.dispose();
		this.#onDidChange.dispose();
	}
}

/**
 * "MintDoc: Set Admin API Key", "Clear Admin API Key", "Set Assistant Key", "Sign Out". The set
 * commands take the key as an optional argument (scripts, tests); otherwise they ask with a
 * password input box that warns, without blocking, when the key does not look right.
 */
export function registerApiKeyCommands(ctx: Ctx, keys: ApiKeys): void {
	const ask = async (kind: KeyKind, given: unknown): Promise<void> => {
		const value =
			typeof given === 'string'
				? given
				: await vscode.window.showInputBox({
						title: `MintDoc: Set ${kind === 'admin' ? 'Admin API Key' : 'Assistant Key'}`,
						prompt:
							kind === 'admin'
								? 'Admin API key (mint_…) from the API keys page of the dashboard. Stored in VS Code secret storage, never in settings.'
								: 'Public assistant key (mint_dsc_…) from the dashboard. Stored in VS Code secret storage, never in settings.',
						password: true,
						ignoreFocusOut: true,
						validateInput: text => {
							if (!text.trim()) return { message: 'Enter a key, or press Escape to cancel.', severity: vscode.InputBoxValidationSeverity.Error };
							const warning = kind === 'admin' ? adminKeyWarning(text) : assistantKeyWarning(text);
							return warning ? { message: warning, severity: vscode.InputBoxValidationSeverity.Warning } : undefined;
						},
					});
		if (!value?.trim()) return;
		await keys.set(kind, value);
		const warning = kind === 'admin' ? adminKeyWarning(value) : assistantKeyWarning(value);
		const note = warning ? ` ${warning.replace(/ You can still save it\.$/, '')}` : '';
		void vscode.window[warning ? 'showWarningMessage' : 'showInformationMessage'](`MintDoc: ${labels[kind]} saved in secret storage.${note}`);
	};
	ctx.pushCleanup(
		vscode.commands.registerCommand(KeyCommands.setAdminKey, (key?: unknown) => ask('admin', key)),
		vscode.commands.registerCommand(KeyCommands.setAssistantKey, (key?: unknown) => ask('assistant', key)),
		vscode.commands.registerCommand(KeyCommands.clearAdminKey, async () => {
			await keys.clear('admin');
			void vscode.window.showInformationMessage('MintDoc: admin API key removed.');
		}),
		vscode.commands.registerCommand(KeyCommands.signOut, async () => {
			await keys.clear('admin');
			await keys.clear('assistant');
			void vscode.window.showInformationMessage('MintDoc: signed out; both keys were removed from secret storage.');
		}),
	);
}

/**
 * A log for the platform features: writes to the MintDoc output channel after removing every
 * known key (and anything key-shaped), and keeps the last lines for tests to inspect.
 */
export class PlatformLog implements vscode.Disposable {
	readonly #lines: string[] = [];
	readonly #onDidAppend = new vscode.EventEmitter<string>();
	/** A line was written (redacted): some outcomes are a line and nothing else (a server without an optional endpoint). */
	readonly onDidAppend = this.#onDidAppend.event;

	constructor(
		private readonly channel: vscode.OutputChannel,
		private readonly keys: ApiKeys,
	) {}

	append(line: string): void {
		const safe = redact(line, this.keys.knownValues());
		this.#lines.push(safe);
		if (this.#lines.length > 500) this.#lines.shift();
		this.channel.appendLine(safe);
		this.#onDidAppend.fire(safe);
	}

	dispose(): void {
		this.#onDidAppend.dispose();
	}

	lines(): readonly string[] {
		return this.#lines;
	}
}

/** What the platform features share: the keys, a redacting log, a client factory, settings changes. */
export interface Platform {
	readonly keys: ApiKeys;
	readonly log: PlatformLog;
	/** A client for the admin endpoints with the current settings (the key is read per request). */
	adminClient(): DocsApiClient;
	readonly onDidChangeSettings: vscode.Event<void>;
}

/** Sets up key storage, its commands and the demo seeding; the platform views build on the result. */
export function registerApiKeys(ctx: Ctx): Platform {
	const keys = new ApiKeys(ctx.context.secrets);
	const log = new PlatformLog(ctx.outputChannel, keys);
	const settingsChanged = new vscode.EventEmitter<void>();
	ctx.pushCleanup(
		keys,
		log,
		settingsChanged,
		onDidChangeApiSettings(() => settingsChanged.fire()),
	);
	registerApiKeyCommands(ctx, keys);
	void keys.seedFromEnv().then(
		() => keys.get('assistant'),
		e => log.append(`Keys: could not read secret storage: ${e instanceof Error ? e.message : String(e)}`),
	);
	const settings = readApiSettings();
	if (settings.baseUrlFrom === 'env') log.append(`Platform API: using ${settings.baseUrl} from ${apiEnv.baseUrl}`);
	// Which feedback path answered, per base URL and project, for this session (see docsApiClient).
	const pathMemory = new Map<string, 'current' | 'spec'>();
	return {
		keys,
		log,
		onDidChangeSettings: settingsChanged.event,
		adminClient: () =>
			createDocsApiClient({ baseUrl: readApiSettings().baseUrl, getApiKey: () => keys.get('admin'), pathMemory, onFallback: message => log.append(message) }),
	};
}
