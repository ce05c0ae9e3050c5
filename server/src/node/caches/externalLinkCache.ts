import { readPrivateFile, writePrivateFile } from './privateFiles';
import type { LinkVerdict, VerdictCache } from '../network/externalLinks';

/** How long a verdict is trusted: a working link for a week, a broken one for a day; "could not check" is never kept. */
export const verdictLifetimeMs = { ok: 7 * 24 * 3600_000, broken: 24 * 3600_000 } as const;

const format = 'mintdoc-external-links/1';

interface CacheFile {
	readonly format: typeof format;
	readonly entries: Record<string, { readonly verdict: LinkVerdict; readonly at: number }>;
}

/**
 * Verdicts of external links kept in a JSON file between runs, with an expiry. A damaged file or
 * one of another format is ignored and replaced; the file is written whole, through a temporary
 * file, so a run that stops half way never leaves it broken.
 */
export class ExternalLinkCache implements VerdictCache {
	#entries = new Map<string, { verdict: LinkVerdict; at: number }>();
	#changed = false;

	private constructor(
		private readonly file: string,
		private readonly now: () => number,
	) {}

	static async open(file: string, now: () => number = Date.now): Promise<ExternalLinkCache> {
		const cache = new ExternalLinkCache(file, now);
		try {
			// Only a regular file of this user, never through a link (see privateFiles.ts).
			const data = JSON.parse((await readPrivateFile(file))?.toString('utf8') ?? '{}') as Partial<CacheFile>;
			if (data.format === format && data.entries && typeof data.entries === 'object')
				for (const [url, entry] of Object.entries(data.entries))
					if (entry && typeof entry.at === 'number' && entry.verdict && cache.#fresh(entry)) cache.#entries.set(url, entry);
		} catch {
			// No file yet, or not ours: start empty.
		}
		return cache;
	}

	#fresh(entry: { verdict: LinkVerdict; at: number }): boolean {
		const lifetime = entry.verdict.kind === 'ok' ? verdictLifetimeMs.ok : entry.verdict.kind === 'broken' ? verdictLifetimeMs.broken : 0;
		return this.now() - entry.at < lifetime;
	}

	get(url: string): LinkVerdict | undefined {
		const entry = this.#entries.get(url);
		if (!entry) return undefined;
		if (this.#fresh(entry)) return entry.verdict;
		this.#entries.delete(url);
		this.#changed = true;
		return undefined;
	}

	set(url: string, verdict: LinkVerdict): void {
		if (verdict.kind === 'unchecked') return;
		this.#entries.set(url, { verdict, at: this.now() });
		this.#changed = true;
	}

	async save(): Promise<void> {
		if (!this.#changed) return;
		const data: CacheFile = { format, entries: Object.fromEntries(this.#entries) };
		if (await writePrivateFile(this.file, JSON.stringify(data))) this.#changed = false;
	}
}
