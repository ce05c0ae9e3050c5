/**
 * `util` for the browser bundle: swagger-parser's util.js re-exports `format` and `inherits`
 * (its schema validator formats messages with them; MintDoc validates with its own compiled
 * schemas, core/openapi/openApiSchemas.ts). scripts/build.mjs aliases `util` to this file for
 * dist/browserServer.js only.
 */

/** `%s`, `%d`, `%i`, `%j` and `%%` as Node's util.format reads them; arguments left over are appended with spaces. */
export function format(template: unknown, ...args: unknown[]): string {
	if (typeof template !== 'string') return [template, ...args].map(String).join(' ');
	if (!args.length) return template;
	let next = 0;
	const out = template.replace(/%[sdij%]/g, token => {
		if (token === '%%') return '%';
		if (next >= args.length) return token;
		const arg = args[next++];
		if (token === '%d') return String(Number(arg));
		if (token === '%i') return String(parseInt(String(arg), 10));
		if (token === '%j') return JSON.stringify(arg);
		return String(arg);
	});
	return [out, ...args.slice(next).map(String)].join(' ');
}

/** The prototype chain of `constructor` set to `superConstructor`'s, as Node's util.inherits does. */
export function inherits(constructor: { prototype: object; super_?: unknown }, superConstructor: { prototype: object }): void {
	constructor.super_ = superConstructor;
	Object.setPrototypeOf(constructor.prototype, superConstructor.prototype);
}

export default { format, inherits };
