/**
 * An update status as the stand-in serves it: the platform's current shape (`author` an object
 * or null since 2026-03); statuses from `--data` are served as given, so the older string
 * `author` can be served too. Unknown extra fields allowed.
 */
export type StandInUpdateStatus = { readonly _id: string; readonly status: string; readonly logs: readonly string[] } & Readonly<Record<string, unknown>>;

/** Ids of the seeded statuses. `demo-live` starts `queued` when first requested and ends in `success`. */
export const demoStatusIds = { success: 'demo-success', failure: 'demo-failure', live: 'demo-live' } as const;

export interface UpdateStatusStoreOptions {
	readonly projectId: string;
	readonly subdomain: string;
	/** Times of the fixed statuses are set relative to this. */
	readonly anchor: Date;
	/** How long `demo-live` takes from its first request to `success`. */
	readonly liveSeconds: number;
	/** Extra statuses (from `--data`), served as given; they win over the seeded ones. */
	readonly extra?: readonly StandInUpdateStatus[];
}

const liveLogs = [
	'Received update request from the API',
	'Cloning acme-payments/docs@main',
	'Reading docs.json',
	'Validating navigation: 31 pages, 2 OpenAPI documents',
	'Generating API reference pages from api-reference/openapi.yaml',
	'Rendering MDX pages (31)',
	'Building search index',
	'Uploading static assets',
	'Capturing screenshots',
	'Invalidating CDN cache',
	'Deployment complete',
];

/** A deployment started through the API (`POST /v1/project/update|preview/...`). */
interface Started {
	readonly startedAt: number;
	readonly ref: string;
	readonly author: StandInAuthor | null;
	readonly extra: Readonly<Record<string, unknown>>;
}

/** Who a deployment is by (platform docs since 2026-03); null when no person started it (an API key). */
export interface StandInAuthor {
	readonly name: string;
	readonly avatarUrl?: string;
	readonly githubUserId?: number;
}

/** Deployments started through the API kept at most (the oldest goes first). */
const maxStarted = 200;

/**
 * The seeded statuses plus `demo-live`, whose state follows the clock from its first request,
 * plus deployments started through the API, which follow the clock from their start.
 */
export class UpdateStatusStore {
	#liveStartedAt: number | undefined;
	readonly #fixed = new Map<string, StandInUpdateStatus>();
	readonly #started = new Map<string, Started>();
	#counter = 0;

	constructor(private readonly options: UpdateStatusStoreOptions) {
		for (const status of seededStatuses(options)) this.#fixed.set(status._id, status);
		for (const status of options.extra ?? []) this.#fixed.set(status._id, status);
	}

	ids(): string[] {
		return [...this.#fixed.keys(), ...(this.#fixed.has(demoStatusIds.live) ? [] : [demoStatusIds.live])];
	}

	get(id: string, now = Date.now()): StandInUpdateStatus | undefined {
		const fixed = this.#fixed.get(id);
		if (fixed) return fixed;
		const started = this.#started.get(id);
		if (started) return this.#progress(id, started, now);
		if (id !== demoStatusIds.live) return undefined;
		this.#liveStartedAt ??= now;
		return this.#progress(id, { startedAt: this.#liveStartedAt, ref: 'main', author: null, extra: {} }, now);
	}

	/**
	 * A new deployment, queued now: of the deployed branch (`POST /v1/project/update`), or a
	 * preview of `branch` (`extra` carries its `previewUrl`). Returns its status id.
	 */
	start(
		options: { readonly ref?: string; readonly author?: StandInAuthor | null; readonly extra?: Readonly<Record<string, unknown>> } = {},
		now = Date.now(),
	): string {
		const id = `upd_${now.toString(36)}${(++this.#counter).toString(36).padStart(3, '0')}`;
		this.#started.set(id, { startedAt: now, ref: options.ref ?? 'main', author: options.author ?? null, extra: options.extra ?? {} });
		while (this.#started.size > maxStarted) this.#started.delete(this.#started.keys().next().value!);
		return id;
	}

	/** `demo-live` starts over at its next request; deployments started through the API are forgotten. */
	reset(): void {
		this.#liveStartedAt = undefined;
		this.#started.clear();
	}

	#progress(id: string, started: Started, now: number): StandInUpdateStatus {
		const { projectId, subdomain, liveSeconds } = this.options;
		const duration = Math.max(1, liveSeconds) * 1000;
		const elapsed = now - started.startedAt;
		const fraction = elapsed / duration;
		const base = {
			_id: id,
			projectId,
			subdomain,
			createdAt: new Date(started.startedAt).toISOString(),
			author: started.author,
			source: 'api',
			...started.extra,
			commit: {
				sha: '5e1f0c2a9b7d4e3f8a6c1b2d0e9f7a8b6c5d4e3f',
				ref: started.ref,
				message: 'Update pagination guide',
				filesChanged: { added: [], modified: ['guides/pagination.mdx'], removed: [] },
			},
		};
		const logs = liveLogs.map(line => line.replace('@main', `@${started.ref}`));
		if (fraction < 0.15) return { ...base, status: 'queued', summary: 'Waiting for a build slot', logs: ['Update queued'] };
		if (fraction < 1) {
			const shown = Math.max(1, Math.ceil(((fraction - 0.15) / 0.85) * (logs.length - 1)));
			return { ...base, status: 'in_progress', summary: `Deploying: ${logs[shown - 1].toLowerCase()}`, logs: ['Update queued', ...logs.slice(0, shown)] };
		}
		return {
			...base,
			status: 'success',
			summary: 'Deployed 1 changed page',
			logs: ['Update queued', ...logs],
			endedAt: new Date(started.startedAt + duration).toISOString(),
			...screenshots(subdomain),
		};
	}
}

function screenshots(subdomain: string) {
	const base = `https://screenshots.example.com/${encodeURIComponent(subdomain)}`;
	return { screenshot: `${base}/home.png`, screenshotLight: `${base}/home-light.png`, screenshotDark: `${base}/home-dark.png` };
}

function seededStatuses({ projectId, subdomain, anchor }: UpdateStatusStoreOptions): StandInUpdateStatus[] {
	const at = (minutesBefore: number) => new Date(anchor.getTime() - minutesBefore * 60_000).toISOString();
	return [
		{
			_id: demoStatusIds.success,
			projectId,
			subdomain,
			status: 'success',
			createdAt: at(95),
			endedAt: at(93),
			summary: 'Deployed 4 changed files',
			author: { name: 'Dana Whitfield', avatarUrl: 'https://avatars.githubusercontent.com/u/5832311', githubUserId: 5832311 },
			source: 'github',
			...screenshots(subdomain),
			logs: [
				'Received push to main from GitHub',
				'Cloning acme-payments/docs@9f2c4e1',
				'Reading docs.json',
				'Rendering MDX pages (31)',
				'Building search index',
				'Deployment complete in 1m 52s',
			],
			commit: {
				sha: '9f2c4e1b7a3d5c6e8f0a1b2c3d4e5f6a7b8c9d0e',
				ref: 'main',
				message: 'Document idempotency keys and testing cards',
				filesChanged: {
					added: ['guides/testing.mdx'],
					modified: ['docs.json', 'guides/idempotency.mdx', 'quickstart.mdx'],
					removed: ['guides/legacy-webhooks.mdx'],
				},
			},
		},
		{
			_id: demoStatusIds.failure,
			projectId,
			subdomain,
			status: 'failure',
			createdAt: at(40),
			endedAt: at(39),
			summary: "Build failed: page 'guides/retries' in docs.json does not exist",
			author: { name: 'Sam Okafor', avatarUrl: 'https://avatars.githubusercontent.com/u/7710452', githubUserId: 7710452 },
			source: 'dashboard',
			logs: [
				'Update triggered from the dashboard',
				'Cloning acme-payments/docs@c41d9a0',
				'Reading docs.json',
				"Error: navigation > Guides: page 'guides/retries' does not exist",
				'Build failed after 24s',
			],
			commit: {
				sha: 'c41d9a07e2b3f4a5d6c7b8a9f0e1d2c3b4a5f6e7',
				ref: 'feature/retries',
				message: 'Add retries guide to navigation',
				filesChanged: { added: [], modified: ['docs.json'], removed: [] },
			},
		},
	];
}
