import type { Element } from 'hast';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { PreviewProblem } from '../previewTypes';
import { bodyExample, bodySection, parameterSections, responseExamples, responsesSection, section, securitySection, type SectionContext } from './apiSections';
import { exampleFor } from './exampleGen';
import { h, plainMarkdown, raw, serialize, type Child } from './hast';
import { findOperationView, type OperationView, type ParameterView } from './operationModel';
import { initialCurl, initialForm, playgroundPlan, playgroundSection, type PlaygroundMode } from './playgroundMarkup';
import { createSchemaBuilder, type SchemaLimits, type SchemaNode } from './schemaModel';
import { exampleBlock, schemaTree } from './schemaTree';
import { renderSpecMarkdown } from './specMarkdown';
import { asString, isObject, loadApiDocument, positionOf, refName, type ApiDocument } from './specDocument';

/** What a generated page documents (spec rules 8-14). */
export type ApiPageTarget =
	| { readonly kind: 'operation'; readonly method: string; readonly path: string }
	| { readonly kind: 'webhook'; readonly name: string; readonly method?: string }
	| { readonly kind: 'schema'; readonly name: string };

export interface ApiPageInput {
	/** The OpenAPI document (a `site.specFiles` entry). */
	readonly spec: TextDocument;
	readonly target: ApiPageTarget;
	/** Sanitized HTML shown before the generated content: the body of an MDX page with `openapi` frontmatter. */
	readonly contentHtml?: string;
	/**
	 * `x-mint.content` (MDX) rendered by the caller beforehand (the MDX renderer is asynchronous):
	 * see xMintContentOf. Without it the content is shown as Markdown, components as text.
	 */
	readonly xMintContentHtml?: string;
	/** Frontmatter of that MDX page: its `title`, `description`, `deprecated` win over the document's. */
	readonly frontmatter?: Readonly<Record<string, unknown>>;
}

export interface ApiPageOptions {
	/** Markdown of spec descriptions → sanitized HTML. Default: renderSpecMarkdown (CommonMark + GFM, raw HTML dropped). */
	readonly renderMarkdown?: (markdown: string) => string;
	/** Title, description and endpoint line at the top (default true); false when the shell renders the title. */
	readonly includeHeader?: boolean;
	readonly limits?: SchemaLimits;
}

export interface ApiPage {
	readonly title: string;
	readonly description?: string;
	readonly deprecated: boolean;
	/** The page content (no site chrome): sanitized markup, no scripts, no inline handlers. */
	readonly html: string;
	readonly problems: readonly PreviewProblem[];
	/** `x-mint.href`: the URL of the page instead of the generated one. */
	readonly href?: string;
	readonly playground: PlaygroundMode;
}

/** Renders a generated API page: an operation, a webhook or a schema of an OpenAPI document. Never throws. */
export function renderApiPage(input: ApiPageInput, options: ApiPageOptions = {}): ApiPage {
	const doc = loadApiDocument(input.spec);
	const problems: PreviewProblem[] = doc.parseErrors.slice(0, 5).map(e => ({ message: e.message, uri: doc.uri, ...positionOf(doc.text, e.offset) }));
	const unresolved = new Set<string>();
	const schema = createSchemaBuilder(doc, options.limits, ref => unresolved.add(ref));
	const renderMarkdown = options.renderMarkdown ?? renderSpecMarkdown;
	const markdown = (text: string): Child => {
		try {
			return raw(renderMarkdown(text));
		} catch {
			// A renderer failure must not blank the page: fall back to escaped text.
			return plainMarkdown(text);
		}
	};
	const ctx: SectionContext = { markdown, schema };
	const page = input.target.kind === 'schema' ? schemaPage(doc, input, input.target.name, ctx, options) : operationPage(doc, input, input.target, ctx, options);
	for (const ref of unresolved)
		problems.push({
			message: ref.startsWith('#')
				? `Unresolved reference ${ref}.`
				: `External reference ${ref} is not resolved (only references inside the document are supported).`,
			uri: doc.uri,
		});
	return { ...page, problems: [...page.problems, ...problems] };
}

type PagePart = Omit<ApiPage, 'problems'> & { problems: PreviewProblem[] };

function fileName(uri: string): string {
	return decodeURIComponent(uri.split('/').pop() ?? uri);
}

function notFound(doc: ApiDocument, title: string, message: string): PagePart {
	return {
		title,
		deprecated: false,
		playground: 'none',
		problems: [{ message, uri: doc.uri }],
		html: serialize([
			h(
				'article',
				{ className: ['md-api-page', 'md-api-missing'], dataApiPage: '' },
				h('h1', {}, title),
				h('div', { className: ['md-callout', 'md-callout-danger'], role: 'alert' }, message),
			),
		]),
	};
}

function metadataOf(view: OperationView): Record<string, unknown> {
	const metadata = view.xMint?.metadata;
	return isObject(metadata) ? metadata : {};
}

function operationPage(
	doc: ApiDocument,
	input: ApiPageInput,
	target: Exclude<ApiPageTarget, { kind: 'schema' }>,
	ctx: SectionContext,
	options: ApiPageOptions,
): PagePart {
	const view = findOperationView(doc, target);
	const label = target.kind === 'operation' ? `${target.method.toUpperCase()} ${target.path}` : `webhook ${target.name}`;
	if (!view)
		return notFound(
			doc,
			label,
			doc.root
				? `No ${target.kind === 'operation' ? `operation ${label}` : `webhook "${target.name}"`} in ${fileName(doc.uri)}.`
				: `${fileName(doc.uri)} could not be read as an OpenAPI document.`,
		);
	const metadata = metadataOf(view);
	const fm = input.frontmatter ?? {};
	// Spec rule 8, with x-mint.metadata (rule 10) over it and the MDX page's frontmatter over both.
	const title = asString(fm.title) ?? asString(metadata.title) ?? view.summary ?? (view.kind === 'webhook' ? view.path : `${view.method} ${view.path}`);
	const description = asString(fm.description) ?? asString(metadata.description) ?? view.description;
	const deprecatedValue = fm.deprecated ?? metadata.deprecated;
	const deprecated = typeof deprecatedValue === 'boolean' ? deprecatedValue : view.deprecated;
	const plan = playgroundPlan(view, metadata.playground);
	const schemaOf = (p: ParameterView): SchemaNode => ctx.schema(p.schema);
	const body = bodyExample(ctx, view);
	const form = initialForm(view, schemaOf, body);
	const mdx = asString(view.xMint?.content);
	const side: Child[] = [
		plan.mode !== 'none' && playgroundSection(view, plan, schemaOf, body, form),
		view.kind === 'operation' &&
			h(
				'div',
				{ className: ['md-side-card', 'md-code'] },
				h('div', { className: ['md-side-title'] }, 'Request', h('span', { className: ['md-code-lang'] }, 'cURL')),
				h('pre', {}, h('code', { className: ['language-bash'], dataPgCurl: plan.mode === 'none' ? undefined : '' }, initialCurl(form))),
			),
		responseExamples(ctx, view.responses),
	];
	const html = serialize([
		h(
			'article',
			{ className: ['md-api-page'], dataApiPage: '', dataKind: view.kind },
			options.includeHeader !== false && header(title, description, deprecated, ctx, endpointLine(view)),
			doc.isSwagger2 && swaggerNote(),
			mdx && h('div', { className: ['md-api-prose', 'md-x-mint-content'] }, renderContent(mdx, input, ctx.markdown)),
			input.contentHtml && h('div', { className: ['md-api-prose'] }, raw(input.contentHtml)),
			h(
				'div',
				{ className: ['md-api-columns'] },
				h(
					'div',
					{ className: ['md-api-main'] },
					securitySection(ctx, view.security),
					parameterSections(ctx, view.parameters, schemaOf),
					bodySection(ctx, view),
					responsesSection(ctx, view.responses),
				),
				h('aside', { className: ['md-api-side'] }, side),
			),
		),
	]);
	const href = asString(view.xMint?.href);
	return { title, description, deprecated, html, problems: [], playground: plan.mode, ...(href ? { href } : {}) };
}

function renderContent(mdx: string, input: ApiPageInput, markdown: (text: string) => Child): Child {
	return input.xMintContentHtml !== undefined ? raw(input.xMintContentHtml) : markdown(mdx);
}

/** The `x-mint.content` MDX of an operation or webhook, for the caller to render before renderApiPage. */
export function xMintContentOf(spec: TextDocument, target: ApiPageTarget): string | undefined {
	if (target.kind === 'schema') return undefined;
	const view = findOperationView(loadApiDocument(spec), target);
	return asString(view?.xMint?.content);
}

function swaggerNote(): Element {
	return h(
		'p',
		{ className: ['md-callout', 'md-callout-info'] },
		'OpenAPI 2.0 (Swagger) document: the preview shows what maps onto OpenAPI 3 (parameters, body, responses, security). The platform expects OpenAPI 3.0 or later.',
	);
}

function header(title: string, description: string | undefined, deprecated: boolean, ctx: SectionContext, extra?: Child): Element {
	return h(
		'header',
		{ className: ['md-api-header'] },
		h(
			'div',
			{ className: ['md-api-title-row'] },
			h('h1', {}, title),
			deprecated && h('span', { className: ['md-badge', 'md-badge-deprecated'] }, 'Deprecated'),
		),
		description && h('div', { className: ['md-api-description'] }, ctx.markdown(description)),
		extra,
	);
}

/** Method badge and the full URL: first server plus the path, path parameters highlighted. */
function endpointLine(view: OperationView): Element {
	const method = view.method.toLowerCase();
	const server = view.kind === 'operation' ? (view.servers[0]?.url ?? '').replace(/\/+$/, '') : '';
	return h(
		'div',
		{ className: ['md-api-endpoint'] },
		view.kind === 'webhook' && h('span', { className: ['md-method', 'md-method-webhook'] }, 'WEBHOOK'),
		h('span', { className: ['md-method', `md-method-${method}`] }, view.method),
		h(
			'code',
			{ className: ['md-endpoint-url'] },
			server && h('span', { className: ['md-endpoint-server'] }, server),
			view.path
				.split(/(\{[^}]+\})/)
				.filter(Boolean)
				.map(part => (/^\{.*\}$/.test(part) ? h('span', { className: ['md-path-param'] }, part) : part)),
		),
	);
}

function schemaPage(doc: ApiDocument, input: ApiPageInput, name: string, ctx: SectionContext, options: ApiPageOptions): PagePart {
	const schemas = isObject(doc.root?.components) ? doc.root.components.schemas : doc.isSwagger2 ? doc.root?.definitions : undefined;
	if (!isObject(schemas) || !Object.prototype.hasOwnProperty.call(schemas, name))
		return notFound(doc, name, `No schema "${name}" under components.schemas in ${fileName(doc.uri)}.`);
	const ref = doc.isSwagger2 ? `#/definitions/${name}` : `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
	const node = ctx.schema({ $ref: ref });
	const fm = input.frontmatter ?? {};
	const title = asString(fm.title) ?? node.title ?? refName(ref);
	const description = asString(fm.description) ?? node.description;
	const deprecated = typeof fm.deprecated === 'boolean' ? fm.deprecated : node.deprecated;
	const example = exampleFor(node, 'schema');
	const html = serialize([
		h(
			'article',
			{ className: ['md-api-page'], dataApiPage: '', dataKind: 'schema' },
			options.includeHeader !== false &&
				header(
					title,
					description,
					deprecated,
					ctx,
					h(
						'div',
						{ className: ['md-api-endpoint'] },
						h('span', { className: ['md-method', 'md-method-schema'] }, 'SCHEMA'),
						h('code', { className: ['md-endpoint-url'] }, name),
					),
				),
			input.contentHtml && h('div', { className: ['md-api-prose'] }, raw(input.contentHtml)),
			h(
				'div',
				{ className: ['md-api-columns'] },
				h(
					'div',
					{ className: ['md-api-main'] },
					section('attributes', 'Attributes', schemaTree({ markdown: ctx.markdown, direction: 'schema' }, { ...node, description: undefined })),
				),
				h(
					'aside',
					{ className: ['md-api-side'] },
					example !== undefined &&
						h('div', { className: ['md-side-card'] }, h('div', { className: ['md-side-title'] }, 'Example'), exampleBlock(example, 'application/json')),
				),
			),
		),
	]);
	return { title, description, deprecated, html, problems: [], playground: 'none' };
}
