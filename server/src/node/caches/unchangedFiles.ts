import { statSync } from 'node:fs';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { givenContentKey, noteContentKey, noteTextFacts, textFacts, type TextFacts } from '../../core/cache';
import { isReadWhole, limits } from '../../core/textGuards';
import type { DocsWorkspace } from '../../core/workspace';
import { CacheEntries } from './cacheFile';
import { languageIdOf } from '../../core/uris';
import { readDocumentNow } from '../runtime/fsWorkspace';
import { headFacts, LazyDocument } from '../runtime/lazyDocument';
import { realFolders } from '../runtime/guardedRead';

/**
 * The CLI's memory of the pages it read, kept beside the page cache (like `eslint --cache`'s): per
 * page file its size, modification and change times and the key of its bytes; per key the facts the
 * check needs of a text it does not parse again (its frontmatter head, whether it may hold a disable
 * comment). A page whose size and times are those remembered is answered, after one `stat`, with a
 * document that loads its text only if asked (a page whose summary is missing, or that may hold a
 * disable comment): crewAI's warm check read 200 MB of pages (open, read, decode, hash: ~1.2 s of
 * its 5.8 s of CPU, and their garbage) only to learn that none had changed. Any other page, or a
 * remembered one whose size or times differ, is read and keyed by its bytes as before.
 *
 * Like git's index, a page modified shortly before it was read is not remembered (a second write
 * in the same tick of the file system's clock would keep its size and times): it is read again
 * next time. File kinds are the page cache's (see cacheFile.ts): a foreign, corrupt or other-version
 * file is ignored.
 */
export interface UnchangedFiles {
	/** `inner` (a CLI file-system workspace: it keys what it reads by its bytes) answering unchanged pages unread. */
	wrap(inner: DocsWorkspace): DocsWorkspace;
	/** Writes what this run read or found unchanged (pages since deleted drop out). */
	flush(): Promise<void>;
	readonly stats: { readonly hits: number; readonly misses: number };
}

interface FileEntry {
	readonly size: number;
	readonly mtimeMs: number;
	readonly ctimeMs: number;
	readonly key: string;
}

type Entry = FileEntry | TextFacts;

const kind = 'mintdoc-unchanged-files';

/** A page modified less than this before it was read is read again next time (FAT's clock ticks in 2 s). */
export const racyMs = 2_000;

export function createUnchangedFiles(file: string, fingerprint: string, options: { readonly racyMs?: number } = {}): UnchangedFiles {
	const entries = new CacheEntries<Entry>(file, kind, fingerprint, isEntry);
	const margin = options.racyMs ?? racyMs;
	const readDocument = async (inner: DocsWorkspace, uri: string, inside: () => readonly string[]): Promise<TextDocument | undefined> => {
		if (!/^file:.*\.mdx?$/i.test(uri)) return inner.readDocument(uri);
		let stat;
		try {
			stat = statSync(URI.parse(uri).fsPath);
		} catch {
			return inner.readDocument(uri);
		}
		if (!stat.isFile() || stat.size > limits.maxFileChars) return inner.readDocument(uri);
		const known = await entries.get(`f:${uri}`);
		if (known && 'key' in known && known.size === stat.size && known.mtimeMs === stat.mtimeMs && known.ctimeMs === stat.ctimeMs) {
			const facts = await entries.get(`k:${known.key}`);
			if (facts && 'head' in facts) {
				// Known unchanged: read from the disk on first use (most pages of a warm check never are); a page
				// gone meanwhile reads as empty, as if it had been emptied.
				const languageId = languageIdOf(uri);
				const document = new LazyDocument(uri, languageId, () => readDocumentNow(uri, false, inside()) ?? TextDocument.create(uri, languageId, 0, ''));
				noteContentKey(document, known.key);
				noteTextFacts(document, facts);
				return document;
			}
		}
		if (known) entries.delete(`f:${uri}`);
		const readAt = Date.now();
		const document = await inner.readDocument(uri);
		// Only a file read whole is remembered: one too large or refused (a link leading outside) is read, and judged, every time.
		const key = document && isReadWhole(document) ? givenContentKey(document) : undefined;
		if (!document || key === undefined) return document;
		// The reader noted them already (fsWorkspace.ts readDocumentNow): the page's bytes are not searched twice.
		const facts = textFacts(document) ?? headFacts(document);
		// A page whose frontmatter never closes is its own head: it is read every time.
		if (facts && Math.max(stat.mtimeMs, stat.ctimeMs) < readAt - margin) {
			entries.set(`f:${uri}`, { size: stat.size, mtimeMs: stat.mtimeMs, ctimeMs: stat.ctimeMs, key });
			entries.set(`k:${key}`, facts);
		}
		return document;
	};
	return {
		wrap: inner => {
			// A page read later is read as guarded as the rest (the CLI's folders do not change during a run).
			let real: readonly string[] | undefined;
			const inside = () => (real ??= realFolders(inner.folders.map(f => URI.parse(f).fsPath)));
			return {
				get folders() {
					return inner.folders;
				},
				readDocument: uri => readDocument(inner, uri, inside),
				stat: uri => inner.stat(uri),
				readDirectory: uri => inner.readDirectory(uri),
				...(inner.realUri && { realUri: (uri: string) => inner.realUri!(uri) }),
				// How the inner one is served (a warm check lost nothingWaits here: its yields took a timer again).
				readsAtOnce: inner.readsAtOnce,
				nothingWaits: inner.nothingWaits,
			};
		},
		async flush() {
			await entries.flush();
		},
		stats: entries.stats,
	};
}

function isEntry(value: unknown): value is Entry {
	if (!value || typeof value !== 'object') return false;
	const v = value as Record<string, unknown>;
	if ('key' in v) return typeof v.key === 'string' && ['size', 'mtimeMs', 'ctimeMs'].every(field => typeof v[field] === 'number');
	return typeof v.head === 'string' && typeof v.mayHoldDirectives === 'boolean';
}
