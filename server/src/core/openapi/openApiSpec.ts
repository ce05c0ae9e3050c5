import { httpMethods } from '../docsConfig/pageEntries';
import { child, entryOf, parseSpecText, plain, stringOf, type ParsedSpecText, type SpecEntry, type SpecNode } from './specTree';
import { appendAll } from '../arrays';

/** A key as written in the spec file. */
export interface SourceSpan {
	readonly offset: number;
	readonly length: number;
	/** The file it is written in when that is not the document itself: an overlay added it. */
	readonly uri?: string;
}

export interface OpenApiOperation {
	/** Upper case, as `pages` entries write it. */
	readonly method: string;
	readonly path: string;
	/** The method key under the path item. */
	readonly span: SourceSpan;
	readonly summary: string | undefined;
	readonly description: string | undefined;
	readonly deprecated: boolean;
	/** `x-hidden`: excluded from generated pages (spec rule 9). */
	readonly hidden: boolean;
	readonly xMint: Record<string, unknown> | undefined;
	readonly servers: readonly string[];
	/** Names of the security schemes that apply (the operation's `security`, else the document's). */
	readonly security: readonly string[];
	/** `tags` of the operation (the first one groups generated pages). */
	readonly tags?: readonly string[];
	/** The name of the group its generated page goes in: the first tag's `x-group` in the document's `tags`, else the tag itself. */
	readonly group?: string;
}

export interface OpenApiSpec {
	readonly uri: string;
	/** `openapi` (3.x) or `swagger` (2.0) version string. */
	readonly version: string | undefined;
	readonly isSwagger2: boolean;
	readonly operations: readonly OpenApiOperation[];
	readonly webhooks: readonly { readonly name: string; readonly span: SourceSpan }[];
	readonly schemas: readonly { readonly name: string; readonly span: SourceSpan }[];
	readonly servers: readonly string[];
	/** `components.securitySchemes`: name → a short description ("http bearer", "apiKey in header"). */
	readonly securitySchemes: Readonly<Record<string, string>>;
	/** `$ref`s to another file or a URL (the platform supports internal refs only). */
	readonly externalRefs: readonly { readonly ref: string; readonly span: SourceSpan }[];
	readonly parseErrors: readonly { readonly message: string; readonly offset: number; readonly length: number }[];
	/** Findings of the full OpenAPI validation (JSON Schema and spec rules), when it ran. */
	readonly problems?: readonly { readonly message: string; readonly span: SourceSpan; readonly tooComplex?: true }[];
	/** Set while a new text of the document is still being read: its operations may be out of date. */
	readonly loading?: boolean;
}

const methods = new Set(httpMethods.map(m => m.toLowerCase()));

/**
 * The entries of a path item, with those of the path item its `$ref` points to inside the document
 * (3.1/3.2 `#/components/pathItems/X`) where it does not set them itself: the platform inlines
 * such references before it reads operations (@mintlify/common 1.0.1211 `validate.js`).
 */
function pathItemEntries(root: SpecNode | undefined, item: Extract<SpecNode, { kind: 'map' }>): readonly SpecEntry[] {
	const ref = stringOf(child(item, '$ref'));
	const target = ref?.startsWith('#/') ? pointerTarget(root, ref) : undefined;
	if (target?.kind !== 'map') return item.entries;
	const inline = new Set(item.entries.map(e => e.key));
	return [...item.entries.filter(e => e.key !== '$ref'), ...target.entries.filter(e => !inline.has(e.key))];
}

/** The node a local JSON pointer (`#/components/pathItems/Users`) reaches. */
function pointerTarget(root: SpecNode | undefined, ref: string): SpecNode | undefined {
	let node = root;
	for (const raw of ref.slice(2).split('/')) node = child(node, decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~'));
	return node;
}

/** The operations of a path item: the fixed method keys (with 3.2's `query`), then 3.2's `additionalOperations`, whose keys are methods as written (`PURGE`). */
function operationEntries(pathItem: readonly SpecEntry[]): { method: string; entry: SpecEntry }[] {
	const found = pathItem.filter(e => methods.has(e.key.toLowerCase())).map(entry => ({ method: entry.key.toUpperCase(), entry }));
	const additional = pathItem.find(e => e.key === 'additionalOperations')?.value;
	if (additional?.kind === 'map') for (const entry of additional.entries) found.push({ method: entry.key, entry });
	return found;
}

/** Reads what MintDoc needs from an OpenAPI document, with source spans; never throws. */
export function readOpenApiSpec(uri: string, text: string, parsed: ParsedSpecText = parseSpecText(text, uri)): OpenApiSpec {
	const { root, errors } = parsed;
	const version = stringOf(child(root, 'openapi')) ?? stringOf(child(root, 'swagger'));
	const serversOf = (node: SpecNode | undefined) => (node?.kind === 'seq' ? node.items.flatMap(s => stringOf(child(s, 'url')) ?? []) : []);
	const rootServers = serversOf(child(root, 'servers'));
	const securityOf = (node: SpecNode | undefined) =>
		node?.kind === 'seq' ? node.items.flatMap(item => (item.kind === 'map' ? item.entries.map(e => e.key) : [])) : undefined;
	const tagsOf = (node: SpecNode | undefined) => (node?.kind === 'seq' ? node.items.flatMap(t => stringOf(t) ?? []) : []);
	const rootSecurity = securityOf(child(root, 'security')) ?? [];
	// `x-group` on a tag definition renames the group its operations go in, as the platform names tag groups.
	const tagGroups = new Map<string, string>();
	const tagList = child(root, 'tags');
	if (tagList?.kind === 'seq')
		for (const tag of tagList.items) {
			const name = stringOf(child(tag, 'name'));
			const group = stringOf(child(tag, 'x-group'));
			if (name !== undefined && group !== undefined && !tagGroups.has(name)) tagGroups.set(name, group);
		}
	const operations: OpenApiOperation[] = [];
	const paths = child(root, 'paths');
	if (paths?.kind === 'map') {
		for (const pathEntry of paths.entries) {
			if (pathEntry.value.kind !== 'map') continue;
			const pathItem = pathItemEntries(root, pathEntry.value);
			const pathServers = serversOf(pathItem.find(e => e.key === 'servers')?.value);
			for (const { method, entry: op } of operationEntries(pathItem)) {
				const xMint = plain(child(op.value, 'x-mint'));
				const opServers = serversOf(child(op.value, 'servers'));
				const tags = tagsOf(child(op.value, 'tags'));
				operations.push({
					method,
					path: pathEntry.key,
					span: op.uri ? { offset: op.keyOffset, length: op.keyLength, uri: op.uri } : { offset: op.keyOffset, length: op.keyLength },
					summary: stringOf(child(op.value, 'summary')),
					description: stringOf(child(op.value, 'description')),
					deprecated: plain(child(op.value, 'deprecated')) === true,
					hidden: plain(child(op.value, 'x-hidden')) === true,
					xMint: xMint && typeof xMint === 'object' && !Array.isArray(xMint) ? (xMint as Record<string, unknown>) : undefined,
					servers: opServers.length ? opServers : pathServers.length ? pathServers : rootServers,
					security: securityOf(child(op.value, 'security')) ?? rootSecurity,
					tags,
					group: tags[0] === undefined ? undefined : (tagGroups.get(tags[0]) ?? tags[0]),
				});
			}
		}
	}
	const keysOf = (node: SpecNode | undefined) =>
		node?.kind === 'map' ? node.entries.map(e => ({ name: e.key, span: { offset: e.keyOffset, length: e.keyLength } })) : [];
	const externalRefs: OpenApiSpec['externalRefs'][number][] = [];
	const stack = root ? [root] : [];
	while (stack.length) {
		const node = stack.pop()!;
		if (node.kind === 'map') {
			const ref = entryOf(node, '$ref');
			const value = stringOf(ref?.value);
			if (ref && value !== undefined && !value.startsWith('#')) externalRefs.push({ ref: value, span: { offset: ref.value.offset, length: ref.value.length } });
			for (const e of node.entries) stack.push(e.value);
		} else if (node.kind === 'seq') appendAll(stack, node.items);
	}
	const schemes = child(child(root, 'components'), 'securitySchemes');
	const securitySchemes = Object.fromEntries(
		schemes?.kind === 'map'
			? schemes.entries.map(e => {
					const type = stringOf(child(e.value, 'type'));
					const detail = stringOf(child(e.value, 'scheme')) ?? (stringOf(child(e.value, 'in')) && `in ${stringOf(child(e.value, 'in'))}`);
					return [e.key, [type, detail].filter(Boolean).join(' ')];
				})
			: [],
	);
	return {
		uri,
		version,
		securitySchemes,
		isSwagger2: stringOf(child(root, 'swagger')) !== undefined || /^2\./.test(version ?? ''),
		operations,
		webhooks: keysOf(child(root, 'webhooks')),
		schemas: keysOf(child(child(root, 'components'), 'schemas')),
		servers: rootServers,
		externalRefs,
		parseErrors: errors,
	};
}

/** The page title the platform generates: the summary, or one made from method and path. */
export function generatedTitle(operation: OpenApiOperation): string {
	const metadataTitle = (operation.xMint?.metadata as Record<string, unknown> | undefined)?.title;
	if (typeof metadataTitle === 'string') return metadataTitle;
	return operation.summary ?? `${operation.method} ${operation.path}`;
}
