import type { Comparison, MintdocFinding, OfficialFinding } from './compare';

/** What the platform's link check says when a page stops it: "the links check crashed: ... Unable to parse <file> ...". */
const crash = /^the (links|anchors|redirects) check crashed: .*Unable to parse (\S+?)(?: -|$)/;

/**
 * The platform's link check stops at the first page it cannot parse and then reports no link at
 * all. When MintDoc reports that page as `mdx-syntax`, the crash is that same finding (matched,
 * not a miss), and MintDoc's link findings cannot be judged by a check that did not run: they are
 * set aside as `notJudged`, not counted as false alarms. (Measured on the AgentOps and CopilotKit
 * docs: with the unparsable pages removed, the platform's link check reports every one of them.)
 */
export function setAsideCrashedLinkChecks(comparison: Comparison, official: readonly OfficialFinding[], ours: readonly MintdocFinding[]): Comparison {
	const crashed = official.map(f => ({ f, m: crash.exec(f.message) })).filter(x => x.m);
	const unparsable = (file: string) => ours.some(o => o.code === 'mdx-syntax' && o.file === file);
	const explained = crashed.filter(x => unparsable(x.m![2]));
	if (!explained.length) return comparison;
	const stopped = new Set(explained.map(x => x.m![1]));
	const linkFinding = (f: MintdocFinding) =>
		(stopped.has('links') && (f.code === 'link-broken' || f.code === 'page-not-found')) ||
		(stopped.has('anchors') && f.code === 'link-anchor-missing') ||
		(stopped.has('redirects') && f.code.startsWith('redirect-'));
	return {
		...comparison,
		falseAlarms: comparison.falseAlarms.filter(f => !linkFinding(f)),
		notJudged: [...(comparison.notJudged ?? []), ...comparison.falseAlarms.filter(linkFinding)],
		misses: comparison.misses.filter(m => !explained.some(x => x.f === m)),
		matched: comparison.matched + comparison.misses.filter(m => explained.some(x => x.f === m)).length,
	};
}
