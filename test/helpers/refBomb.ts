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

/**
 * The files of a docs.json whose `$ref`s multiply (issue 51): `levels` files, each referencing the
 * next `fanOut` times, so the composed configuration would hold fanOut^levels copies of the last.
 * `objects`: values of an object (under `seo.metatags`); `pages`: items of a `pages` array, each
 * `$ref` to an array spliced into its parent.
 */
export function configRefBomb(levels: number, fanOut: number, form: 'objects' | 'pages'): Record<string, string> {
	const files: Record<string, string> = {};
	for (let i = 1; i <= levels; i++) {
		const next = { $ref: `bomb${i + 1}.json` };
		const last = i === levels;
		files[`bomb${i}.json`] = JSON.stringify(
			form === 'pages'
				? Array.from({ length: fanOut }, () => (last ? 'index' : next))
				: Object.fromEntries(Array.from({ length: fanOut }, (_, k) => [`k${k}`, last ? 'x' : next])),
		);
	}
	const extra =
		form === 'pages' ? { navigation: { pages: [{ $ref: 'bomb1.json' }] } } : { navigation: { pages: ['index'] }, seo: { metatags: { $ref: 'bomb1.json' } } };
	files['docs.json'] = JSON.stringify({ theme: 'mint', name: 'X', colors: { primary: '#000000' }, ...extra }, null, 2);
	return files;
}
