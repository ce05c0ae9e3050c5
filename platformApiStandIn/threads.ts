import { randomBytes, randomUUID } from 'node:crypto';

/** Threads in memory: id → key, least recently used dropped first beyond `max`. */
export class ThreadStore {
	readonly #threads = new Map<string, string>();

	constructor(private readonly max: number) {}

	get size(): number {
		return this.#threads.size;
	}

	create(): { threadId: string; threadKey: string } {
		const threadId = `thread_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
		const threadKey = `tk_${randomBytes(18).toString('base64url')}`;
		this.#threads.set(threadId, threadKey);
		while (this.#threads.size > this.max) this.#threads.delete(this.#threads.keys().next().value!);
		return { threadId, threadKey };
	}

	/** True when the thread exists and `key` is its key (then it counts as recently used). */
	use(threadId: string, key: string | undefined): boolean {
		const wanted = this.#threads.get(threadId);
		if (wanted === undefined || wanted !== key) return false;
		this.#threads.delete(threadId);
		this.#threads.set(threadId, wanted);
		return true;
	}

	clear(): void {
		this.#threads.clear();
	}
}
