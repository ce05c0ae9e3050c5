import { createHash } from 'node:crypto';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { SchemaMemo } from '../../core/languageServiceTypes';
import { CacheEntries, type CacheFileState } from './cacheFile';

/**
 * The docs.json schema's findings kept between runs of `mintdoc check`, keyed by a fingerprint of
 * the text: they depend on nothing else (the schema is part of the build, named by the file's
 * fingerprint). crewAI's 2.4 MB docs.json took ~0.2 s of a 3.3 s warm check to parse again and
 * validate. Same trust rules as the page cache (see cacheFile.ts).
 */
export interface PersistentSchemaMemo extends SchemaMemo {
	/** Writes the findings used in this run and releases them from memory. */
	flush(): Promise<void>;
	readonly stats: { hits: number; misses: number; loaded: CacheFileState | 'not yet' };
}

const kind = 'mintdoc-schema-cache';

export function createPersistentSchemaMemo(file: string, fingerprint: string): PersistentSchemaMemo {
	const entries = new CacheEntries(file, kind, fingerprint, looksLikeFindings);
	const memo: SchemaMemo = async (text, validate) => {
		const key = createHash('sha1').update(text).digest('base64');
		const known = await entries.get(key);
		// Copies: the caller adjusts the findings it is given (severities where the platform is lenient).
		if (known) return structuredClone(known);
		const found = await validate();
		entries.set(key, structuredClone(found));
		return found;
	};
	return Object.assign(memo, { flush: async () => void (await entries.flush()), stats: entries.stats });
}

function looksLikeFindings(value: unknown): value is Diagnostic[] {
	return (
		Array.isArray(value) &&
		value.every(
			d =>
				!!d &&
				typeof d === 'object' &&
				typeof (d as Diagnostic).message === 'string' &&
				typeof (d as Diagnostic).range?.start?.line === 'number' &&
				typeof (d as Diagnostic).range?.end?.character === 'number',
		)
	);
}
