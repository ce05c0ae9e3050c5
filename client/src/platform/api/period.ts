import type { DateRange } from './analyticsTypes';

/**
 * The periods the Insights view offers, in days. The analytics API documents no default range; the
 * platform's own CLI (`mint analytics`) defaults to "7 days ago to today", so 7 is ours too.
 */
export const periodChoices = [7, 30, 90] as const;
export type PeriodDays = (typeof periodChoices)[number];
export const defaultPeriod: PeriodDays = 7;

/**
 * The last `days` UTC days including today, as the API takes it: `dateFrom` the first day,
 * `dateTo` tomorrow, because `dateTo` is exclusive (results before it, not on it).
 */
export function periodRange(days: number, now: number): Required<DateRange> {
	const today = Math.floor(now / 86_400_000) * 86_400_000;
	const day = (t: number) => new Date(t).toISOString().slice(0, 10);
	return { dateFrom: day(today - (Math.max(1, Math.round(days)) - 1) * 86_400_000), dateTo: day(today + 86_400_000) };
}

/** A stored period that may be stale or edited: one of the choices, else the default. */
export function toPeriod(value: unknown): PeriodDays {
	return (periodChoices as readonly unknown[]).includes(value) ? (value as PeriodDays) : defaultPeriod;
}
