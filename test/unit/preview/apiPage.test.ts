import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { renderApiPage, xMintContentOf, type ApiPageTarget } from '../../../server/src/preview/api/apiPage';

const acmeText = readFileSync(path.resolve(__dirname, '../../../examples/acme/api-reference/openapi.yaml'), 'utf8');
const acme = TextDocument.create('file:///acme/api-reference/openapi.yaml', 'yaml', 1, acmeText);
const op = (method: string, p: string): ApiPageTarget => ({ kind: 'operation', method, path: p });

let counter = 0;
/** A spec in memory, as YAML (a fresh URI each time so the parse cache never mixes tests). */
export function yamlSpec(text: string): TextDocument {
	return TextDocument.create(`file:///mem/spec${++counter}.yaml`, 'yaml', 1, text);
}

describe('preview: generated API pages (acme)', () => {
	it('takes title and description from x-mint.metadata over summary and description (rules 8 and 10)', () => {
		const page = renderApiPage({ spec: acme, target: op('POST', '/payments') });
		assert.equal(page.title, 'Create a payment');
		assert.equal(page.description, 'Charge a card or saved payment method in a single request.');
		assert.equal(page.deprecated, false);
		assert.deepEqual(page.problems, []);
		assert.ok(page.html.includes('<h1>Create a payment</h1>'));
		assert.ok(page.html.includes('<p>Charge a card or saved payment method in a single request.</p>'));
		// The operation description is replaced by the metadata's, not shown twice.
		assert.ok(!page.html.includes('unless <code>capture</code> is false'));
	});

	it('shows the method badge and the full URL (first server + path, path parameters marked)', () => {
		const page = renderApiPage({ spec: acme, target: op('get', '/payments/{paymentId}') });
		assert.equal(page.title, 'Retrieve a payment');
		assert.ok(
			page.html.includes(
				'<span class="md-method md-method-get">GET</span><code class="md-endpoint-url"><span class="md-endpoint-server">https://api.acmepayments.example.com/v1</span>/payments/<span class="md-path-param">{paymentId}</span></code>',
			),
		);
	});

	it('marks deprecated operations', () => {
		const page = renderApiPage({ spec: acme, target: op('POST', '/payments/{paymentId}/cancel') });
		assert.equal(page.deprecated, true);
		assert.ok(page.html.includes('<h1>Cancel a payment</h1><span class="md-badge md-badge-deprecated">Deprecated</span>'));
	});

	it('lists parameters by location with type, default, constraints and required markers', () => {
		const html = renderApiPage({ spec: acme, target: op('GET', '/payments') }).html;
		assert.ok(html.includes('<section class="md-api-section" id="query-parameters"><h2>Query Parameters</h2>'));
		assert.ok(
			html.includes(
				'<code class="md-field-name">limit</code><span class="md-field-type">integer</span></div><div class="md-field-description"><p>Maximum number of objects to return.</p></div><div class="md-field-facts"><span class="md-fact"><span class="md-fact-label">Default: </span><code>20</code></span><span class="md-fact"><span class="md-fact-label">Constraints: </span>>= 1, &#x3C;= 100</span>',
			),
		);
		assert.ok(html.includes('<code class="md-field-name">status</code><span class="md-field-type">string</span>'));
		assert.ok(
			html.includes(
				'<span class="md-fact-label">Allowed: </span><code>requires_capture</code> <code>processing</code> <code>succeeded</code> <code>failed</code> <code>canceled</code>',
			),
		);
		const pathParams = renderApiPage({ spec: acme, target: op('GET', '/payments/{paymentId}') }).html;
		assert.ok(
			pathParams.includes(
				'<section class="md-api-section" id="path-parameters"><h2>Path Parameters</h2><div class="md-field-list"><div class="md-field" data-depth="0"><div class="md-field-head"><code class="md-field-name">paymentId</code><span class="md-field-type">string</span><span class="md-pill md-pill-required">required</span>',
			),
		);
		const header = renderApiPage({ spec: acme, target: op('POST', '/payments') }).html;
		assert.ok(header.includes('id="header-parameters"><h2>Headers</h2>'));
		assert.ok(header.includes('<code class="md-field-name">Idempotency-Key</code>'));
	});

	it('documents the request body as a tree: required markers, referenced types, nested objects behind a disclosure', () => {
		const html = renderApiPage({ spec: acme, target: op('POST', '/payments') }).html;
		assert.ok(html.includes('<h2>Body<span class="md-pill md-pill-required">required</span></h2>'));
		assert.ok(html.includes('<code>application/json</code><span class="md-api-hint"> · PaymentCreate</span>'));
		assert.ok(
			html.includes(
				'<code class="md-field-name">amount</code><span class="md-field-type">integer</span><span class="md-pill md-pill-required">required</span>',
			),
		);
		assert.ok(html.includes('<code class="md-field-name">capture</code><span class="md-field-type">boolean</span></div>'));
		assert.ok(html.includes('<code class="md-field-name">metadata</code><span class="md-field-type">Metadata</span>'));
		assert.ok(
			html.includes(
				'<details class="md-field-children"><summary>Show child attributes</summary><div class="md-field-list"><div class="md-field" data-depth="1"><div class="md-field-head"><code class="md-field-name">{key}</code><span class="md-field-type">string</span>',
			),
		);
	});

	it('shows responses per status with tabs, schemas, and examples generated from the schema', () => {
		const html = renderApiPage({ spec: acme, target: op('POST', '/payments') }).html;
		assert.ok(
			html.includes(
				'<button type="button" role="tab" class="md-tab md-status-2xx" data-api-tab="0" aria-selected="true">201</button><button type="button" role="tab" class="md-tab md-status-4xx" data-api-tab="1" aria-selected="false">400</button>',
			),
		);
		assert.ok(html.includes('<span class="md-status md-status-4xx">402</span><div class="md-field-description"><p>The payment method was declined.</p></div>'));
		// Error.error.type: the first enum value; code: its example.
		assert.ok(html.includes('"type": "invalid_request_error",\n    "code": "parameter_missing"'));
		// The 201 example: examples from the schema, const, the generated date-time.
		assert.ok(html.includes('"id": "pay_4fH2kM9s",\n  "object": "payment",\n  "amount": 1999,'));
		assert.ok(html.includes('"created_at": "2024-01-15T09:30:00Z"'));
	});

	it('documents security: either scheme of the document, none for a webhook with security: []', () => {
		const html = renderApiPage({ spec: acme, target: op('GET', '/customers') }).html;
		assert.ok(html.includes('<h2>Authorizations</h2><p class="md-api-hint">Any one of these:</p>'));
		assert.ok(
			html.includes(
				'<code class="md-field-name">Authorization</code><span class="md-field-type">string</span><span class="md-pill">header</span><span class="md-pill md-pill-required">required</span></div><div class="md-field-description"><p>Send your secret key as a bearer token',
			),
		);
		assert.ok(html.includes('<code class="md-field-name">X-Acme-Api-Key</code><span class="md-field-type">string</span><span class="md-pill">header</span>'));
		const webhook = renderApiPage({ spec: acme, target: { kind: 'webhook', name: 'payment.failed' } });
		assert.ok(!webhook.html.includes('Authorizations'));
	});

	it('renders a webhook: title from summary, payload, no playground', () => {
		const page = renderApiPage({ spec: acme, target: { kind: 'webhook', name: 'payment.failed' } });
		assert.equal(page.title, 'Payment failed');
		assert.equal(page.playground, 'none');
		assert.ok(
			page.html.includes(
				'<span class="md-method md-method-webhook">WEBHOOK</span><span class="md-method md-method-post">POST</span><code class="md-endpoint-url">payment.failed</code>',
			),
		);
		assert.ok(page.html.includes('<h2>Payload<span class="md-pill md-pill-required">required</span></h2>'));
		assert.ok(
			page.html.includes(
				'<code class="md-field-name">Acme-Signature</code><span class="md-field-type">string</span><span class="md-pill md-pill-required">required</span>',
			),
		);
		assert.ok(!page.html.includes('data-pg'));
	});

	it('renders a schema page (openapi-schema) with frontmatter title and an example', () => {
		const page = renderApiPage({ spec: acme, target: { kind: 'schema', name: 'Payment' }, frontmatter: { title: 'Payment object' } });
		assert.equal(page.title, 'Payment object');
		assert.equal(page.description, 'A payment represents a single attempt to move money from a customer to you.');
		assert.ok(page.html.includes('<span class="md-method md-method-schema">SCHEMA</span><code class="md-endpoint-url">Payment</code>'));
		assert.ok(
			page.html.includes(
				'<code class="md-field-name">status</code><span class="md-field-type">string</span><span class="md-pill md-pill-required">required</span>',
			),
		);
		assert.ok(page.html.includes('<code class="md-field-name">customer</code><span class="md-field-type">string | null</span>'));
		assert.ok(page.html.includes('"status": "requires_capture"'));
	});

	it('puts x-mint.content (rendered by the caller) and an MDX page body before the generated content', () => {
		assert.match(xMintContentOf(acme, op('POST', '/payments'))!, /^## Before you start/);
		const page = renderApiPage({
			spec: acme,
			target: op('POST', '/payments'),
			xMintContentHtml: '<h2 id="before">Before you start</h2>',
			contentHtml: '<div class="callout">Body of the MDX page</div>',
		});
		const content = page.html.indexOf('<h2 id="before">Before you start</h2>');
		const body = page.html.indexOf('<div class="callout">Body of the MDX page</div>');
		const generated = page.html.indexOf('<div class="md-api-columns">');
		assert.ok(content > 0 && content < body && body < generated, `${content} ${body} ${generated}`);
		// Without a renderer: the MDX shown as Markdown, its components dropped rather than run.
		const plain = renderApiPage({ spec: acme, target: op('POST', '/payments') }).html;
		assert.ok(plain.includes('<div class="md-api-prose md-x-mint-content"><h2>Before you start</h2>'));
	});

	it('reports a missing operation inside the page instead of failing', () => {
		const page = renderApiPage({ spec: acme, target: op('GET', '/nope') });
		assert.equal(page.title, 'GET /nope');
		assert.deepEqual(page.problems, [{ message: 'No operation GET /nope in openapi.yaml.', uri: acme.uri }]);
		assert.ok(page.html.includes('role="alert">No operation GET /nope in openapi.yaml.</div>'));
		const schema = renderApiPage({ spec: acme, target: { kind: 'schema', name: 'Nope' } });
		assert.equal(schema.problems[0].message, 'No schema "Nope" under components.schemas in openapi.yaml.');
	});
});
