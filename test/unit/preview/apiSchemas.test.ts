import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderApiPage } from '../../../server/src/preview/api/apiPage';

let counter = 0;
const spec = (text: string, ext = 'yaml') => TextDocument.create(`file:///mem/schemas${++counter}.${ext}`, ext, 1, text);

const treeSpec = `openapi: 3.0.3
info: { title: Trees, version: '1' }
servers: [{ url: 'https://trees.example.com' }]
paths:
  /nodes:
    post:
      summary: Create a node
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Node' }
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Animal' }
              examples:
                cat: { summary: A cat, value: { kind: cat, lives: 9 } }
  /external:
    get:
      responses:
        '200':
          description: OK
          content:
            application/json:
              schema: { $ref: 'other.yaml#/components/schemas/Thing' }
components:
  schemas:
    Node:
      type: object
      required: [name]
      properties:
        name: { type: string, nullable: true }
        id: { type: string, format: uuid, readOnly: true }
        secret: { type: string, writeOnly: true }
        children:
          type: array
          items: { $ref: '#/components/schemas/Node' }
        parent: { $ref: '#/components/schemas/Node' }
        labels:
          allOf:
            - { $ref: '#/components/schemas/Named' }
            - type: object
              required: [color]
              properties:
                color: { type: string, enum: [red, green] }
    Named:
      type: object
      required: [title]
      properties:
        title: { type: string }
    Animal:
      oneOf:
        - { $ref: '#/components/schemas/Cat' }
        - { $ref: '#/components/schemas/Dog' }
    Cat:
      type: object
      properties: { kind: { type: string, const: cat }, lives: { type: integer } }
    Dog:
      type: object
      properties: { kind: { type: string }, good: { type: boolean } }
`;

describe('preview: API page schemas', () => {
	it('a self-referencing schema terminates with "circular reference to X", arrays show item types', () => {
		const html = renderApiPage({ spec: spec(treeSpec), target: { kind: 'operation', method: 'POST', path: '/nodes' } }).html;
		assert.ok(
			html.includes(
				'<code class="md-field-name">children</code><span class="md-field-type">Node[]</span></div><div class="md-field-note md-circular">circular reference to Node</div>',
			),
		);
		assert.ok(
			html.includes(
				'<code class="md-field-name">parent</code><span class="md-field-type">Node</span></div><div class="md-field-note md-circular">circular reference to Node</div>',
			),
		);
	});

	it('nullable, readOnly left out of requests, writeOnly marked, allOf merged with the union of required', () => {
		const html = renderApiPage({ spec: spec(treeSpec), target: { kind: 'operation', method: 'POST', path: '/nodes' } }).html;
		assert.ok(
			html.includes(
				'<code class="md-field-name">name</code><span class="md-field-type">string | null</span><span class="md-pill md-pill-required">required</span>',
			),
		);
		assert.ok(!html.includes('<code class="md-field-name">id</code>'));
		assert.ok(html.includes('<code class="md-field-name">secret</code><span class="md-field-type">string</span><span class="md-pill">write-only</span>'));
		assert.ok(
			html.includes('<code class="md-field-name">title</code><span class="md-field-type">string</span><span class="md-pill md-pill-required">required</span>'),
		);
		assert.ok(
			html.includes(
				'<code class="md-field-name">color</code><span class="md-field-type">string</span><span class="md-pill md-pill-required">required</span></div><div class="md-field-facts"><span class="md-fact"><span class="md-fact-label">Allowed: </span><code>red</code> <code>green</code>',
			),
		);
		// The generated body example leaves out read-only fields and circular branches.
		assert.ok(
			html.includes('{\n  "name": "string",\n  "secret": "string",\n  "children": [],\n  "labels": {\n    "title": "string",\n    "color": "red"\n  }\n}'),
		);
	});

	it('oneOf as alternatives; the named response example is used as is', () => {
		const html = renderApiPage({ spec: spec(treeSpec), target: { kind: 'operation', method: 'POST', path: '/nodes' } }).html;
		assert.ok(html.includes('<div class="md-alternatives" data-kind="oneOf"><div class="md-alternatives-label">Exactly one of:</div>'));
		assert.ok(html.includes('<code class="md-field-name">Cat</code><span class="md-field-type">Cat</span>'));
		assert.ok(html.includes('<code class="md-field-name">Dog</code><span class="md-field-type">Dog</span>'));
		assert.ok(html.includes('<div class="md-code-title">A cat</div><pre><code class="language-json">{\n  "kind": "cat",\n  "lives": 9\n}</code></pre>'));
	});

	it('external references are shown unresolved and reported', () => {
		const page = renderApiPage({ spec: spec(treeSpec), target: { kind: 'operation', method: 'GET', path: '/external' } });
		assert.ok(page.html.includes('external reference other.yaml#/components/schemas/Thing (not resolved: only references inside the document are supported)'));
		assert.deepEqual(
			page.problems.map(p => p.message),
			['External reference other.yaml#/components/schemas/Thing is not resolved (only references inside the document are supported).'],
		);
	});

	it('deep and wide schemas stay bounded (depth and size limits)', function () {
		this.timeout(20_000);
		const levels = Array.from(
			{ length: 40 },
			(_, i) =>
				`    L${i}:\n      type: object\n      properties:\n        a: { $ref: '#/components/schemas/L${i + 1}' }\n        b: { $ref: '#/components/schemas/L${i + 1}' }`,
		).join('\n');
		const text = `openapi: 3.1.0\ninfo: { title: Deep, version: '1' }\npaths:\n  /deep:\n    get:\n      responses:\n        '200':\n          description: OK\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/L0' }\ncomponents:\n  schemas:\n${levels}\n    L40: { type: string }\n`;
		const started = performance.now();
		const page = renderApiPage({ spec: spec(text), target: { kind: 'operation', method: 'GET', path: '/deep' } });
		assert.ok(performance.now() - started < 5000);
		assert.ok(page.html.includes('not expanded further (nesting or size limit)'));
		assert.ok(page.html.length < 1_000_000, String(page.html.length));
	});

	it('OpenAPI 2.0: typed parameters, body parameter, responses, host + basePath server, with a note', () => {
		const swagger = spec(
			JSON.stringify({
				swagger: '2.0',
				info: { title: 'Old', version: '1' },
				host: 'old.example.com',
				basePath: '/api',
				schemes: ['https'],
				securityDefinitions: { basicAuth: { type: 'basic' } },
				security: [{ basicAuth: [] }],
				paths: {
					'/pets/{id}': {
						put: {
							summary: 'Update a pet',
							parameters: [
								{ name: 'id', in: 'path', required: true, type: 'integer', format: 'int64' },
								{ name: 'body', in: 'body', schema: { $ref: '#/definitions/Pet' } },
							],
							responses: { 200: { description: 'Updated', schema: { $ref: '#/definitions/Pet' } } },
						},
					},
				},
				definitions: { Pet: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
			}),
			'json',
		);
		const page = renderApiPage({ spec: swagger, target: { kind: 'operation', method: 'PUT', path: '/pets/{id}' } });
		assert.equal(page.playground, 'interactive');
		assert.ok(page.html.includes('OpenAPI 2.0 (Swagger) document'));
		assert.ok(
			page.html.includes(
				'<code class="md-field-name">id</code><span class="md-field-type">integer&#x3C;int64></span><span class="md-pill md-pill-required">required</span>',
			),
		);
		assert.ok(page.html.includes('<code>application/json</code><span class="md-api-hint"> · Pet</span>'));
		assert.ok(page.html.includes('<span class="md-endpoint-server">https://old.example.com/api</span>'));
		assert.ok(page.html.includes('data-pg-auth="basic-username"'));
	});
});

describe('preview: API pages render spec text inert', () => {
	const hostile = `openapi: 3.1.0
info: { title: X, version: '1' }
servers: [{ url: 'https://x.example.com', description: '<img src=x onerror=alert(1)>' }]
paths:
  /evil/{id}:
    get:
      summary: '<script>alert("title")</script>'
      description: 'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [click](javascript:alert(3)) <a href="javascript:alert(4)">x</a>'
      parameters:
        - name: 'id"><script>alert(5)</script>'
          in: path
          required: true
          description: '<iframe src="javascript:alert(6)"></iframe>'
          schema: { type: string, enum: ['<b onmouseover=alert(7)>x</b>'] }
      x-mint:
        content: '<script>alert(8)</script><div onclick="alert(9)">c</div>'
      responses:
        '200':
          description: '<svg onload=alert(10)>'
          content:
            application/json:
              example: { html: '</code><script>alert(11)</script>' }
`;

	it('escapes or drops scripts, handlers and javascript: URLs from every spec field', () => {
		const page = renderApiPage({ spec: spec(hostile), target: { kind: 'operation', method: 'GET', path: '/evil/{id}' } });
		assert.equal(page.title, '<script>alert("title")</script>');
		const html = page.html;
		// Attribute values are always double-quoted with `"` escaped, so markup can only hide in them as text.
		const markup = html.replace(/="[^"]*"/g, '=""');
		assert.ok(!/<script/i.test(markup), 'no script element');
		assert.ok(!/<(img|iframe|svg|b)\b/i.test(markup), 'no element from the spec');
		const tags = markup.match(/<[a-z][^>]*>/gi) ?? [];
		assert.deepEqual(
			tags.filter(tag => /\son[a-z]+=/i.test(tag)),
			[],
			'no event handler attribute',
		);
		assert.ok(!/href="javascript:/i.test(html) && !/src="javascript:/i.test(html), 'no script URL');
		assert.ok(html.includes('<h1>&#x3C;script>alert("title")&#x3C;/script></h1>'));
		assert.ok(html.includes('&#x3C;/code>&#x3C;script>alert(11)&#x3C;/script>'));
		assert.ok(html.includes('data-pg-name="id&#x22;><script>alert(5)</script>"'), 'a quote in a value cannot end the attribute');
		assert.ok(html.includes(`<option value="<b onmouseover=alert(7)>x</b>">&#x3C;b onmouseover=alert(7)>x&#x3C;/b></option>`));
	});
});
