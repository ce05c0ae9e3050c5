import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import type { FuzzSite } from './arbitraries/site';
import { exerciseSite } from './exercise';

/** One fuzzed property: a generator of sites and the invariants every one of them must keep. */
export interface FuzzProperty {
	readonly name: string;
	readonly description: string;
	readonly arbitrary: fc.Arbitrary<FuzzCase>;
}

/** A site plus the offsets (taken modulo each probed file's length) where editor features are asked. */
export interface FuzzCase {
	readonly site: FuzzSite;
	readonly offsets: readonly number[];
}

export function siteProperty(name: string, description: string, sites: fc.Arbitrary<FuzzSite>): FuzzProperty {
	return { name, description, arbitrary: fc.record({ site: sites, offsets: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }) }) };
}

/** Timing of one case, for the slow-case report. */
export interface CaseTiming {
	readonly ms: number;
	readonly summary: string;
}

/** Sizes of a case's files, enough to recognise a slow case without printing megabytes. */
export function summarize(c: FuzzCase): string {
	return Object.entries(c.site.files)
		.filter(([path]) => c.site.probe.includes(path))
		.map(([path, text]) => `${path} ${text.length} chars`)
		.join(', ');
}

/**
 * The checked property: the core never throws, every range is inside its document (see
 * exerciseSite), and the whole case returns within `hardLimitMs`. Each case's time goes to `timings`.
 */
export function toAsyncProperty(p: FuzzProperty, limits: { hardLimitMs: number }, timings: (timing: CaseTiming, c: FuzzCase) => void) {
	return fc.asyncProperty(p.arbitrary, async c => {
		// A case that never yields (a parser stuck in a loop) cannot be timed out: with
		// MINTDOC_FUZZ_DUMP=file each case is written first, so the last one written is the culprit.
		if (process.env.MINTDOC_FUZZ_DUMP) writeFileSync(process.env.MINTDOC_FUZZ_DUMP, JSON.stringify(c.site.files));
		const started = performance.now();
		let timer: NodeJS.Timeout | undefined;
		const hang = new Promise<never>((_, reject) => {
			timer = setTimeout(() => reject(new Error(`did not return within ${limits.hardLimitMs} ms (${summarize(c)})`)), limits.hardLimitMs);
		});
		try {
			await Promise.race([exerciseSite(c.site, c.offsets), hang]);
		} finally {
			clearTimeout(timer);
		}
		timings({ ms: performance.now() - started, summary: summarize(c) }, c);
	});
}
