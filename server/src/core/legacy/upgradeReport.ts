import { appendAll } from '../arrays';
/*
 * What an upgrade from mint.json to docs.json decided, in words a writer can review: keys
 * carried over (and where to), defaults added, keys dropped and why, how the navigation was laid
 * out. The editor shows it beside the preview; `mintdoc upgrade` prints it on stderr.
 */

/** One v1 key carried over to a docs.json key. */
export interface MappedKey {
	readonly from: string;
	readonly to: string;
}

/** A docs.json value v1 had no source for. */
export interface AddedDefault {
	readonly key: string;
	readonly value: unknown;
	readonly why: string;
}

/** A v1 key with no place in docs.json. */
export interface DroppedKey {
	readonly key: string;
	readonly why: string;
}

export interface UpgradeReport {
	readonly mapped: MappedKey[];
	readonly defaults: AddedDefault[];
	readonly dropped: DroppedKey[];
	/** How the navigation was built: which groups went to which tab or anchor, by which prefix. */
	readonly navigation: string[];
}

export const emptyReport = (): UpgradeReport => ({ mapped: [], defaults: [], dropped: [], navigation: [] });

/** The report as plain text (Markdown-compatible lists), one decision a line. */
export function formatUpgradeReport(report: UpgradeReport): string {
	const lines: string[] = [];
	const section = (title: string, items: string[]) => {
		if (!items.length) return;
		appendAll(lines, [`${title}:`, ...items.map(item => `  - ${item}`)]);
	};
	section(
		'Keys mapped',
		report.mapped.map(m => (m.from === m.to ? m.from : `${m.from} → ${m.to}`)),
	);
	section(
		'Defaults added',
		report.defaults.map(d => `${d.key} = ${JSON.stringify(d.value)} (${d.why})`),
	);
	section(
		'Keys dropped',
		report.dropped.map(d => `${d.key}: ${d.why}`),
	);
	section('Navigation', report.navigation);
	return lines.join('\n');
}
