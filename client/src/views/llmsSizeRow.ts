import * as vscode from 'vscode';
import { LlmsSizeRequest, type LlmsSizeResult } from '../../../server/src/protocol';
import { AgentsCommands } from '../commandIds';
import type { Ctx } from '../ctx';

/** Typing pauses this long before a site's llms.txt is measured again (the server lists every page each time). */
const remeasureDelayMs = 1000;

const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/** The "llms.txt" row of a site: its size against the platform's cap; `size` undefined while it is measured. */
export function llmsSizeItem(size: LlmsSizeResult | undefined): vscode.TreeItem {
	const item = new vscode.TreeItem('llms.txt', vscode.TreeItemCollapsibleState.None);
	item.contextValue = 'llmsTxt';
	item.iconPath = new vscode.ThemeIcon('hubot');
	if (!size) {
		item.description = 'measuring…';
		return item;
	}
	const limit = count(size.limit);
	const open = 'Click to see it as agents read it.';
	item.command = { command: AgentsCommands.showWhatAgentsRead, title: 'Show What Agents Read', arguments: [vscode.Uri.parse(size.configUri)] };
	if (size.custom) {
		item.description = `custom file, ${plural(size.characters, 'character')}`;
		item.tooltip = `The site commits its own llms.txt: the platform serves it at /llms.txt as written, instead of generating one (the ${limit}-character cap applies to the generated file only). ${open}`;
		return item;
	}
	const served = `The platform generates llms.txt (the site's pages listed for AI agents) and serves it at /llms.txt, never past ${limit} characters: beyond that it shortens every description to one length, then drops entries from the end of the navigation.`;
	if (size.characters <= size.limit) {
		item.description = `${count(size.characters)} of ${limit} characters`;
		item.tooltip = `${served} ${open}`;
		return item;
	}
	const cuts = [size.shortened && `${plural(size.shortened, 'description')} shortened`, size.dropped && `${plural(size.dropped, 'entry', 'entries')} dropped`];
	const how = cuts.filter(Boolean).join(', ');
	item.description = `${count(size.characters)} of ${limit} characters: would be cut${how ? ` (${how})` : ''}`;
	item.tooltip = `${served} This site's would have ${count(size.characters)} characters, so it is cut${how ? `: ${how}` : ''}. ${open}`;
	item.iconPath = new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground'));
	return item;
}

/**
 * The llms.txt sizes the Site view shows, per docs root. Measured when a row first asks, then again
 * after the site changes or a page's frontmatter (the titles and descriptions llms.txt lists) is
 * edited, debounced; while the view is hidden, only marked stale.
 */
export class LlmsSizes implements vscode.Disposable {
	readonly #sizes = new Map<string, LlmsSizeResult | null>();
	readonly #measuring = new Set<string>();
	/** Per root, the latest measurement asked for: an older answer arriving after it is dropped. */
	readonly #latest = new Map<string, number>();
	#requests = 0;
	readonly #stale = new Set<string>();
	readonly #timers = new Map<string, NodeJS.Timeout>();
	#visible = false;

	constructor(
		private readonly ctx: Ctx,
		private readonly changed: (root: string) => void,
	) {}

	/** The size of the site at `root`; undefined (and measured now) when never measured. */
	get(root: string): LlmsSizeResult | null | undefined {
		if (!this.#sizes.has(root) && !this.#measuring.has(root)) void this.#measure(root);
		return this.#sizes.get(root);
	}

	/** Measures `root` again after `delayMs` (a burst of edits is one measurement); a root never shown is left alone. */
	remeasure(root: string, delayMs = remeasureDelayMs): void {
		if (!this.#sizes.has(root)) return;
		if (!this.#visible) return void this.#stale.add(root);
		clearTimeout(this.#timers.get(root));
		this.#timers.set(
			root,
			setTimeout(() => {
				this.#timers.delete(root);
				void this.#measure(root);
			}, delayMs),
		);
	}

	remeasureAll(delayMs?: number): void {
		for (const root of this.#sizes.keys()) this.remeasure(root, delayMs);
	}

	/** The view was shown or hidden: what changed while hidden is measured now. */
	setVisible(visible: boolean): void {
		this.#visible = visible;
		if (!visible) return;
		for (const root of this.#stale) this.remeasure(root, 0);
		this.#stale.clear();
	}

	async #measure(root: string): Promise<void> {
		const client = this.ctx.client;
		if (!client) return;
		this.#measuring.add(root);
		const request = ++this.#requests;
		this.#latest.set(root, request);
		try {
			const size = await client.sendRequest(LlmsSizeRequest.type, { uri: root });
			if (this.#latest.get(root) !== request) return;
			const before = this.#sizes.get(root);
			this.#sizes.set(root, size);
			if (JSON.stringify(before) !== JSON.stringify(size)) this.changed(root);
		} catch (e) {
			// The row keeps what it showed (a restart must not blank it); the next change measures again.
			this.ctx.outputChannel.appendLine(`Site view, llms.txt: ${e instanceof Error ? e.message : String(e)}`);
		} finally {
			if (this.#latest.get(root) === request) this.#measuring.delete(root);
		}
	}

	dispose(): void {
		for (const timer of this.#timers.values()) clearTimeout(timer);
	}
}

/**
 * Whether an edit of a page can change llms.txt: only its frontmatter is read (title, description,
 * hidden, noindex). An edit at or above the closing fence counts, and any edit of a page whose
 * frontmatter is open (no closing fence yet).
 */
export function touchesFrontmatter(event: vscode.TextDocumentChangeEvent): boolean {
	const document = event.document;
	let end = 0;
	if (document.lineCount > 0 && document.lineAt(0).text.trimEnd() === '---') {
		end = Infinity;
		for (let line = 1; line < document.lineCount; line++)
			if (document.lineAt(line).text.trimEnd() === '---') {
				end = line;
				break;
			}
	}
	return event.contentChanges.some(change => change.range.start.line <= end);
}
