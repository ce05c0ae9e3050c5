import {
	buildSchema,
	GraphQLError,
	getNamedType,
	isEnumType,
	isInputObjectType,
	isInterfaceType,
	isObjectType,
	isScalarType,
	isSpecifiedScalarType,
	isUnionType,
	validateSchema,
	type GraphQLNamedType,
} from 'graphql';
import type { GraphqlSelector } from './graphqlSelectors';

/** The kinds of named types, as the platform's reference names them (@mintlify/scraping `parseGraphqlSdl`). */
export type GraphqlTypeKind = 'object' | 'input' | 'interface' | 'union' | 'enum' | 'scalar';

/** A field of an object or interface type: what a `QUERY a.b` selector walks through. */
export interface GraphqlField {
	readonly name: string;
	/** The named type under lists and non-null (`[User!]!` → `User`). */
	readonly typeName: string;
	readonly description?: string;
	readonly deprecated?: boolean;
}

export interface GraphqlType {
	readonly name: string;
	readonly kind: GraphqlTypeKind;
	readonly description?: string;
	/** Of an object or interface type; empty for the others. */
	readonly fields: readonly GraphqlField[];
}

/**
 * What a GraphQL SDL file gives the platform's generated reference: the root operation types and
 * every named type but the introspection ones and the built-in scalars (the shape of
 * @mintlify/scraping 4.0.1081 `parseGraphqlSdl`, which prebuild 1.0.1370 reads).
 */
export interface GraphqlReference {
	readonly queryType?: string;
	readonly mutationType?: string;
	readonly subscriptionType?: string;
	readonly types: ReadonlyMap<string, GraphqlType>;
}

/** Why an SDL text gives no reference: the first error, where graphql-js places it (1-based). */
export interface GraphqlSchemaError {
	readonly message: string;
	readonly line?: number;
	readonly column?: number;
}

export type GraphqlSchemaParse = { readonly reference: GraphqlReference } | { readonly error: GraphqlSchemaError };

/**
 * Parses and builds an SDL text as the platform does: `buildSchema` (syntax and SDL rules: unknown
 * types, duplicates) then `validateSchema` (a Query root type, interfaces implemented, …); any
 * error makes its build fail. Expensive on a large schema: callers keep one result per text.
 */
export function parseGraphqlSchema(text: string): GraphqlSchemaParse {
	let schema;
	try {
		schema = buildSchema(text);
	} catch (e) {
		return { error: toSchemaError(e) };
	}
	const [invalid] = validateSchema(schema);
	if (invalid) return { error: toSchemaError(invalid) };
	const types = new Map<string, GraphqlType>();
	for (const type of Object.values(schema.getTypeMap())) {
		if (type.name.startsWith('__') || (isScalarType(type) && isSpecifiedScalarType(type))) continue;
		types.set(type.name, toType(type));
	}
	return {
		reference: {
			queryType: schema.getQueryType()?.name,
			mutationType: schema.getMutationType()?.name,
			subscriptionType: schema.getSubscriptionType()?.name,
			types,
		},
	};
}

function toType(type: GraphQLNamedType): GraphqlType {
	const kind: GraphqlTypeKind = isObjectType(type)
		? 'object'
		: isInputObjectType(type)
			? 'input'
			: isInterfaceType(type)
				? 'interface'
				: isUnionType(type)
					? 'union'
					: isEnumType(type)
						? 'enum'
						: 'scalar';
	const fields =
		isObjectType(type) || isInterfaceType(type)
			? Object.values(type.getFields())
					.filter(field => !field.name.startsWith('__'))
					.map<GraphqlField>(field => ({
						name: field.name,
						typeName: getNamedType(field.type).name,
						...(field.description ? { description: field.description } : {}),
						...(field.deprecationReason != null ? { deprecated: true } : {}),
					}))
			: [];
	return { name: type.name, kind, ...(type.description ? { description: type.description } : {}), fields };
}

function toSchemaError(e: unknown): GraphqlSchemaError {
	if (e instanceof GraphQLError) {
		const at = e.locations?.[0];
		return { message: e.message, ...(at ? { line: at.line, column: at.column } : {}) };
	}
	return { message: e instanceof Error ? e.message : String(e) };
}

/** The kinds of types the platform documents with a page: not scalars, not the root operation types. */
const documentedKinds: ReadonlySet<GraphqlTypeKind> = new Set(['object', 'input', 'interface', 'union', 'enum']);

/** Whether `TYPE Name` may name this type (prebuild 1.0.1370 `isDocumentedType`). */
export function isDocumentedType(reference: GraphqlReference, type: GraphqlType): boolean {
	const roots = [reference.queryType, reference.mutationType, reference.subscriptionType];
	return !roots.includes(type.name) && documentedKinds.has(type.kind);
}

/**
 * What a selector documents, resolved as the platform resolves it (common 1.0.1211
 * `resolveGraphqlOperation`, prebuild `makeSelectedPage`): a documented type, or a field reached
 * from the query or mutation type through object and interface types (`billing.refund`).
 */
export function resolveGraphqlSelector(reference: GraphqlReference, selector: GraphqlSelector): GraphqlType | GraphqlField | undefined {
	if (selector.kind === 'type') {
		const type = reference.types.get(selector.name);
		return type && isDocumentedType(reference, type) ? type : undefined;
	}
	let typeName = selector.kind === 'query' ? reference.queryType : reference.mutationType;
	let field: GraphqlField | undefined;
	for (const segment of selector.name.split('.')) {
		const type = typeName === undefined ? undefined : reference.types.get(typeName);
		if (type?.kind !== 'object' && type?.kind !== 'interface') return undefined;
		field = type.fields.find(f => f.name === segment);
		if (!field) return undefined;
		typeName = field.typeName;
	}
	return field;
}

/**
 * The selectors a `pages` array may hold for a schema, as the platform's generated navigation
 * lists them (the fields of the query and mutation types, then the documented types, each sorted).
 */
export function graphqlSelectors(reference: GraphqlReference): { readonly selector: string; readonly detail: string; readonly description?: string }[] {
	const fieldsOf = (name: string | undefined) => {
		const type = name === undefined ? undefined : reference.types.get(name);
		return type?.kind === 'object' ? [...type.fields].sort((a, b) => a.name.localeCompare(b.name)) : [];
	};
	const operation = (keyword: string, field: GraphqlField) => ({
		selector: `${keyword} ${field.name}`,
		detail: `${keyword.toLowerCase()} → ${field.typeName}${field.deprecated ? ' (deprecated)' : ''}`,
		...(field.description ? { description: field.description } : {}),
	});
	return [
		...fieldsOf(reference.queryType).map(field => operation('QUERY', field)),
		...fieldsOf(reference.mutationType).map(field => operation('MUTATION', field)),
		...[...reference.types.values()]
			.filter(type => isDocumentedType(reference, type))
			.sort((a, b) => a.name.localeCompare(b.name))
			.map(type => ({ selector: `TYPE ${type.name}`, detail: `${type.kind} type`, ...(type.description ? { description: type.description } : {}) })),
	];
}
