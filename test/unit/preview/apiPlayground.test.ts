import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderApiPage } from '../../../server/src/preview/api/apiPage';
import { base64, buildPlaygroundRequest, toCurl, type PlaygroundForm } from '../../../server/src/preview/api/playgroundRequest';

let counter = 0;
const spec = (text: string) => TextDocument.create(`file:///mem/playground${++counter}.yaml`, 'yaml', 1, text);
const get = (text: string, path = '/things') => renderApiPage({ spec: spec(text), target: { kind: 'operation', method: 'GET', path } });

const head = 'openapi: 3.1.0\ninfo: { title: P, version: "1" }\n';
const things = (extra = '') => `paths:\n  /things:\n    get:\n      summary: List things\n${extra}      responses: { '200': { description: OK } }\n`;

describe('preview: playground markup', () => {
	it('no servers: simple mode without Send, and a note why', () => {
		const page = get(head + things());
		assert.equal(page.playground, 'simple');
		assert.ok(page.html.includes('<section class="md-playground" data-pg="" data-pg-mode="simple" data-pg-method="GET" data-pg-path="/things"'));
		assert.ok(!page.html.includes('data-pg-send'));
		assert.ok(
			page.html.includes(
				'<p class="md-pg-note md-pg-note-simple">Simple mode: the OpenAPI document defines no servers, so there is no URL to send the request to.</p>',
			),
		);
	});

	it('one server: shown as text with Send; two servers: a dropdown with descriptions', () => {
		const one = get(`${head}servers: [{ url: 'https://api.example.com/v1' }]\n${things()}`);
		assert.equal(one.playground, 'interactive');
		assert.ok(one.html.includes('<button type="button" class="md-pg-send" data-pg-send="">Send</button>'));
		assert.ok(
			one.html.includes('<input type="hidden" data-pg-server="" value="0" data-url="https://api.example.com/v1"><code>https://api.example.com/v1</code>'),
		);
		assert.ok(!one.html.includes('<select data-pg-server'));
		const two = get(
			`${head}servers:\n  - { url: 'https://api.example.com', description: Production }\n  - { url: 'https://sandbox.example.com' }\n${things()}`,
		);
		assert.ok(
			two.html.includes(
				'<select data-pg-server=""><option value="0" data-url="https://api.example.com">https://api.example.com — Production</option><option value="1" data-url="https://sandbox.example.com">https://sandbox.example.com</option></select>',
			),
		);
	});

	it("path- and operation-level servers override the document's; variables become inputs", () => {
		const text = `${head}servers: [{ url: 'https://root.example.com' }]\npaths:\n  /things:\n    servers: [{ url: 'https://path.example.com' }]\n    get:\n      responses: { '200': { description: OK } }\n    post:\n      servers:\n        - url: 'https://{region}.op.example.com/{version}'\n          variables:\n            region: { default: eu, enum: [eu, us] }\n            version: { default: v2 }\n      responses: { '200': { description: OK } }\n`;
		const doc = spec(text);
		const getPage = renderApiPage({ spec: doc, target: { kind: 'operation', method: 'GET', path: '/things' } });
		assert.ok(getPage.html.includes('data-url="https://path.example.com"'));
		assert.ok(!getPage.html.includes('root.example.com'));
		const post = renderApiPage({ spec: doc, target: { kind: 'operation', method: 'POST', path: '/things' } });
		assert.ok(post.html.includes('data-url="https://{region}.op.example.com/{version}"'));
		assert.ok(post.html.includes('<select data-pg-server-var="region"><option value="eu" selected>eu</option><option value="us">us</option></select>'));
		assert.ok(post.html.includes('<input type="text" data-pg-server-var="version" value="v2">'));
		assert.ok(post.html.includes('<code class="md-pg-url" data-pg-url="">https://eu.op.example.com/v2/things</code>'));
	});

	it('auth inputs for bearer, basic, and apiKey in header, query and cookie; operation security overrides', () => {
		const text = `${head}servers: [{ url: 'https://api.example.com' }]
security: [{ bearer: [] }, { basic: [] }, { headerKey: [], queryKey: [], cookieKey: [] }]
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    basic: { type: http, scheme: basic }
    headerKey: { type: apiKey, in: header, name: X-Key }
    queryKey: { type: apiKey, in: query, name: api_key }
    cookieKey: { type: apiKey, in: cookie, name: session }
paths:
  /things:
    get:
      responses: { '200': { description: OK } }
  /public:
    get:
      security: []
      responses: { '200': { description: OK } }
  /basic-only:
    get:
      security: [{ basic: [] }]
      responses: { '200': { description: OK } }
`;
		const doc = spec(text);
		const html = renderApiPage({ spec: doc, target: { kind: 'operation', method: 'GET', path: '/things' } }).html;
		assert.ok(
			html.includes(
				'<select data-pg-auth-choice=""><option value="0">bearer</option><option value="1">basic</option><option value="2">headerKey + queryKey + cookieKey</option></select>',
			),
		);
		assert.ok(
			html.includes(
				'<div class="md-pg-auth-group" data-pg-auth-group="0"><label class="md-pg-field"><span class="md-pg-label">Bearer token</span><input data-pg-scheme="bearer" autocomplete="off" spellcheck="false" type="text" data-pg-auth="bearer" placeholder="token"><span class="md-pg-hint">Sent as Authorization: Bearer &#x3C;token> (bearer)</span></label>',
			),
		);
		assert.ok(html.includes('data-pg-auth-group="1" hidden>'));
		assert.ok(html.includes('type="text" data-pg-auth="basic-username" placeholder="username"'));
		assert.ok(html.includes('type="password" data-pg-auth="basic-password" placeholder="password"'));
		assert.ok(html.includes('data-pg-auth="apiKey" data-pg-in="header" data-pg-name="X-Key"'));
		assert.ok(html.includes('data-pg-auth="apiKey" data-pg-in="query" data-pg-name="api_key"'));
		assert.ok(html.includes('data-pg-auth="apiKey" data-pg-in="cookie" data-pg-name="session"'));
		// Documentation rows for the same schemes.
		assert.ok(html.includes('<code class="md-field-name">api_key</code><span class="md-field-type">string</span><span class="md-pill">query</span>'));
		const open = renderApiPage({ spec: doc, target: { kind: 'operation', method: 'GET', path: '/public' } }).html;
		assert.ok(!open.includes('data-pg-auth') && !open.includes('Authorizations'));
		const basic = renderApiPage({ spec: doc, target: { kind: 'operation', method: 'GET', path: '/basic-only' } }).html;
		assert.ok(!basic.includes('data-pg-auth-choice') && basic.includes('data-pg-auth="basic-username"') && !basic.includes('data-pg-auth="bearer"'));
	});

	it('x-mint.metadata.playground: none hides it, simple drops Send, auth adds a note', () => {
		const servers = `servers: [{ url: 'https://api.example.com' }]\n`;
		const none = get(head + servers + things(`      x-mint: { metadata: { playground: none } }\n`));
		assert.equal(none.playground, 'none');
		assert.ok(!none.html.includes('data-pg=') && none.html.includes('curl --request GET'));
		const simple = get(head + servers + things(`      x-mint: { metadata: { playground: simple } }\n`));
		assert.equal(simple.playground, 'simple');
		assert.ok(simple.html.includes('data-pg-mode="simple"') && !simple.html.includes('data-pg-send'));
		const auth = get(head + servers + things(`      x-mint: { metadata: { playground: auth } }\n`));
		assert.equal(auth.playground, 'interactive');
		assert.ok(
			auth.html.includes(
				'<p class="md-pg-note md-pg-note-auth">On the published site this playground is usable only by signed-in users (x-mint playground: auth).</p>',
			),
		);
		assert.ok(auth.html.includes('data-pg-send'));
	});

	it('parameter inputs with required markers, enum selects, and a body editor prefilled with the example', () => {
		const page = renderApiPage({
			spec: spec(`${head}servers: [{ url: 'https://api.example.com' }]
paths:
  /things/{id}:
    post:
      parameters:
        - { name: id, in: path, required: true, schema: { type: string, examples: [t_1] } }
        - { name: mode, in: query, schema: { type: string, enum: [fast, slow] } }
      requestBody:
        content:
          application/json:
            schema: { type: object, properties: { name: { type: string, example: Widget }, count: { type: integer, minimum: 2 } } }
      responses: { '200': { description: OK } }
`),
			target: { kind: 'operation', method: 'POST', path: '/things/{id}' },
		});
		const html = page.html;
		assert.ok(
			html.includes(
				'<span class="md-pg-label"><code>id</code><span class="md-pg-required" title="required"> *</span></span><input data-pg-param="path" data-pg-name="id" data-pg-required="" aria-label="path parameter id" type="text" value="" placeholder="t_1">',
			),
		);
		assert.ok(
			html.includes(
				'<select data-pg-param="query" data-pg-name="mode" aria-label="query parameter mode"><option value="">(not set)</option><option value="fast">fast</option><option value="slow">slow</option></select>',
			),
		);
		assert.ok(
			html.includes(
				'<textarea class="md-pg-body" data-pg-body="" spellcheck="false" rows="5" aria-label="Request body">{\n  "name": "Widget",\n  "count": 2\n}</textarea>',
			),
		);
		assert.ok(
			html.includes(
				`<code class="language-bash" data-pg-curl="">curl --request POST \\\n  --url 'https://api.example.com/things/{id}' \\\n  --header 'Content-Type: application/json' \\\n  --data '{\n  "name": "Widget",\n  "count": 2\n}'</code>`,
			),
		);
	});
});

describe('preview: playground request building', () => {
	const form: PlaygroundForm = {
		method: 'post',
		server: 'https://{region}.example.com/v1/',
		serverVariables: { region: 'eu' },
		path: '/users/{id}/files/{name}',
		parameters: [
			{ name: 'id', in: 'path', value: 'a b/c', required: true },
			{ name: 'name', in: 'path', value: 'ü?.txt', required: true },
			{ name: 'q', in: 'query', value: 'x&y=z' },
			{ name: 'empty', in: 'query', value: '' },
			{ name: 'X-Trace', in: 'header', value: 't-1' },
			{ name: 'theme', in: 'cookie', value: 'dark mode' },
		],
		auth: [
			{ kind: 'basic', username: 'ada', password: 'pässword' },
			{ kind: 'apiKey', in: 'query', name: 'key', value: 'k 1' },
			{ kind: 'apiKey', in: 'cookie', name: 'sid', value: 's' },
		],
		body: '{"a":1}',
		contentType: 'application/json',
	};

	it('fills the server variables and encoded path parameters, adds the query, headers, cookies and body', () => {
		const { request, problems } = buildPlaygroundRequest(form);
		assert.deepEqual(problems, []);
		assert.deepEqual(request, {
			method: 'POST',
			url: 'https://eu.example.com/v1/users/a%20b%2Fc/files/%C3%BC%3F.txt?q=x%26y%3Dz&key=k%201',
			headers: [
				['X-Trace', 't-1'],
				['Authorization', `Basic ${Buffer.from('ada:pässword').toString('base64')}`],
				['Cookie', 'theme=dark%20mode; sid=s'],
				['Content-Type', 'application/json'],
			],
			body: '{"a":1}',
		});
	});

	it('bearer and apiKey headers; empty auth values send nothing; GET has no body', () => {
		const { request } = buildPlaygroundRequest({
			method: 'GET',
			server: 'http://127.0.0.1:8080',
			serverVariables: {},
			path: '/x',
			parameters: [],
			auth: [
				{ kind: 'bearer', token: 'tok' },
				{ kind: 'apiKey', in: 'header', name: 'X-Key', value: 'k' },
				{ kind: 'basic', username: '', password: '' },
			],
			body: '{}',
			contentType: 'application/json',
		});
		assert.deepEqual(request, {
			method: 'GET',
			url: 'http://127.0.0.1:8080/x',
			headers: [
				['Authorization', 'Bearer tok'],
				['X-Key', 'k'],
			],
		});
	});

	it('reports missing required values and an unusable server', () => {
		const { problems } = buildPlaygroundRequest({
			method: 'GET',
			server: '',
			serverVariables: {},
			path: '/x/{id}',
			parameters: [
				{ name: 'id', in: 'path', value: '', required: true },
				{ name: 'h', in: 'header', value: '', required: true },
			],
			auth: [],
		});
		assert.deepEqual(problems, ['Path parameter "id" is required.', 'Header parameter "h" is required.', 'The API defines no server to send the request to.']);
		assert.deepEqual(
			buildPlaygroundRequest({ method: 'GET', server: 'ftp://files.example.com', serverVariables: {}, path: '/', parameters: [], auth: [] }).problems,
			['The server URL "ftp://files.example.com" is not an absolute http(s) URL.'],
		);
	});

	it('curl quotes for the shell', () => {
		assert.equal(
			toCurl({ method: 'POST', url: 'https://a.example.com/x?y=1&z=2', headers: [['Authorization', 'Bearer t']], body: `{"it's":1}` }),
			`curl --request POST \\\n  --url 'https://a.example.com/x?y=1&z=2' \\\n  --header 'Authorization: Bearer t' \\\n  --data '{"it'\\''s":1}'`,
		);
		assert.equal(toCurl({ method: 'GET', url: 'https://a.example.com/x', headers: [] }), 'curl --request GET \\\n  --url https://a.example.com/x');
	});

	it('base64 of UTF-8 matches Node', () => {
		for (const text of ['', 'a', 'ab', 'abc', 'user:pass', 'ü€😀']) assert.equal(base64(text), Buffer.from(text).toString('base64'));
	});
});
