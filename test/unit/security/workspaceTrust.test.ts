// Restricted Mode: the manifest's declaration and the pure decisions behind it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { needsPlaygroundConfirmation, restrictedModeNote, statusItemText } from '../../../client/src/trust';
import { guardFetch, isTrustedInit, untrustedFetchMessage } from '../../../server/src/node/runtime/workspaceTrust';

const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8')) as {
	capabilities: { untrustedWorkspaces: { supported: string; description: string; restrictedConfigurations: string[] } };
	contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};

describe('workspace trust', () => {
	it('the manifest supports untrusted workspaces in a limited way, restricting every setting that aims requests', () => {
		const trust = manifest.capabilities.untrustedWorkspaces;
		assert.equal(trust.supported, 'limited');
		assert.match(trust.description, /hosted OpenAPI/);
		// The external link check sends requests to every URL the pages name: a workspace cannot turn it on by itself.
		assert.deepEqual([...trust.restrictedConfigurations].sort(), [
			'mintdoc.assistant.domain',
			'mintdoc.assistant.siteUrl',
			'mintdoc.links.checkExternal',
			'mintdoc.projectId',
			// Verbose tracing prints every message, the API playground's requests included: a workspace cannot turn it on.
			'mintdoc.trace.server',
		]);
		const settings = manifest.contributes.configuration.properties;
		// The base URL and the fingerprint cannot come from a workspace at all.
		assert.equal(settings['mintdoc.api.baseUrl'].scope, 'machine');
		assert.equal(settings['mintdoc.assistant.fingerprint'].scope, 'machine');
		// Every other setting is either restricted or harmless (limits, a redirect on move, which
		// endpoint version of the same host, whether accessibility findings show, whether the page summary
		// asks the configured host — whose address, project and key a workspace cannot set).
		const harmless = [
			'mintdoc.insights.pageSummary',
			'mintdoc.assistant.apiVersion',
			'mintdoc.assistant.retrievalPageSize',
			'mintdoc.assistant.idleTimeoutSeconds',
			'mintdoc.pages.addRedirectOnMove',
			'mintdoc.a11y.enabled',
			// Inserts a closing tag in the editor: no request, nothing read.
			'mintdoc.autoClosingTags',
			// Scrolls the preview with the editor: no request, nothing read.
			'mintdoc.preview.followEditor',
			// A git ref to compare with: git runs only in a trusted workspace, and a ref starting with '-' is refused.
			'mintdoc.compareWith',
		];
		for (const key of Object.keys(settings)) {
			assert.ok(settings[key].scope === 'machine' || trust.restrictedConfigurations.includes(key) || harmless.includes(key), `${key} is classified`);
		}
	});

	it('the status item says Restricted Mode only when untrusted', () => {
		assert.equal(statusItemText('$(book) MintDoc: acme', true), '$(book) MintDoc: acme');
		assert.equal(statusItemText('$(book) MintDoc: acme', false), '$(shield) MintDoc: acme (Restricted Mode)');
		assert.match(restrictedModeNote, /^Restricted Mode: /);
		assert.match(restrictedModeNote, /Trust the workspace/);
	});

	it('the playground asks once per origin, and only when untrusted', () => {
		assert.equal(needsPlaygroundConfirmation(true, new Set(), 'https://api.example.com'), false);
		assert.equal(needsPlaygroundConfirmation(false, new Set(), 'https://api.example.com'), true);
		assert.equal(needsPlaygroundConfirmation(false, new Set(['https://api.example.com']), 'https://api.example.com'), false);
		assert.equal(needsPlaygroundConfirmation(false, new Set(['https://api.example.com']), 'http://127.0.0.1:9'), true);
	});

	it('hosted specs are not fetched while untrusted; the CLI (no option) is trusted', async () => {
		assert.equal(isTrustedInit(undefined), true);
		assert.equal(isTrustedInit({ storagePath: '/x' }), true);
		assert.equal(isTrustedInit({ workspaceTrusted: false }), false);
		const fetched: string[] = [];
		let trusted = false;
		const fetchText = guardFetch(
			async url => (fetched.push(url), 'openapi: 3.1.0'),
			() => trusted,
		);
		await assert.rejects(fetchText('https://example.com/openapi.yaml'), new Error(untrustedFetchMessage));
		assert.deepEqual(fetched, [], 'no request while untrusted');
		trusted = true;
		assert.equal(await fetchText('https://example.com/openapi.yaml'), 'openapi: 3.1.0');
		assert.deepEqual(fetched, ['https://example.com/openapi.yaml']);
	});
});
