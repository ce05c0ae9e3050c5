/**
 * Cheap change detection for hosts that report every change (the language server: buffer edits
 * and watcher events). Instead of re-reading every configuration and OpenAPI file a model was
 * built from on each request (megabytes for a large spec), a model stays current until one of
 * its files is reported changed, or any file is created or deleted (a missing `$ref` target may
 * have appeared). Hosts that do not report changes (the CLI, tests) never call {@link note}, and
 * callers fall back to comparing texts.
 */
export class ChangeTracker {
	#epoch = 0;
	#structureChangedAt = 0;
	readonly #changedAt = new Map<string, number>();

	/** The current epoch: record it before reading files, to know later whether anything changed since. */
	get epoch(): number {
		return this.#epoch;
	}

	note(uri: string, type: 'created' | 'changed' | 'deleted'): void {
		this.#epoch++;
		this.#changedAt.set(uri, this.#epoch);
		if (type !== 'changed') this.#structureChangedAt = this.#epoch;
	}

	/** True when none of `uris` was reported changed, and nothing was created or deleted, after `epoch`. */
	unchangedSince(epoch: number, uris: Iterable<string>): boolean {
		if (this.#structureChangedAt > epoch) return false;
		for (const uri of uris) if ((this.#changedAt.get(uri) ?? 0) > epoch) return false;
		return true;
	}
}
