import type { Element } from 'hast';
import { h, type Child } from './hast';
import { isSendableServer, type OperationView, type ParameterView, type SecuritySchemeView, type ServerView } from './operationModel';
import { buildPlaygroundRequest, toCurl, type PlaygroundAuthValue, type PlaygroundForm } from './playgroundRequest';
import type { SchemaNode } from './schemaModel';

/**
 * The playground's markup. The page script (browser/playground.ts) finds every input through its
 * data-pg-* attributes, so no handler or script is written into the page.
 */
export type PlaygroundMode = 'interactive' | 'simple' | 'none';

export interface PlaygroundPlan {
	readonly mode: PlaygroundMode;
	/** Why the playground cannot send (simple mode) or what the published site requires (`playground: auth`). */
	readonly note?: string;
}

/** Spec rule 13 and `x-mint.metadata.playground`: interactive, simple (no Send) or none. */
export function playgroundPlan(view: OperationView, metadataPlayground: unknown): PlaygroundPlan {
	if (view.kind === 'webhook') return { mode: 'none' };
	if (metadataPlayground === 'none') return { mode: 'none' };
	if (metadataPlayground === 'simple')
		return { mode: 'simple', note: "This endpoint's playground is in simple mode (x-mint playground: simple): requests are not sent." };
	if (!view.servers.length) return { mode: 'simple', note: 'Simple mode: the OpenAPI document defines no servers, so there is no URL to send the request to.' };
	if (!view.servers.some(isSendableServer)) return { mode: 'simple', note: 'Simple mode: no server of the OpenAPI document has an absolute http(s) URL.' };
	if (metadataPlayground === 'auth')
		return { mode: 'interactive', note: 'On the published site this playground is usable only by signed-in users (x-mint playground: auth).' };
	return { mode: 'interactive' };
}

/** The inputs' initial state: first server, defaults of variables and parameters, the example body. */
export function initialForm(
	view: OperationView,
	schemaOf: (p: ParameterView) => SchemaNode,
	body: { text: string; contentType: string } | undefined,
): PlaygroundForm {
	const server = view.servers[0];
	return {
		method: view.method,
		path: view.path,
		server: server?.url ?? '',
		serverVariables: Object.fromEntries((server?.variables ?? []).map(v => [v.name, v.default])),
		parameters: view.parameters.map(p => ({ name: p.name, in: p.in, required: p.required, value: initialValue(schemaOf(p)) })),
		auth: authValues(view.security[0] ?? []),
		...(body ? { body: body.text, contentType: body.contentType } : {}),
	};
}

function initialValue(node: SchemaNode): string {
	return node.default !== undefined && node.default !== null && typeof node.default !== 'object' ? String(node.default) : '';
}

function authValues(schemes: readonly SecuritySchemeView[]): PlaygroundAuthValue[] {
	return schemes.flatMap((s): PlaygroundAuthValue[] => {
		const kind = authKind(s);
		if (kind === 'basic') return [{ kind, username: '', password: '' }];
		if (kind === 'apiKey') return [{ kind, in: s.in ?? 'header', name: s.parameterName ?? s.name, value: '' }];
		return kind === 'bearer' ? [{ kind, token: '' }] : [];
	});
}

/** How the playground asks for a scheme's credentials; OAuth 2 and OpenID Connect take an access token. */
export function authKind(scheme: SecuritySchemeView): 'bearer' | 'basic' | 'apiKey' | undefined {
	if (scheme.type === 'http' && scheme.scheme === 'basic') return 'basic';
	if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'bearer';
	if (scheme.type === 'apiKey' && scheme.in) return 'apiKey';
	return undefined;
}

/** The curl line for the initial inputs (the page script keeps it current). */
export function initialCurl(form: PlaygroundForm): string {
	return toCurl(buildPlaygroundRequest(form).request);
}

export function playgroundSection(
	view: OperationView,
	plan: PlaygroundPlan,
	schemaOf: (p: ParameterView) => SchemaNode,
	body: { text: string; contentType: string } | undefined,
	form: PlaygroundForm,
): Element {
	const method = view.method.toLowerCase();
	const byLocation = (location: ParameterView['in']) => view.parameters.filter(p => p.in === location);
	return h(
		'section',
		{
			className: ['md-playground'],
			dataPg: '',
			dataPgMode: plan.mode,
			dataPgMethod: view.method,
			dataPgPath: view.path,
			dataPgContentType: body?.contentType,
			ariaLabel: 'API playground',
		},
		h(
			'div',
			{ className: ['md-pg-bar'] },
			h('span', { className: ['md-method', `md-method-${method}`] }, view.method),
			h('code', { className: ['md-pg-url'], dataPgUrl: '' }, buildPlaygroundRequest(form).request.url),
			plan.mode === 'interactive' && h('button', { type: 'button', className: ['md-pg-send'], dataPgSend: '' }, 'Send'),
		),
		plan.note && h('p', { className: ['md-pg-note', plan.mode === 'simple' ? 'md-pg-note-simple' : 'md-pg-note-auth'] }, plan.note),
		view.servers.length > 0 && serverInputs(view.servers),
		authInputs(view.security),
		(['path', 'query', 'header', 'cookie'] as const).map(location => {
			const params = byLocation(location);
			return (
				params.length > 0 &&
				group(
					`${location.charAt(0).toUpperCase()}${location.slice(1)} parameters`,
					params.map(p => parameterInput(p, schemaOf(p), form)),
				)
			);
		}),
		body &&
			group(
				`Body (${body.contentType})`,
				h(
					'textarea',
					{
						className: ['md-pg-body'],
						dataPgBody: '',
						spellCheck: 'false',
						rows: Math.min(18, Math.max(4, body.text.split('\n').length + 1)),
						ariaLabel: 'Request body',
					},
					body.text,
				),
			),
		h('ul', { className: ['md-pg-problems'], dataPgProblems: '', hidden: true }),
		h(
			'div',
			{ className: ['md-pg-response'], dataPgResponse: '', hidden: true, ariaLive: 'polite' },
			h(
				'div',
				{ className: ['md-pg-response-head'] },
				h('span', { className: ['md-pg-status'], dataPgStatus: '' }),
				h('span', { className: ['md-pg-time'], dataPgTime: '' }),
			),
			h('details', { className: ['md-pg-headers'] }, h('summary', {}, 'Response headers'), h('pre', { dataPgHeaders: '' })),
			h('pre', { className: ['md-pg-response-body'] }, h('code', { dataPgResponseBody: '' })),
		),
	);
}

function group(title: string, ...content: Child[]): Element {
	return h('fieldset', { className: ['md-pg-group'] }, h('legend', {}, title), content);
}

function labelled(label: Child, control: Element, hint?: string): Element {
	return h(
		'label',
		{ className: ['md-pg-field'] },
		h('span', { className: ['md-pg-label'] }, label),
		control,
		hint && h('span', { className: ['md-pg-hint'] }, hint),
	);
}

function serverInputs(servers: readonly ServerView[]): Element {
	const choice =
		servers.length > 1
			? labelled(
					'Server',
					h(
						'select',
						{ dataPgServer: '' },
						servers.map((s, i) => h('option', { value: String(i), dataUrl: s.url }, s.description ? `${s.url} — ${s.description}` : s.url)),
					),
				)
			: h(
					'div',
					{ className: ['md-pg-server-single'] },
					h('input', { type: 'hidden', dataPgServer: '', value: '0', dataUrl: servers[0].url }),
					h('code', {}, servers[0].url),
					servers[0].description && h('span', { className: ['md-pg-hint'] }, ` ${servers[0].description}`),
				);
	return group(
		'Server',
		choice,
		servers.map(
			(s, i) =>
				s.variables.length > 0 &&
				h(
					'div',
					{ className: ['md-pg-server-vars'], dataPgServerVars: String(i), hidden: i > 0 },
					s.variables.map(v =>
						labelled(
							v.name,
							v.enum
								? h(
										'select',
										{ dataPgServerVar: v.name },
										v.enum.map(e => h('option', { value: e, selected: e === v.default }, e)),
									)
								: h('input', { type: 'text', dataPgServerVar: v.name, value: v.default }),
							v.description,
						),
					),
				),
		),
	);
}

function authInputs(security: OperationView['security']): Element | undefined {
	const alternatives = security.filter(schemes => schemes.length > 0);
	if (!alternatives.length) return undefined;
	const optional = alternatives.length < security.length;
	const choices = [...alternatives.map(schemes => schemes.map(s => s.name).join(' + ')), ...(optional ? ['No authentication'] : [])];
	return group(
		'Authorization',
		choices.length > 1 &&
			labelled(
				'Method',
				h(
					'select',
					{ dataPgAuthChoice: '' },
					choices.map((c, i) => h('option', { value: String(i) }, c)),
				),
			),
		alternatives.map((schemes, i) => h('div', { className: ['md-pg-auth-group'], dataPgAuthGroup: String(i), hidden: i > 0 }, schemes.map(authInput))),
	);
}

function authInput(scheme: SecuritySchemeView): Child {
	const kind = authKind(scheme);
	const common = { dataPgScheme: scheme.name, autocomplete: 'off', spellCheck: 'false' };
	// Labels name what is sent; the scheme's name is in the method choice (and in the hint).
	if (kind === 'basic') {
		return [
			labelled('Username', h('input', { ...common, type: 'text', dataPgAuth: 'basic-username', placeholder: 'username' })),
			labelled('Password', h('input', { ...common, type: 'password', dataPgAuth: 'basic-password', placeholder: 'password' })),
		];
	}
	if (kind === 'bearer')
		return labelled(
			scheme.type === 'http' ? 'Bearer token' : 'Access token',
			h('input', { ...common, type: 'text', dataPgAuth: 'bearer', placeholder: 'token' }),
			`Sent as Authorization: Bearer <token> (${scheme.name})`,
		);
	if (kind === 'apiKey') {
		const name = scheme.parameterName ?? scheme.name;
		return labelled(
			h('code', {}, name),
			h('input', { ...common, type: 'text', dataPgAuth: 'apiKey', dataPgIn: scheme.in, dataPgName: name, placeholder: 'API key' }),
			`API key in the ${scheme.in} (${scheme.name})`,
		);
	}
	return h(
		'p',
		{ className: ['md-pg-hint'] },
		scheme.undefinedScheme
			? `Security scheme "${scheme.name}" is not defined in the document.`
			: `Security scheme "${scheme.name}" (${scheme.type}) has no input in the preview's playground.`,
	);
}

function parameterInput(p: ParameterView, node: SchemaNode, form: PlaygroundForm): Element {
	const value = form.parameters.find(v => v.name === p.name && v.in === p.in)?.value ?? '';
	const attributes = { dataPgParam: p.in, dataPgName: p.name, dataPgRequired: p.required ? '' : undefined, ariaLabel: `${p.in} parameter ${p.name}` };
	const label = [h('code', {}, p.name), p.required && h('span', { className: ['md-pg-required'], title: 'required' }, ' *')];
	const values = node.enum?.filter(v => v !== null).map(String) ?? (node.types.includes('boolean') ? ['true', 'false'] : undefined);
	if (values) {
		return labelled(
			label,
			h(
				'select',
				attributes,
				h('option', { value: '' }, p.required ? 'select…' : '(not set)'),
				values.map(v => h('option', { value: v, selected: v === value }, v)),
			),
		);
	}
	const example = p.example ?? node.examples[0] ?? node.default;
	return labelled(
		label,
		h('input', {
			...attributes,
			type: 'text',
			value,
			placeholder: example !== undefined && typeof example !== 'object' ? String(example) : (node.types[0] ?? ''),
		}),
	);
}
