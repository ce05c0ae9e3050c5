// Where the platform's newest published libraries and the pinned ones disagree on the same site,
// and whether MintDoc's copy of a platform constant still equals the platform's. Pure: the inputs
// are the two runners' outputs.
import type { OfficialFinding } from './compare';

/** One official finding as a comparable line: check, severity, file, target and path; messages are left out (their wording drifts). */
function factOf(f: OfficialFinding): string {
	return [f.check, f.severity, f.file ?? '', f.target ?? '', f.jsonPath ?? ''].join('|');
}

export interface SiteDrift {
	readonly root: string;
	readonly pinned: number;
	readonly newest: number;
	/** Per check: findings only the pinned set gives, only the newest gives. */
	readonly byCheck: Readonly<Record<string, { onlyPinned: number; onlyNewest: number; example?: string }>>;
}

/** Counts the facts each set states that the other does not (as multisets: a link written twice counts twice). */
export function siteDrift(
	root: string,
	pinned: readonly OfficialFinding[],
	newest: readonly OfficialFinding[],
	skippedChecks: ReadonlySet<string> = new Set(),
): SiteDrift {
	const considered = (f: OfficialFinding) => f.severity !== 'info' && !skippedChecks.has(f.check);
	const left = new Map<string, number>();
	for (const f of pinned.filter(considered)) left.set(factOf(f), (left.get(factOf(f)) ?? 0) + 1);
	const byCheck: Record<string, { onlyPinned: number; onlyNewest: number; example?: string }> = {};
	const entry = (check: string) => (byCheck[check] ??= { onlyPinned: 0, onlyNewest: 0 });
	for (const f of newest.filter(considered)) {
		const key = factOf(f);
		const n = left.get(key) ?? 0;
		if (n > 0) left.set(key, n - 1);
		else {
			const e = entry(f.check);
			e.onlyNewest++;
			e.example ??= `newest only: ${f.file ?? ''} ${f.target ?? ''} ${f.message.slice(0, 120)}`;
		}
	}
	for (const [key, n] of left) {
		if (n === 0) continue;
		const check = key.slice(0, key.indexOf('|'));
		const e = entry(check);
		e.onlyPinned += n;
		e.example ??= `pinned only: ${key.split('|').slice(2).join(' ')}`;
	}
	return { root, pinned: pinned.filter(considered).length, newest: newest.filter(considered).length, byCheck };
}

/** The difference of two ordered pattern lists, as sets: what each has that the other lacks. */
export function listDifference(ours: readonly string[], theirs: readonly string[]): { onlyOurs: string[]; onlyTheirs: string[] } {
	const a = new Set(ours);
	const b = new Set(theirs);
	return { onlyOurs: [...a].filter(x => !b.has(x)), onlyTheirs: [...b].filter(x => !a.has(x)) };
}

export function formatDrift(sites: readonly SiteDrift[], versions: { pinned: string; newest: string; substituted: string }): string {
	const lines = [
		'',
		`Drift between the pinned platform libraries (${versions.pinned}) and the newest published (${versions.newest}${versions.substituted ? `; ${versions.substituted}` : ''}):`,
		'',
		'| site | pinned findings | newest findings | only pinned | only newest | checks that differ |',
		'|---|---|---|---|---|---|',
	];
	for (const s of sites) {
		const checks = Object.entries(s.byCheck);
		const onlyPinned = checks.reduce((n, [, c]) => n + c.onlyPinned, 0);
		const onlyNewest = checks.reduce((n, [, c]) => n + c.onlyNewest, 0);
		lines.push(
			`| ${s.root} | ${s.pinned} | ${s.newest} | ${onlyPinned} | ${onlyNewest} | ${checks.map(([name, c]) => `${name} (−${c.onlyPinned}/+${c.onlyNewest})`).join(', ') || '—'} |`,
		);
	}
	for (const s of sites) for (const [name, c] of Object.entries(s.byCheck)) if (c.example) lines.push(`  ${s.root} ${name}: ${c.example}`);
	return lines.join('\n');
}
