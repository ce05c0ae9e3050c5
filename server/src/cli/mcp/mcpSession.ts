import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { URI } from 'vscode-uri';
import { toAgentFinding, summarizeFindings, type AgentFinding, type FindingSummary } from '../../core/agents/agentFindings';
import { noCancellation } from '../../core/cancellation';
import type { FileDiagnostics, LanguageService } from '../../core/languageService';
import type { SiteModel } from '../../core/site/siteModel';
import { parseTeamConfig, teamConfigFileName } from '../../core/config/teamConfig';
import { limits } from '../../core/textGuards';
import { basenameUri } from '../../core/uris';
import { createCheckService, type CheckService, type CheckServiceOptions } from '../checkService';
import { relativeFile, summary, toProblems } from '../report';
import { teamConfigLoader } from '../teamConfigFiles';
import { compareSnapshots, takeSnapshot, type FileSnapshot } from './fileSnapshot';
import { fileInside, ToolInputError } from './sitePaths';
import { appendAll } from '../../core/arrays';

/** What `check` and `check_draft` answer. */
export interface CheckAnswer {
	readonly findings: readonly AgentFinding[];
	readonly summary: FindingSummary;
}

/**
 * One language service for a whole `mintdoc mcp` session, rooted at a folder. Before each call the
 * files are compared with the last call (modification time and size) and the changes reported to
 * the service, as an editor's watcher would: a file edited between two calls is seen, and what did
 * not change is not parsed again. Calls run one at a time (a draft is visible only to its own call).
 */
export class McpSession {
	#snapshot: FileSnapshot | undefined;
	#queue: Promise<unknown> = Promise.resolve();

	private constructor(
		readonly dir: string,
		private readonly checker: CheckService,
		/** Texts of `check_draft` calls, read by the service's workspace in place of the disk. */
		private readonly drafts: Map<string, TextDocument>,
	) {}

	static async open(dir: string, options: Omit<CheckServiceOptions, 'overlay' | 'changesReported'> = {}): Promise<McpSession> {
		const drafts = new Map<string, TextDocument>();
		// mintdoc.json is looked up as `mintdoc check` run in the folder does (up to the top of its repository).
		const checker = await createCheckService([URI.file(dir).toString()], dir, {
			...options,
			overlay: uri => drafts.get(uri),
			changesReported: true,
			teamConfigLoader: await teamConfigLoader({}, dir),
		});
		return new McpSession(dir, checker, drafts);
	}

	get service(): LanguageService {
		return this.checker.service;
	}

	/** Runs `work` after every earlier call finished, with the files brought up to date. */
	run<T>(work: () => Promise<T>): Promise<T> {
		const next = this.#queue.then(async () => {
			await this.#refresh();
			return work();
		});
		this.#queue = next.catch(() => undefined);
		return next;
	}

	dispose(): void {
		this.checker.dispose();
	}

	/** A path relative to the session's folder, forward slashes. */
	relative(uri: string): string {
		return /^https?:/i.test(uri) ? uri : relativeFile(uri, this.dir);
	}

	/** A file as the service reads it (a draft wins over the disk). */
	read(uri: string): Promise<TextDocument | undefined> {
		return this.checker.workspace.readDocument(uri);
	}

	/** The URI of a file an agent named, refused when outside the folder or missing. */
	async uriOf(file: string): Promise<string> {
		return URI.file(await fileInside(this.dir, file)).toString();
	}

	async #refresh(): Promise<void> {
		const now = await takeSnapshot(this.dir);
		const before = this.#snapshot;
		this.#snapshot = now;
		const { service } = this.checker;
		if (!before) {
			await service.findDocsRoots(noCancellation);
			return;
		}
		const changes = compareSnapshots(before, now);
		if (!changes.length) return;
		await service.didChangeFiles(changes);
		// A site appeared or went away: look for the sites again.
		if (changes.some(c => c.type !== 'changed' && /^(docs|mint)\.json$/.test(basenameUri(c.uri)))) await service.findDocsRoots(noCancellation);
	}

	/** The roots, or a tool error when the folder holds no site. */
	roots(): readonly string[] {
		const { roots } = this.checker.service;
		if (!roots.length) throw new ToolInputError(`no docs.json found in ${this.dir} or below it: start the server in the folder of a docs site`);
		return roots;
	}

	async sites(): Promise<SiteModel[]> {
		return Promise.all(this.roots().map(root => this.checker.service.getSite(root, noCancellation)));
	}

	/** Every finding of every site, as `mintdoc check` reports them (mintdoc.json and disable comments applied). */
	async results(): Promise<FileDiagnostics[]> {
		const roots = this.roots();
		const { service } = this.checker;
		// Each file once (sites may share a mintdoc.json), as the service last showed it.
		const results = new Map<string, FileDiagnostics>();
		const keep = (files: readonly FileDiagnostics[]) => files.forEach(file => results.set(file.uri, file));
		for (const root of roots) {
			const pages: FileDiagnostics[] = [];
			const [site] = await Promise.all([service.checkSite(root, noCancellation), service.checkPages(root, noCancellation, r => pages.push(r))]);
			keep(site);
			keep(pages);
		}
		await this.checker.flush();
		for (const root of roots) keep(await service.checkPageMetadata(root, noCancellation));
		return [...results.values()];
	}

	/** `check`: the findings of the files named (all when none), as `mintdoc check --format json` run in the folder. */
	async check(files: readonly string[] | undefined): Promise<CheckAnswer> {
		const wanted = files?.length ? new Set(await Promise.all(files.map(f => this.uriOf(f)))) : undefined;
		const results = await this.results();
		return this.#answer(wanted ? results.filter(r => wanted.has(r.uri)) : results);
	}

	/** `check_draft`: the findings of `file` as if it held `text`, in the context of its whole site; nothing is written. */
	async checkDraft(file: string, text: string): Promise<CheckAnswer> {
		// A tool error, and the session serves on (a 20 MB draft ended the server silently).
		if (text.length > limits.maxFileChars)
			throw new ToolInputError(
				`the draft is ${(text.length / (1024 * 1024)).toFixed(1)} MB; check_draft takes up to ${limits.maxFileChars / (1024 * 1024)} MB`,
			);
		const uri = await this.uriOf(file);
		this.roots();
		const { service, workspace } = this.checker;
		// A draft of mintdoc.json is judged on its own: the sites keep the configuration on disk.
		if (basenameUri(uri) === teamConfigFileName)
			return this.#answer([{ uri, diagnostics: parseTeamConfig(TextDocument.create(uri, 'json', 0, text)).findings }]);
		const current = await workspace.readDocument(uri);
		const { drafts } = this;
		drafts.set(uri, TextDocument.create(uri, current?.languageId ?? 'plaintext', (current?.version ?? 0) + 1, text));
		service.didChangeDocument(uri);
		try {
			const root = service.rootOf(uri);
			if (!root) throw new ToolInputError(`'${file}' belongs to no docs site (no docs.json in its folder or above it)`);
			return this.#answer([{ uri, diagnostics: await this.fileDiagnostics(uri, root) }]);
		} finally {
			drafts.delete(uri);
			service.didChangeDocument(uri);
		}
	}

	/** One file's findings as the team sees them: a page's own check, or its part of the site's. */
	async fileDiagnostics(uri: string, root: string): Promise<readonly Diagnostic[]> {
		const { service } = this.checker;
		// isPage reads the last model: build it first (the first call of a session may be this one).
		await service.getSite(root, noCancellation);
		if (service.isPage(uri)) return service.checkPage(uri, noCancellation);
		return (await service.checkSite(root, noCancellation)).find(r => r.uri === uri)?.diagnostics ?? [];
	}

	#answer(results: readonly FileDiagnostics[]): CheckAnswer {
		const problems = toProblems(results, this.dir);
		const findings = problems.map(toAgentFinding);
		return { findings, summary: summarizeFindings(findings, summary(problems, this.checker.service.roots.length)) };
	}
}
