import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CancellationTokenSource, LSPErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import { PlaygroundSendRequest, PreviewPageRequest, type PreviewPage, type PreviewPageParams } from '../../server/src/protocol';
import { LspClient } from '../helpers/lspClient';
import { copyFixtures } from '../helpers/tempSite';

describe('language server over JSON-RPC: site preview pages', function () {
	this.timeout(60_000);
	let site: ReturnType<typeof copyFixtures>;
	let client: LspClient;
	const root = () => site.fileUri('features');
	const preview = (params: PreviewPageParams, token?: CancellationTokenSource['token']) =>
		client.connection.sendRequest(PreviewPageRequest.type, params, token) as Promise<PreviewPage>;

	beforeEach(async () => {
		site = copyFixtures('features');
		writeFileSync(site.path('features/broken.mdx'), '---\ntitle: Broken\n---\n\n<Note>\nnever closed\n');
		writeFileSync(
			site.path('features/guides/setup.mdx'),
			'---\ntitle: Set up the SDK\ndescription: Install and configure it.\n---\n\n# Setup\n\n![Diagram](/images/flow.png)\n',
		);
		client = await LspClient.start([site.uri]);
		await client.waitForStatus(s => s.state === 'ready' && s.roots.length === 1);
	});
	afterEach(async () => {
		await client.stop();
		site.dispose();
	});

	it('renders the page of an MDX file, with its title, route, navigation and images from the asset base', async () => {
		const setup = site.fileUri('features/guides/setup.mdx');
		const page = await preview({ target: { uri: setup }, assetBase: 'https://assets.test/root/' });
		assert.deepEqual(
			[page.kind, page.route, page.title, page.description, page.sourceUri, page.rootUri, page.problems],
			['page', '/guides/setup', 'Set up the SDK', 'Install and configure it.', setup, root(), []],
		);
		assert.match(page.html, /<h1[^>]*>[^<]*Setup/);
		// The sidebar links the other pages of the site by their routes.
		assert.match(page.html, /href="\/guides\/advanced"/);
		// Site-relative images load from the host's asset base.
		assert.match(page.html, /src="https:\/\/assets\.test\/root\/images\/flow\.png"/);
	});

	it('renders the first page of the navigation at / and for docs.json', async () => {
		const home = await preview({ target: { rootUri: root(), route: '/' } });
		assert.deepEqual([home.kind, home.route, home.title, home.sourceUri], ['page', '/', 'Welcome', site.fileUri('features/index.mdx')]);
		const fromConfig = await preview({ target: { uri: site.fileUri('features/docs.json') } });
		assert.deepEqual([fromConfig.route, fromConfig.sourceUri], ['/', site.fileUri('features/index.mdx')]);
	});

	it('renders the unsaved text of an open buffer, and the disk again once it is closed', async () => {
		const setup = site.fileUri('features/guides/setup.mdx');
		const text = readFileSync(site.path('features/guides/setup.mdx'), 'utf8');
		await client.open(setup, text);
		await client.change(setup, 2, [{ text: text.replace('# Setup', '# Setup\n\nTyped but not saved: **bold move**.') }]);
		const edited = await preview({ target: { uri: setup } });
		assert.match(edited.html, /Typed but not saved: <strong>bold move<\/strong>/);
		await client.change(setup, 3, [{ text: text.replace('title: Set up the SDK', 'title: Renamed in the buffer') }]);
		assert.equal((await preview({ target: { uri: setup } })).title, 'Renamed in the buffer');
		await client.close(setup);
		const onDisk = await preview({ target: { uri: setup } });
		assert.equal(onDisk.title, 'Set up the SDK');
		assert.doesNotMatch(onDisk.html, /Typed but not saved/);
	});

	it('follows an unsaved docs.json in the navigation, and the disk again once it is closed', async () => {
		const docsJson = site.fileUri('features/docs.json');
		const text = readFileSync(site.path('features/docs.json'), 'utf8');
		const home = () => preview({ target: { rootUri: root(), route: '/' } });
		assert.match((await home()).html, />Start</);
		await client.open(docsJson, text);
		await client.change(docsJson, 2, [{ text: text.replace('"group": "Start"', '"group": "Begin here"') }]);
		const edited = await home();
		assert.match(edited.html, />Begin here</);
		assert.doesNotMatch(edited.html, />Start</);
		await client.close(docsJson);
		const restored = await home();
		assert.deepEqual([restored.kind, restored.sourceUri], ['page', site.fileUri('features/index.mdx')]);
		assert.match(restored.html, />Start</);
	});

	it('shows a broken MDX page as an error page with the problem and its line', async () => {
		const broken = site.fileUri('features/broken.mdx');
		const page = await preview({ target: { uri: broken } });
		assert.equal(page.kind, 'error');
		assert.equal(page.sourceUri, broken);
		assert.equal(page.problems.length, 1);
		assert.deepEqual([page.problems[0].uri, page.problems[0].line], [broken, 4]);
		assert.match(page.problems[0].message, /Note/);
		// The page still has the site around it, and shows the message with a link to the line for the host to open.
		assert.match(page.html, /href="\/guides\/setup"/);
		assert.ok(page.html.includes(`data-open-uri="${broken}" data-line="4"`), 'the problem links to its location');
	});

	it('shows a page the navigation lists but no file makes as an error naming the missing file', async () => {
		const page = await preview({ target: { rootUri: root(), route: '/guides/mising' } });
		assert.equal(page.kind, 'error');
		assert.match(page.problems[0].message, /guides\/mising/);
		assert.equal(page.problems[0].uri, site.fileUri('features/guides/mising.mdx'));
	});

	it('sends a playground request from the server process and answers with the response', async () => {
		const received: { method?: string; url?: string; auth?: string; body: string }[] = [];
		const server = createServer((req: IncomingMessage, res) => {
			let body = '';
			req.on('data', chunk => (body += chunk));
			req.on('end', () => {
				received.push({ method: req.method, url: req.url, auth: req.headers.authorization, body });
				res.writeHead(201, { 'content-type': 'application/json', 'x-request-id': 'req_1' });
				res.end('{"id":"pay_1"}');
			});
		});
		await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/payments?expand=customer`;
			const response = await client.connection.sendRequest(PlaygroundSendRequest.type, {
				method: 'POST',
				url,
				headers: [
					['Authorization', 'Bearer sk_test_1'],
					['Content-Type', 'application/json'],
				],
				body: '{"amount":100}',
			});
			assert.deepEqual([response.status, response.body, response.error], [201, '{"id":"pay_1"}', undefined]);
			assert.deepEqual(
				response.headers.filter(([name]) => name === 'x-request-id'),
				[['x-request-id', 'req_1']],
			);
			assert.deepEqual(received, [{ method: 'POST', url: '/v1/payments?expand=customer', auth: 'Bearer sk_test_1', body: '{"amount":100}' }]);
			const refused = await client.connection.sendRequest(PlaygroundSendRequest.type, { method: 'GET', url: 'file:///etc/passwd', headers: [] });
			assert.equal(refused.status, 0);
			assert.match(refused.error ?? '', /http and https/);
		} finally {
			server.close();
		}
	});

	it('cancels a superseded request without disturbing the next one', async () => {
		const setup = site.fileUri('features/guides/setup.mdx');
		const stale = new CancellationTokenSource();
		const first = preview({ target: { uri: setup } }, stale.token).then(
			page => page,
			(e: unknown) => e,
		);
		stale.cancel();
		const second = await preview({ target: { uri: site.fileUri('features/index.mdx') } });
		assert.deepEqual([second.kind, second.route, second.title], ['page', '/', 'Welcome']);
		const outcome = await first;
		// Cancelled before the server started on it; a page only if it had already been answered.
		if (outcome instanceof ResponseError) assert.equal(outcome.code, LSPErrorCodes.RequestCancelled);
		else assert.equal((outcome as PreviewPage).route, '/guides/setup');
		assert.equal(client.alive, true);
	});
});
