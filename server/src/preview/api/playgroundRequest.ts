import type { PlaygroundRequest } from '../playgroundTypes';

/**
 * What the playground's inputs hold, as plain data: the page script reads the form into this,
 * and the same code builds the request and its curl line on the server (first render) and in the
 * page (on every keystroke), so both always agree.
 */
export interface PlaygroundForm {
	readonly method: string;
	/** Server URL template (`https://{region}.example.com/v1`), or '' when the spec has no server. */
	readonly server: string;
	readonly serverVariables: Readonly<Record<string, string>>;
	/** Path template (`/payments/{paymentId}`). */
	readonly path: string;
	readonly parameters: readonly PlaygroundParameterValue[];
	readonly auth: readonly PlaygroundAuthValue[];
	readonly body?: string;
	readonly contentType?: string;
}

export interface PlaygroundParameterValue {
	readonly name: string;
	readonly in: 'path' | 'query' | 'header' | 'cookie';
	readonly value: string;
	readonly required?: boolean;
}

export type PlaygroundAuthValue =
	| { readonly kind: 'bearer'; readonly token: string }
	| { readonly kind: 'basic'; readonly username: string; readonly password: string }
	| { readonly kind: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string; readonly value: string };

export interface BuiltRequest {
	readonly request: PlaygroundRequest;
	/** Why the request cannot be sent as is (missing required values, no usable server). */
	readonly problems: readonly string[];
}

/** Builds the request the inputs describe. Empty optional values are left out. */
export function buildPlaygroundRequest(form: PlaygroundForm): BuiltRequest {
	const problems: string[] = [];
	let base = form.server;
	for (const [name, value] of Object.entries(form.serverVariables)) base = base.split(`{${name}}`).join(value);
	base = base.replace(/\/+$/, '');
	let path = form.path;
	const query: string[] = [];
	const headers: [string, string][] = [];
	const cookies: string[] = [];
	for (const p of form.parameters) {
		if (p.value === '') {
			if (p.required) problems.push(`${capitalize(p.in)} parameter "${p.name}" is required.`);
			if (p.in !== 'path') continue;
		}
		if (p.in === 'path' && p.value !== '') path = path.split(`{${p.name}}`).join(encodeURIComponent(p.value));
		else if (p.in === 'query') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(p.value)}`);
		else if (p.in === 'header') headers.push([p.name, p.value]);
		else if (p.in === 'cookie') cookies.push(`${p.name}=${encodeURIComponent(p.value)}`);
	}
	for (const auth of form.auth) {
		if (auth.kind === 'bearer') {
			if (auth.token) headers.push(['Authorization', `Bearer ${auth.token}`]);
		} else if (auth.kind === 'basic') {
			if (auth.username || auth.password) headers.push(['Authorization', `Basic ${base64(`${auth.username}:${auth.password}`)}`]);
		} else if (auth.value) {
			if (auth.in === 'header') headers.push([auth.name, auth.value]);
			else if (auth.in === 'query') query.push(`${encodeURIComponent(auth.name)}=${encodeURIComponent(auth.value)}`);
			else cookies.push(`${auth.name}=${encodeURIComponent(auth.value)}`);
		}
	}
	if (cookies.length) headers.push(['Cookie', cookies.join('; ')]);
	const hasBody = form.body !== undefined && form.body.trim() !== '' && !['GET', 'HEAD'].includes(form.method.toUpperCase());
	if (hasBody && form.contentType && !headers.some(([name]) => name.toLowerCase() === 'content-type')) headers.push(['Content-Type', form.contentType]);
	if (!/^https?:\/\/[^/{}\s]+/i.test(base))
		problems.push(form.server ? `The server URL "${base}" is not an absolute http(s) URL.` : 'The API defines no server to send the request to.');
	const url = `${base}${path}${query.length ? `${path.includes('?') ? '&' : '?'}${query.join('&')}` : ''}`;
	return { request: { method: form.method.toUpperCase(), url, headers, ...(hasBody ? { body: form.body } : {}) }, problems };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The request as a curl command line, quoted for POSIX shells. */
export function toCurl(request: PlaygroundRequest): string {
	const options = [
		`--request ${request.method}`,
		`--url ${shellQuote(request.url)}`,
		...request.headers.map(([name, value]) => `--header ${shellQuote(`${name}: ${value}`)}`),
	];
	if (request.body !== undefined) options.push(`--data ${shellQuote(request.body)}`);
	return `curl ${options.join(' \\\n  ')}`;
}

function shellQuote(value: string): string {
	return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 of the UTF-8 bytes (no `btoa`/`Buffer`: this runs in the core and in the page). */
export function base64(text: string): string {
	const bytes = new TextEncoder().encode(text);
	let out = '';
	for (let i = 0; i < bytes.length; i += 3) {
		const [a, b, c] = [bytes[i], bytes[i + 1], bytes[i + 2]];
		const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
		out += alphabet[(n >> 18) & 63] + alphabet[(n >> 12) & 63] + (b === undefined ? '=' : alphabet[(n >> 6) & 63]) + (c === undefined ? '=' : alphabet[n & 63]);
	}
	return out;
}
