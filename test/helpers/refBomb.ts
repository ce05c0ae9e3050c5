/**
 * An OpenAPI document of a few KB whose schemas each reference the next twice, `levels` deep:
 * expanded, it holds 2^levels copies of the last one (issue 31: 24 levels hung `mintdoc check`).
 */
export function refBomb(levels: number): string {
	const schemas: Record<string, unknown> = {};
	for (let i = 0; i < levels; i++) {
		const next = { $ref: `#/components/schemas/S${i + 1}` };
		schemas[`S${i}`] = { type: 'object', properties: { a: next, b: { ...next } } };
	}
	schemas[`S${levels}`] = { type: 'string' };
	return JSON.stringify({
		openapi: '3.0.3',
		info: { title: 'bomb', version: '1' },
		paths: {
			'/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } } } } },
		},
		components: { schemas },
	});
}
