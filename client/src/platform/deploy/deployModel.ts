import type { UpdateStatus } from '../api/types';

/**
 * Pure decisions of "Deploy Site" and "Deploy Preview of This Branch": which branch a preview
 * can be made of (from the Git extension's facts), and what the closing notification says.
 */

/** What the Git extension says about the repository holding the docs site. */
export interface BranchFacts {
	/** False when the Git extension is missing or disabled. */
	readonly gitAvailable: boolean;
	/** False when no repository holds the docs root. */
	readonly repository: boolean;
	/** HEAD's branch name; undefined when HEAD is detached. */
	readonly branch?: string;
	/** The upstream branch, when the branch has one (it was pushed). */
	readonly upstream?: { readonly remote: string; readonly name: string };
	/** Commits not pushed yet. */
	readonly ahead?: number;
}

export type BranchDecision =
	{ readonly ok: true; readonly branch: string; readonly note?: string } | { readonly ok: false; readonly message: string; readonly fix?: 'publish' };

/** The branch to preview, or why there is none (with the next step). The platform deploys what is pushed. */
export function previewBranch(facts: BranchFacts): BranchDecision {
	if (!facts.gitAvailable)
		return { ok: false, message: 'Deploy Preview needs VS Code\'s Git extension, which is disabled or missing: enable "Git" (vscode.git), then try again.' };
	if (!facts.repository)
		return { ok: false, message: 'No Git repository holds this docs site: a preview deploys a pushed branch of the repository the platform is connected to.' };
	if (!facts.branch) return { ok: false, message: 'HEAD is detached (no branch is checked out): check out the branch to preview, then try again.' };
	if (!facts.upstream)
		return {
			ok: false,
			message: `The branch '${facts.branch}' is not pushed: the platform builds previews from the remote. Publish the branch, then try again.`,
			fix: 'publish',
		};
	const ahead = facts.ahead ?? 0;
	return ahead > 0
		? { ok: true, branch: facts.branch, note: `${ahead} local commit${ahead === 1 ? ' is' : 's are'} not pushed and will not be in the preview.` }
		: { ok: true, branch: facts.branch };
}

/** The live site's address: `mintdoc.assistant.siteUrl` when set, else the platform's default host of the subdomain. */
export function siteAddress(status: UpdateStatus | undefined, siteUrl: string): string | undefined {
	if (/^https:\/\//i.test(siteUrl.trim())) return siteUrl.trim();
	const subdomain = typeof status?.subdomain === 'string' ? status.subdomain.trim() : '';
	return /^[a-z0-9-]+$/i.test(subdomain) ? `https://${subdomain.toLowerCase()}.mintlify.app` : undefined;
}

export interface DeployNotice {
	readonly level: 'info' | 'error';
	readonly message: string;
	/** https only: offered as "Open". */
	readonly url?: string;
}

/** The notification at the end of a deployment this window started. */
export function deployNotice(
	kind: 'site' | 'preview',
	status: UpdateStatus,
	options: { readonly branch?: string; readonly previewUrl?: string; readonly siteUrl: string },
): DeployNotice {
	const what = kind === 'preview' ? `The preview of '${options.branch ?? 'the branch'}'` : 'The site';
	if (status.status === 'failure') {
		return { level: 'error', message: `${what} failed to deploy${status.summary ? `: ${status.summary}` : ''}. The logs say why.` };
	}
	const url =
		kind === 'preview'
			? httpsOnly(options.previewUrl ?? (typeof status.previewUrl === 'string' ? status.previewUrl : undefined))
			: httpsOnly(siteAddress(status, options.siteUrl));
	return { level: 'info', message: `${what} is deployed${url ? `: ${url}` : ''}.`, ...(url ? { url } : {}) };
}

function httpsOnly(url: string | undefined): string | undefined {
	return url && /^https:\/\/[^\s]+$/i.test(url) ? url : undefined;
}
