import { stringify } from 'yaml';

export interface SpecShape {
	readonly operations: number;
	/** Nesting of the schema each response references (objects inside objects). */
	readonly schemaDepth?: number;
	readonly version?: '3.0.3' | '3.1.0';
	readonly format?: 'json' | 'yaml';
	/** Make schemas reference each other in a cycle (A → B → A). */
	readonly cycle?: boolean;
}

/** Writes a deterministic OpenAPI document of the given shape, for bad-input and speed cases. */
export function generateSpec(shape: SpecShape): string {
	const depth = shape.schemaDepth ?? 3;
	let deep: Record<string, unknown> = { type: 'string' };
	for (let i = 0; i < depth; i++) deep = { type: 'object', properties: { [`level${i}`]: deep } };
	const schemas: Record<string, unknown> = {
		Deep: deep,
		Item: { type: 'object', properties: { id: { type: 'string' }, deep: { $ref: '#/components/schemas/Deep' } } },
	};
	if (shape.cycle) {
		schemas.A = { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } };
		schemas.B = { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } };
	}
	const paths: Record<string, unknown> = {};
	const methods = ['get', 'post', 'put', 'delete'];
	for (let i = 0; i < shape.operations; i++) {
		const path = `/resources${Math.floor(i / methods.length)}/{id}`;
		const item = (paths[path] ??= { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] }) as Record<string, unknown>;
		item[methods[i % methods.length]] = {
			summary: `Operation ${i}`,
			operationId: `op${i}`,
			responses: {
				'200': {
					description: 'ok',
					content: { 'application/json': { schema: { $ref: shape.cycle && i === 0 ? '#/components/schemas/A' : '#/components/schemas/Item' } } },
				},
			},
		};
	}
	const document = {
		openapi: shape.version ?? '3.1.0',
		info: { title: 'Generated', version: '1' },
		servers: [{ url: 'https://api.example.com' }],
		paths,
		components: { schemas },
	};
	return shape.format === 'json' ? JSON.stringify(document, null, 2) : stringify(document, { aliasDuplicateObjects: false });
}
