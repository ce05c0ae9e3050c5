import { createHash } from 'node:crypto';
import * as path from 'node:path';
import { readPrivateFile, writePrivateFile } from '../caches/privateFiles';
import { defaultFetchPolicy, PolicyError, safeRequest, type FetchPolicy } from './safeFetch';

export interface RemoteFetcherOptions {
	/** The network policy (public addresses only, 20 MB, 30 s; see safeFetch.ts). */
	readonly policy?: FetchPolicy;
	/** `mintdoc check --offline`: nothing is fetched; a cached copy still answers. */
	readonly offline?: boolean;
}

/**
 * Fetches hosted OpenAPI documents under the network policy (see safeFetch.ts), keeping a private
 * disk cache with ETags (see privateFiles.ts): a known document is revalidated (304 reuses the
 * copy), and when the network is down the cached copy answers. Only http(s) URLs the configuration
 * names are fetched, never anything else. A refusal says why (the finding shows it).
 */
export function createRemoteFetcher(cacheDir: string, options: RemoteFetcherOptions = {}): (url: string) => Promise<string> {
	const policy = options.policy ?? defaultFetchPolicy();
	const fileOf = (url: string) => path.join(cacheDir, createHash('sha256').update(url).digest('hex').slice(0, 32));
	return async url => {
		if (!/^https?:\/\//i.test(url)) throw new Error(`only http(s) URLs are fetched, not '${url}'`);
		const file = fileOf(url);
		const meta = await readPrivateFile(file + '.json');
		let cached: { url?: string; etag?: string } | undefined;
		try {
			cached = meta && (JSON.parse(meta.toString('utf8')) as { url?: string; etag?: string });
		} catch {
			cached = undefined;
		}
		const cachedText = cached?.url === url ? (await readPrivateFile(file))?.toString('utf8') : undefined;
		if (options.offline) {
			if (cachedText !== undefined) return cachedText;
			throw new Error('not fetched: --offline');
		}
		try {
			const response = await safeRequest(url, {
				policy,
				headers: cached?.etag && cachedText !== undefined ? { 'if-none-match': cached.etag } : {},
			});
			if (response.status === 304 && cachedText !== undefined) return cachedText;
			if (response.status < 200 || response.status >= 300) throw new Error(`HTTP ${response.status}`);
			const text = response.body;
			if (await writePrivateFile(file, text)) await writePrivateFile(file + '.json', JSON.stringify({ url, etag: response.header('etag') }));
			return text;
		} catch (e) {
			// A refusal of the policy is never answered from an older copy: the address itself is what is refused.
			if (e instanceof PolicyError && !/within/.test(e.message)) throw new Error(`not fetched: ${e.message}`);
			if (cachedText !== undefined) return cachedText; // offline: the last copy still answers
			throw new Error(e instanceof Error ? e.message : String(e));
		}
	};
}
