import type { Element } from 'hast';
import { exampleFor, exampleText, isJsonMediaType, type ExampleDirection } from './exampleGen';
import { h, type Child } from './hast';
import type { MediaView, OperationView, ParameterView, ResponseView, SecuritySchemeView } from './operationModel';
import type { SchemaNode } from './schemaModel';
import { exampleBlock, fieldRow, schemaTree, type TreeContext } from './schemaTree';

/** The documentation sections of an operation page: authorizations, parameters, body, responses. */

export interface SectionContext {
	readonly markdown: (text: string) => Child;
	readonly schema: (raw: unknown) => SchemaNode;
}

export function section(id: string, title: Child, ...content: Child[]): Element {
	return h('section', { className: ['md-api-section'], id }, h('h2', {}, title), content);
}

export function securitySection(ctx: SectionContext, security: OperationView['security']): Element | undefined {
	const alternatives = security.filter(schemes => schemes.length > 0);
	if (!alternatives.length) return undefined;
	const optional = alternatives.length < security.length;
	const rows = (schemes: readonly SecuritySchemeView[]) => schemes.map(s => securityRow(ctx, s));
	return section(
		'authorizations',
		'Authorizations',
		alternatives.length > 1 && h('p', { className: ['md-api-hint'] }, optional ? 'Any one of these, or none:' : 'Any one of these:'),
		alternatives.length === 1 && optional && h('p', { className: ['md-api-hint'] }, 'Optional: requests without authentication are accepted too.'),
		alternatives.map((schemes, i) => h('div', { className: ['md-field-list', 'md-auth-alternative'], dataAlternative: String(i) }, rows(schemes))),
	);
}

function securityRow(ctx: SectionContext, scheme: SecuritySchemeView): Element {
	const string = ctx.schema({ type: 'string' });
	const tree: TreeContext = { markdown: ctx.markdown, direction: 'request' };
	if (scheme.type === 'http' && scheme.scheme === 'basic') {
		return fieldRow(tree, 'Authorization', string, {
			required: true,
			location: 'header',
			description:
				scheme.description ??
				'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.',
		});
	}
	if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
		const what =
			scheme.type === 'http'
				? `${scheme.scheme === 'bearer' ? 'Bearer' : (scheme.scheme ?? 'HTTP')} authentication header`
				: `${scheme.type === 'oauth2' ? 'OAuth 2.0' : 'OpenID Connect'} access token`;
		return fieldRow(tree, 'Authorization', string, {
			required: true,
			location: 'header',
			description: scheme.description ?? `${what} of the form \`Bearer <token>\`${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''}.`,
		});
	}
	if (scheme.type === 'apiKey')
		return fieldRow(tree, scheme.parameterName ?? scheme.name, string, {
			required: true,
			location: scheme.in ?? 'header',
			description: scheme.description ?? `API key sent in the ${scheme.in ?? 'header'}.`,
		});
	return fieldRow(tree, scheme.name, string, {
		description: scheme.undefinedScheme
			? `Security scheme "${scheme.name}" is not defined in the document.`
			: (scheme.description ?? `${scheme.type} security scheme.`),
	});
}

const locationTitles = { path: 'Path Parameters', query: 'Query Parameters', header: 'Headers', cookie: 'Cookies' } as const;

export function parameterSections(ctx: SectionContext, parameters: readonly ParameterView[], schemaOf: (p: ParameterView) => SchemaNode): Element[] {
	const tree: TreeContext = { markdown: ctx.markdown, direction: 'request' };
	return (['path', 'query', 'header', 'cookie'] as const).flatMap(location => {
		const params = parameters.filter(p => p.in === location);
		if (!params.length) return [];
		return [
			section(
				`${location}-parameters`,
				locationTitles[location],
				h(
					'div',
					{ className: ['md-field-list'] },
					params.map(p =>
						fieldRow(tree, p.name, schemaOf(p), { required: p.required, deprecated: p.deprecated, description: p.description, example: p.example }),
					),
				),
			),
		];
	});
}

/** Tabs: one button and one panel per entry (status codes, content types); the page script switches them. */
export function tabs(name: string, entries: readonly { readonly label: string; readonly className?: string; readonly panel: Child }[]): Element {
	if (entries.length === 1) return h('div', { className: ['md-tab-single'] }, entries[0].panel);
	return h(
		'div',
		{ className: ['md-tabs'], dataApiTabs: name },
		h(
			'div',
			{ className: ['md-tab-list'], role: 'tablist' },
			entries.map((e, i) =>
				h(
					'button',
					{
						type: 'button',
						role: 'tab',
						className: e.className ? ['md-tab', e.className] : ['md-tab'],
						dataApiTab: String(i),
						ariaSelected: i === 0 ? 'true' : 'false',
					},
					e.label,
				),
			),
		),
		entries.map((e, i) => h('div', { className: ['md-tab-panel'], role: 'tabpanel', dataApiPanel: String(i), hidden: i > 0 }, e.panel)),
	);
}

function mediaPanel(ctx: SectionContext, media: MediaView, direction: ExampleDirection): Child {
	const node = ctx.schema(media.schema ?? {});
	const tree: TreeContext = { markdown: ctx.markdown, direction };
	return [
		h('div', { className: ['md-media-type'] }, h('code', {}, media.mediaType), node.refName && h('span', { className: ['md-api-hint'] }, ` · ${node.refName}`)),
		media.schema !== undefined && schemaTree(tree, node),
	];
}

export function bodySection(ctx: SectionContext, view: OperationView): Element | undefined {
	const body = view.requestBody;
	if (!body) return undefined;
	return section(
		'body',
		[view.kind === 'webhook' ? 'Payload' : 'Body', body.required && h('span', { className: ['md-pill', 'md-pill-required'] }, 'required')],
		body.description && h('div', { className: ['md-field-description'] }, ctx.markdown(body.description)),
		tabs(
			'body',
			body.contents.map(media => ({ label: media.mediaType, panel: mediaPanel(ctx, media, 'request') })),
		),
	);
}

export function statusClass(status: string): string {
	return `md-status-${/^[1-5]/.test(status) ? `${status[0]}xx` : 'default'}`;
}

export function responsesSection(ctx: SectionContext, responses: readonly ResponseView[]): Element | undefined {
	if (!responses.length) return undefined;
	const tree: TreeContext = { markdown: ctx.markdown, direction: 'response' };
	return section(
		'responses',
		'Responses',
		tabs(
			'responses',
			responses.map(r => ({
				label: r.status,
				className: statusClass(r.status),
				panel: [
					h(
						'div',
						{ className: ['md-response-head'] },
						h('span', { className: ['md-status', statusClass(r.status)] }, r.status),
						r.description && h('div', { className: ['md-field-description'] }, ctx.markdown(r.description)),
					),
					r.contents.map(media => mediaPanel(ctx, media, 'response')),
					r.headers.length > 0 &&
						h(
							'div',
							{ className: ['md-response-headers'] },
							h('h3', {}, 'Headers'),
							h(
								'div',
								{ className: ['md-field-list'] },
								r.headers.map(hd => fieldRow(tree, hd.name, ctx.schema(hd.schema), { description: hd.description })),
							),
						),
				],
			})),
		),
	);
}

/** The first media type's example for each status (given or generated), for the side column. */
export function responseExamples(ctx: SectionContext, responses: readonly ResponseView[]): Element | undefined {
	const entries = responses.flatMap(r => {
		const media = r.contents.find(m => isJsonMediaType(m.mediaType)) ?? r.contents[0];
		if (!media) return [];
		const value = media.examples.length ? media.examples[0].value : exampleFor(ctx.schema(media.schema ?? {}), 'response');
		if (value === undefined) return [];
		return [{ label: r.status, className: statusClass(r.status), panel: exampleBlock(value, media.mediaType, media.examples[0]?.name) }];
	});
	if (!entries.length) return undefined;
	return h('div', { className: ['md-side-card'] }, h('div', { className: ['md-side-title'] }, 'Response example'), tabs('response-examples', entries));
}

/** The request body example: the document's own, else one generated from the schema. */
export function bodyExample(ctx: SectionContext, view: OperationView): { text: string; contentType: string } | undefined {
	const media = view.requestBody?.contents.find(m => isJsonMediaType(m.mediaType)) ?? view.requestBody?.contents[0];
	if (!media) return undefined;
	const value = media.examples.length ? media.examples[0].value : exampleFor(ctx.schema(media.schema ?? {}), 'request');
	return { text: value === undefined ? '' : exampleText(value, media.mediaType), contentType: media.mediaType };
}
