import { stringify } from 'yaml';
import type { Random } from './random';

/** Shape of a generated OpenAPI document. */
export interface BenchSpecShape {
	readonly operations: number;
	/** Nesting of each resource's schema (objects inside objects). */
	readonly schemaDepth: number;
	readonly format: 'json' | 'yaml';
	/** Pad descriptions until the document is about this large. */
	readonly targetBytes?: number;
	/** Prefix of every path, so several documents of one site do not repeat each other's operations. */
	readonly pathPrefix?: string;
}

const methods = ['get', 'post', 'patch', 'delete'] as const;
const nouns =
	'accounts payments customers invoices refunds webhooks events tokens sessions keys charges balances transfers payouts disputes subscriptions plans prices products coupons'.split(
		' ',
	);

/**
 * A deterministic OpenAPI 3.1 document: one resource per four operations, each with its own deep
 * component schema (every level has a few scalar properties and one nested object), path and
 * query parameters, request bodies and error responses. Returns the text and the `METHOD /path`
 * of every operation in document order.
 */
export function generateBenchSpec(shape: BenchSpecShape, random: Random): { text: string; operations: string[] } {
	let padding = 1;
	let result = build(shape, random, padding);
	if (shape.targetBytes && result.text.length < shape.targetBytes * 0.95) {
		// Descriptions grow linearly with `padding`: one correction lands within a few percent.
		const base = build(shape, random, 0).text.length;
		padding = Math.max(1, Math.round((shape.targetBytes - base) / Math.max(1, result.text.length - base)));
		result = build(shape, random, padding);
	}
	return result;
}

function build(shape: BenchSpecShape, parent: Random, padding: number) {
	// The same stream for every attempt: only the padding differs between them.
	const random = parent.fork();
	const filler = 'Describes the field in detail for readers of the reference, with its constraints and defaults.';
	const describe = (what: string) => `${what}. ${Array(padding).fill(filler).join(' ')}`.trim();
	const schemas: Record<string, unknown> = {
		Error: {
			type: 'object',
			required: ['code', 'message'],
			properties: { code: { type: 'string' }, message: { type: 'string' }, request_id: { type: 'string' } },
		},
	};
	const paths: Record<string, Record<string, unknown>> = {};
	const operations: string[] = [];
	const resources = Math.ceil(shape.operations / methods.length);
	for (let r = 0; r < resources; r++) {
		const noun = `${nouns[r % nouns.length]}${r >= nouns.length ? Math.floor(r / nouns.length) : ''}`;
		const name = `${noun[0].toUpperCase()}${noun.slice(1)}`;
		let deep: Record<string, unknown> = { type: 'object', properties: { value: { type: 'string', description: describe('The innermost value') } } };
		for (let level = shape.schemaDepth; level > 0; level--) {
			deep = {
				type: 'object',
				description: describe(`Level ${level} of ${noun}`),
				required: ['id'],
				properties: {
					id: { type: 'string', description: describe('Identifier') },
					count: { type: 'integer', minimum: 0 },
					enabled: { type: 'boolean' },
					kind: { type: 'string', enum: ['a', 'b', 'c'] },
					[`level${level}`]: deep,
				},
			};
		}
		schemas[name] = deep;
		const collection = `${shape.pathPrefix ?? ''}/${noun}`;
		const item = `${collection}/{${noun.replace(/s\d*$/, '')}Id}`;
		const idName = item.slice(item.indexOf('{') + 1, -1);
		for (let m = 0; m < methods.length && operations.length < shape.operations; m++) {
			const method = methods[m];
			const onItem = method !== 'post' && !(method === 'get' && random.next() < 0.3);
			const route = onItem ? item : collection;
			const operation: Record<string, unknown> = {
				operationId: `${method}${name}${onItem ? 'Item' : ''}`,
				summary: `${method === 'get' ? 'Retrieve' : method === 'post' ? 'Create' : method === 'patch' ? 'Update' : 'Delete'} ${noun}`,
				description: describe(`Operation on ${noun}`),
				tags: [name],
				parameters: [
					...(onItem ? [{ name: idName, in: 'path', required: true, schema: { type: 'string' } }] : []),
					{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
				],
				responses: {
					'200': { description: 'OK', content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } },
					'400': { description: 'Bad request', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
				},
			};
			if (method === 'post' || method === 'patch')
				operation.requestBody = { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } } };
			const pathItem = (paths[route] ??= {});
			if (pathItem[method]) continue; // two GETs on one route: keep the first
			pathItem[method] = operation;
			operations.push(`${method.toUpperCase()} ${route}`);
		}
	}
	const document = {
		openapi: '3.1.0',
		info: { title: 'Bench API', version: '1.0.0' },
		servers: [{ url: 'https://api.example.com/v1' }],
		paths,
		components: { schemas },
	};
	const text = shape.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document, { aliasDuplicateObjects: false });
	return { text, operations };
}
