import type { SchemaNode } from './schemaModel';

/** Which side of the exchange an example is for: requests leave out `readOnly`, responses `writeOnly`, schema pages nothing. */
export type ExampleDirection = 'request' | 'response' | 'schema';

const formatExamples: Record<string, string> = {
	'date-time': '2024-01-15T09:30:00Z',
	date: '2024-01-15',
	time: '09:30:00',
	email: 'jane@example.com',
	uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
	uri: 'https://example.com',
	url: 'https://example.com',
	hostname: 'example.com',
	ipv4: '192.0.2.1',
	ipv6: '2001:db8::1',
	byte: 'U3dhZ2dlcg==',
	password: '********',
};

/**
 * An example value for a schema when the document gives none: the schema's own example, const,
 * default or first enum value, else a value made from the type. Circular branches are left out.
 */
export function exampleFor(node: SchemaNode, direction: ExampleDirection, depth = 0): unknown {
	if (node.circular || node.unresolved || node.truncated || depth > 8) return undefined;
	if (node.examples.length) return node.examples[0];
	if (node.const !== undefined) return node.const;
	if (node.default !== undefined) return node.default;
	if (node.enum?.length) return node.enum.find(v => v !== null) ?? node.enum[0];
	const type = node.types.find(t => t !== 'null') ?? (node.properties.length ? 'object' : node.items ? 'array' : undefined);
	if (!type && node.alternatives?.options.length) return exampleFor(node.alternatives.options[0], direction, depth + 1);
	switch (type) {
		case 'object': {
			const out: Record<string, unknown> = {};
			for (const property of node.properties) {
				if ((direction === 'request' && property.schema.readOnly) || (direction === 'response' && property.schema.writeOnly)) continue;
				const value = exampleFor(property.schema, direction, depth + 1);
				if (value !== undefined) out[property.name] = value;
			}
			if (!node.properties.length && node.alternatives?.options.length) return exampleFor(node.alternatives.options[0], direction, depth + 1) ?? out;
			if (!node.properties.length && node.additionalProperties) {
				const value = exampleFor(node.additionalProperties, direction, depth + 1);
				if (value !== undefined) out.key = value;
			}
			return out;
		}
		case 'array': {
			const item = node.items ? exampleFor(node.items, direction, depth + 1) : undefined;
			return item === undefined ? [] : [item];
		}
		case 'string':
			return (node.format && formatExamples[node.format]) ?? 'string';
		case 'integer':
			return minimumOf(node) ?? 0;
		case 'number':
			return minimumOf(node) ?? 0;
		case 'boolean':
			return true;
		case 'null':
			return null;
		default:
			return undefined;
	}
}

function minimumOf(node: SchemaNode): number | undefined {
	const constraint = node.constraints.find(c => c.startsWith('>= '));
	return constraint ? Number(constraint.slice(3)) : undefined;
}

/** Pretty JSON of an example; for a media type that is not JSON, a string example is shown as it is. */
export function exampleText(value: unknown, mediaType = 'application/json'): string {
	if (typeof value === 'string' && !isJsonMediaType(mediaType)) return value;
	try {
		return JSON.stringify(value, null, 2) ?? '';
	} catch {
		return String(value);
	}
}

export function isJsonMediaType(mediaType: string): boolean {
	return /[/+]json\b/i.test(mediaType) || /^application\/json/i.test(mediaType);
}
