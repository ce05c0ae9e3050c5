import { asString, deref, isObject, refName, type ApiDocument, type JsonObject } from './specDocument';

/** A schema as the API page shows it: references followed, `allOf` merged, bounded in depth and size. */
export interface SchemaNode {
	/** Name of the component it came from (`Payment`), shown as the type of objects. */
	readonly refName?: string;
	/** The schema refers to one of its own ancestors: shown as "circular reference to X", not expanded. */
	readonly circular?: string;
	/** External or missing reference, shown as such. */
	readonly unresolved?: { readonly ref: string; readonly why: 'external' | 'missing' };
	/** Cut off by the depth or size limit. */
	readonly truncated?: boolean;
	readonly types: readonly string[];
	readonly format?: string;
	readonly title?: string;
	readonly description?: string;
	readonly enum?: readonly unknown[];
	readonly const?: unknown;
	readonly default?: unknown;
	readonly examples: readonly unknown[];
	readonly nullable: boolean;
	readonly readOnly: boolean;
	readonly writeOnly: boolean;
	readonly deprecated: boolean;
	/** "min 1", "max length 255", "pattern ^[a-z]{3}$" … */
	readonly constraints: readonly string[];
	readonly properties: readonly SchemaProperty[];
	readonly additionalProperties?: SchemaNode;
	readonly items?: SchemaNode;
	readonly alternatives?: { readonly kind: 'oneOf' | 'anyOf'; readonly options: readonly SchemaNode[] };
}

export interface SchemaProperty {
	readonly name: string;
	readonly required: boolean;
	readonly schema: SchemaNode;
}

export interface SchemaLimits {
	/** Nesting levels expanded (objects, arrays, alternatives). */
	readonly maxDepth: number;
	/** Schema nodes per page: bounds specs whose shared references multiply. */
	readonly maxNodes: number;
}

export const defaultSchemaLimits: SchemaLimits = { maxDepth: 10, maxNodes: 1000 };

interface Walk {
	readonly doc: ApiDocument;
	readonly limits: SchemaLimits;
	nodes: number;
	readonly onUnresolved?: (ref: string, why: 'external' | 'missing') => void;
}

const empty = { types: [], examples: [], nullable: false, readOnly: false, writeOnly: false, deprecated: false, constraints: [], properties: [] } as const;

/** Builds the view of a schema value (possibly a `$ref`). */
export function buildSchema(doc: ApiDocument, schema: unknown, limits: SchemaLimits = defaultSchemaLimits): SchemaNode {
	return walk({ doc, limits, nodes: 0 }, schema, [], 0);
}

/**
 * A builder for the schemas of one page: one size budget for all of them, each raw schema built
 * once (the tree, the examples and the playground share it), unresolved references reported.
 */
export function createSchemaBuilder(
	doc: ApiDocument,
	limits: SchemaLimits = defaultSchemaLimits,
	onUnresolved?: (ref: string, why: 'external' | 'missing') => void,
): (schema: unknown) => SchemaNode {
	const state: Walk = { doc, limits, nodes: 0, onUnresolved };
	const built = new Map<unknown, SchemaNode>();
	return schema => {
		const key = typeof schema === 'object' && schema !== null ? schema : undefined;
		const cached = key && built.get(key);
		if (cached) return cached;
		const node = walk(state, schema, [], 0);
		if (key) built.set(key, node);
		return node;
	};
}

function walk(state: Walk, schema: unknown, stack: readonly string[], depth: number): SchemaNode {
	const resolved = deref(state.doc, schema, stack);
	if (resolved.kind === 'circular') return { ...empty, circular: refName(resolved.ref) };
	if (resolved.kind === 'unresolved') {
		state.onUnresolved?.(resolved.ref, resolved.why);
		return { ...empty, unresolved: { ref: resolved.ref, why: resolved.why } };
	}
	const name = resolved.ref ? refName(resolved.ref) : undefined;
	if (depth > state.limits.maxDepth || ++state.nodes > state.limits.maxNodes) return { ...empty, refName: name, truncated: true };
	const merged = mergeAllOf(state, resolved.value, resolved.stack);
	const s = merged.schema;
	const next = merged.stack;
	const types = typesOf(s);
	const required = new Set(Array.isArray(s.required) ? s.required.filter((r): r is string => typeof r === 'string') : []);
	const properties = isObject(s.properties)
		? Object.entries(s.properties).map(([key, value]) => ({ name: key, required: required.has(key), schema: walk(state, value, next, depth + 1) }))
		: [];
	const alternativesKind = Array.isArray(s.oneOf) ? 'oneOf' : Array.isArray(s.anyOf) ? 'anyOf' : undefined;
	const alternatives = alternativesKind
		? ({ kind: alternativesKind, options: (s[alternativesKind] as unknown[]).map(option => walk(state, option, next, depth + 1)) } as const)
		: undefined;
	const examples = Array.isArray(s.examples) ? s.examples : s.example !== undefined ? [s.example] : [];
	return {
		refName: name,
		types,
		format: asString(s.format),
		title: asString(s.title),
		description: asString(s.description),
		enum: Array.isArray(s.enum) ? s.enum : undefined,
		const: s.const,
		default: s.default,
		examples,
		nullable: s.nullable === true || types.includes('null') || (Array.isArray(s.enum) && s.enum.includes(null)),
		readOnly: s.readOnly === true,
		writeOnly: s.writeOnly === true,
		deprecated: s.deprecated === true,
		constraints: constraintsOf(s),
		properties,
		additionalProperties: isObject(s.additionalProperties) ? walk(state, s.additionalProperties, next, depth + 1) : undefined,
		items: s.items !== undefined && !Array.isArray(s.items) ? walk(state, s.items, next, depth + 1) : undefined,
		alternatives,
	};
}

/**
 * `allOf` parts folded into one schema: properties in order, `required` united, the first
 * description/type kept. Parts that are circular or unresolved are dropped from the merge (the
 * remaining parts still show) — the page is a reading aid, not a validator.
 */
export function mergeAllOf(
	state: { readonly doc: ApiDocument },
	schema: JsonObject,
	stack: readonly string[],
): { schema: JsonObject; stack: readonly string[] } {
	if (!Array.isArray(schema.allOf)) return { schema, stack };
	const { allOf, ...rest } = schema;
	const result: JsonObject = { ...rest };
	const properties: JsonObject = { ...(isObject(rest.properties) ? rest.properties : {}) };
	const required = new Set(Array.isArray(rest.required) ? rest.required : []);
	// References opened by the parts count as ancestors of the merged properties (cycle guard).
	const opened = [...stack];
	for (const part of allOf as unknown[]) {
		const resolved = deref(state.doc, part, stack);
		if (resolved.kind !== 'value') continue;
		const inner = mergeAllOf(state, resolved.value, resolved.stack);
		for (const ref of inner.stack) if (!opened.includes(ref)) opened.push(ref);
		const merged = inner.schema;
		for (const [key, value] of Object.entries(merged)) {
			if (key === 'properties' && isObject(value)) Object.assign(properties, value);
			else if (key === 'required' && Array.isArray(value)) value.forEach(r => required.add(r));
			else if (!(key in result)) result[key] = value;
		}
	}
	if (Object.keys(properties).length) result.properties = properties;
	if (required.size) result.required = [...required];
	if (!result.type && Object.keys(properties).length) result.type = 'object';
	return { schema: result, stack: opened };
}

function typesOf(s: JsonObject): string[] {
	if (Array.isArray(s.type)) return s.type.filter((t): t is string => typeof t === 'string');
	if (typeof s.type === 'string') return [s.type];
	if (isObject(s.properties) || isObject(s.additionalProperties)) return ['object'];
	if (s.items !== undefined) return ['array'];
	if (s.const !== undefined) return [typeof s.const === 'number' ? 'number' : typeof s.const];
	return [];
}

function constraintsOf(s: JsonObject): string[] {
	const out: string[] = [];
	const add = (key: string, label: string) => {
		if (typeof s[key] === 'number' || typeof s[key] === 'string') out.push(`${label} ${String(s[key])}`);
	};
	if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
	else add('minimum', s.exclusiveMinimum === true ? '>' : '>=');
	if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
	else add('maximum', s.exclusiveMaximum === true ? '<' : '<=');
	add('minLength', 'min length');
	add('maxLength', 'max length');
	add('minItems', 'min items');
	add('maxItems', 'max items');
	add('multipleOf', 'multiple of');
	add('pattern', 'pattern');
	if (s.uniqueItems === true) out.push('unique items');
	return out;
}

/** The short type label: `string<date-time>`, `Payment[]`, `string | null`, `object`. */
export function typeLabel(node: SchemaNode): string {
	if (node.circular) return node.circular;
	if (node.unresolved) return refName(node.unresolved.ref);
	if (node.items) {
		const inner = typeLabel(node.items);
		return `${/[ |]/.test(inner) ? `(${inner})` : inner}[]`;
	}
	const base = node.types.filter(t => t !== 'null');
	let label: string;
	if (base.includes('object') && node.refName) label = node.refName;
	else if (base.length) label = base.map(t => (node.format && t !== 'object' ? `${t}<${node.format}>` : t)).join(' | ');
	else if (node.alternatives) label = node.alternatives.options.map(typeLabel).join(' | ');
	else if (node.enum) label = 'enum';
	else label = node.refName ?? 'any';
	return node.nullable && !label.endsWith('| null') ? `${label} | null` : label;
}
