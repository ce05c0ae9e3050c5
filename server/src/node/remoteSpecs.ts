import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** How long a hosted spec may take before it counts as unreachable. */
const timeoutMs = 10_000;

/**
 * Fetches hosted OpenAPI documents with a timeout, keeping a disk cache with ETags: a known
 * document is revalidated (304 reuses the copy), and when the network is down the cached copy
 * answers. Only http(s) URLs the configuration names are fetched, never anything else.
 */
export function createRemoteFetcher(cacheDir: string, fetchImpl: typeof fetch = fetch): (url: string) => Promise<string> {
	const fileOf = (url: string) => path.join(cacheDir, createHash('sha256').update(url).digest('hex').slice(0, 32));
	return async url => {
		if (!/^https?:\/\//i.test(url)) throw new Error(`only http(s) URLs are fetched, not '${url}'`);
		const file = fileOf(url);
		const cached = await fs.readFile(file + '.json', 'utf8').then(
			text => JSON.parse(text) as { etag?: string },
			() => undefined,
		);
		const cachedText = cached ? await fs.readFile(file, 'utf8').catch(() => undefined) : undefined;
		try {
			const response = await fetchImpl(url, {
				headers: cached?.etag && cachedText !== undefined ? { 'if-none-match': cached.etag } : {},
				signal: AbortSignal.timeout(timeoutMs),
			});
			if (response.status === 304 && cachedText !== undefined) return cachedText;
			if (!response.ok) throw new Error(`HTTP ${response.status}`);
			const text = await response.text();
			await fs.mkdir(cacheDir, { recursive: true });
			await fs.writeFile(file, text);
			await fs.writeFile(file + '.json', JSON.stringify({ url, etag: response.headers.get('etag') ?? undefined }));
			return text;
		} catch (e) {
			if (cachedText !== undefined) return cachedText; // offline: the last copy still answers
			throw new Error(e instanceof Error && e.name === 'TimeoutError' ? `no answer within ${timeoutMs / 1000} s` : e instanceof Error ? e.message : String(e));
		}
	};
}
