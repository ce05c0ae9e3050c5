/**
 * The site state's one change counter (see siteState.ts). Cheap change detection for hosts that report every change (the language server: buffer edits
 * and watcher events). Instead of re-reading every configuration and OpenAPI file a model was
 * built from on each request (megabytes for a large spec), a model stays current until one of
 * its files is reported changed, or any file is created or deleted (a missing `$ref` target may
 * have appeared). Hosts that do not report changes (the CLI, tests) never call {@link note}, and
 * callers fall back to comparing texts.
 */
export class ChangeTracker {
	#epoch = 0;
	#structureChangedAt = 0;
	#otherFileChangedAt = 0;
	readonly #changedAt = new Map<string, number>();

	/** The current epoch: record it before reading files, to know later whether anything changed since. */
	get epoch(): number {
		return this.#epoch;
	}

	/** A file changed; `configuration` when it is a configuration file of a site (its edits change no page's links by themselves). */
	note(uri: string, type: 'created' | 'changed' | 'deleted', configuration = false): void {
		this.#epoch++;
		this.#changedAt.set(uri, this.#epoch);
		if (type !== 'changed') this.#structureChangedAt = this.#epoch;
		if (!configuration || type !== 'changed') this.#otherFileChangedAt = this.#epoch;
	}

	/** Everything may have changed (the roots were found again): every model and kept finding is void. */
	noteAll(): void {
		this.#epoch++;
		this.#structureChangedAt = this.#otherFileChangedAt = this.#epoch;
	}

	/** The epoch of the last change of a page or another file that is not a site's configuration: link findings kept before it are void. */
	get otherFileChangedAt(): number {
		return this.#otherFileChangedAt;
	}

	/** True when none of `uris` was reported changed, and nothing was created or deleted, after `epoch`. */
	unchangedSince(epoch: number, uris: Iterable<string>): boolean {
		if (this.#structureChangedAt > epoch) return false;
		for (const uri of uris) if ((this.#changedAt.get(uri) ?? 0) > epoch) return false;
		return true;
	}
}
