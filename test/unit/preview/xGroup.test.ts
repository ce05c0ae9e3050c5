import * as assert from 'node:assert/strict';
import { noCancellation } from '../../../server/src/core/cancellation';
import { createLanguageService } from '../../../server/src/core/languageService';
import { buildSiteRoutes, type NavNode } from '../../../server/src/preview/routes';
import { InMemoryWorkspace, workspaceRoot } from '../../helpers/inMemoryWorkspace';
import { docsJson } from '../../helpers/siteCheck';

const spec = [
	'openapi: 3.1.0',
	'info: { title: T, version: "1" }',
	'tags:',
	'  - name: users',
	'    x-group: People',
	'paths:',
	'  /users: { get: { tags: [users], summary: List users } }',
	'  /orders: { get: { tags: [orders], summary: List orders } }',
	'',
].join('\n');

const labels = (node: NavNode): string[] => [node.label, ...node.children.flatMap(labels)];

describe('x-group', () => {
	it('names the group of generated pages, as the platform names tag groups (x-group, else the tag), also when an overlay adds it', async () => {
		const overlay = [
			'overlay: 1.0.0',
			'info: { title: O, version: "1" }',
			'extends: openapi.yaml',
			'actions:',
			'  - { target: "$.tags", update: { name: orders, x-group: Commerce } }',
			'',
		].join('\n');
		for (const [files, expected] of [
			[{}, ['People', 'orders']],
			[{ 'orders.yaml': overlay }, ['People', 'Commerce']],
		] as const) {
			const workspace = new InMemoryWorkspace({ 'docs.json': docsJson({ tabs: [{ tab: 'API', openapi: 'openapi.yaml' }] }), 'openapi.yaml': spec, ...files });
			const service = createLanguageService({ workspace });
			await service.findDocsRoots(noCancellation);
			const site = await service.getSite(workspaceRoot, noCancellation);
			const all = labels(buildSiteRoutes(site).root);
			assert.deepEqual(
				expected.filter(l => all.includes(l)),
				[...expected],
				all.join(', '),
			);
		}
	});
});
