import { createHash } from 'node:crypto';
import type { OpenApiSpec } from '../../core/openapi/openApiSpec';
import { CacheEntries, type CacheFileState } from './cacheFile';

/**
 * Fully validated OpenAPI documents kept between runs of `mintdoc check`, keyed by the document's
 * address and a fingerprint of its text: a 10 MB specification unchanged since the last run is not
 * parsed and validated again (with the page cache, what makes a warm run cost little more than
 * reading the site). Same trust rules as the page cache (see cacheFile.ts).
 */
export interface PersistentSpecValidator {
	(uri: string, text: string): Promise<OpenApiSpec>;
	/** Writes the documents used in this run and releases them from memory. */
	flush(): Promise<void>;
	readonly stats: { hits: number; misses: number; loaded: CacheFileState | 'not yet' };
}

const kind = 'mintdoc-openapi-cache';

export function createPersistentSpecValidator(
	validate: (uri: string, text: string) => Promise<OpenApiSpec>,
	file: string,
	fingerprint: string,
): PersistentSpecValidator {
	const entries = new CacheEntries(file, kind, fingerprint, looksLikeSpec);
	const validator = async (uri: string, text: string): Promise<OpenApiSpec> => {
		const key = createHash('sha1').update(uri).update('\0').update(text).digest('base64');
		const known = await entries.get(key);
		if (known) return known;
		const spec = await validate(uri, text);
		// Only a finished validation is worth keeping: a document still loading is read again next time.
		if (!spec.loading) entries.set(key, spec);
		return spec;
	};
	return Object.assign(validator, { flush: async () => void (await entries.flush()), stats: entries.stats });
}

function looksLikeSpec(value: unknown): value is OpenApiSpec {
	if (!value || typeof value !== 'object') return false;
	const v = value as Record<string, unknown>;
	return (
		typeof v.uri === 'string' &&
		typeof v.isSwagger2 === 'boolean' &&
		(v.problems === undefined || Array.isArray(v.problems)) &&
		['operations', 'webhooks', 'schemas', 'servers', 'externalRefs', 'parseErrors'].every(field => Array.isArray(v[field]))
	);
}
