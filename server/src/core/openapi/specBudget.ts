import type { OpenApiSpec } from './openApiSpec';

/** What one OpenAPI document may cost to validate. Real ones stay far below (a 2 MB document: 430,000 values, a second). */
export const specBudget = {
	/** Values of the document with every internal $ref expanded (see refExpansion.ts). */
	maxExpandedNodes: 20_000_000,
	/** Wall time of one validation in the worker, which is terminated past it (see specWorkerReader.ts). */
	maxMs: 60_000,
};

/** The document with the one finding that says it was not validated, and why. */
export function withTooComplex(spec: OpenApiSpec, why: string): OpenApiSpec {
	return {
		...spec,
		problems: [{ message: `This document is too complex to check: ${why}. It is not validated.`, span: { offset: 0, length: 0 }, tooComplex: true }],
	};
}
