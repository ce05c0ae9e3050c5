import * as assert from 'node:assert/strict';
import type { PreviewPage } from '../../../server/src/protocol';
import {
	acceptPage,
	affectsShown,
	initialPreviewState,
	isPreviewableUri,
	issueRequest,
	normalizeRoute,
	renderAfterSiteChange,
	revealFor,
	setFollow,
	showFile,
	showRoute,
	targetOf,
	type PreviewState,
} from '../../../client/src/preview/previewState';

const root = 'file:///work/acme';
const quickstart = `${root}/quickstart.mdx`;
const page = (route: string, sourceUri?: string, kind: PreviewPage['kind'] = 'page'): PreviewPage => ({
	rootUri: root,
	route,
	title: route,
	kind,
	html: `<h1>${route}</h1>`,
	problems: [],
	...(sourceUri ? { sourceUri } : {}),
});

/** Issues a request, then lands its answer: the state after a round trip. */
function roundTrip(state: PreviewState, answer: PreviewPage): PreviewState {
	const issued = issueRequest(state);
	return acceptPage(issued.state, issued.seq, answer).state;
}

describe('preview state', () => {
	describe('a site checked again', () => {
		it('asks again for a page the server could not give (a file created a moment ago), and only for such a page', () => {
			const created = `${root}/scrolling.mdx`;
			const shown = showFile(initialPreviewState, created).state;
			// Before the server's watcher reported the file: "not found" at the home route, no source.
			const notYet = roundTrip(shown, page('/', undefined, 'notFound'));
			assert.equal(renderAfterSiteChange(notYet), true);
			assert.equal(renderAfterSiteChange(roundTrip(shown, page('/', undefined, 'error'))), true);
			assert.equal(renderAfterSiteChange(roundTrip(notYet, page('/scrolling', created))), false);
			assert.equal(renderAfterSiteChange(initialPreviewState), false, 'nothing shown, nothing to ask');
		});
	});

	describe('following the active editor', () => {
		it('shows an MDX page or a docs.json and asks the server for it', () => {
			const toPage = showFile(initialPreviewState, quickstart);
			assert.deepEqual([toPage.state.shown, toPage.request], [{ kind: 'file', uri: quickstart }, true]);
			assert.deepEqual(targetOf(toPage.state.shown!), { uri: quickstart });
			const toConfig = showFile(toPage.state, `${root}/docs.json`);
			assert.deepEqual([toConfig.state.shown, toConfig.request], [{ kind: 'file', uri: `${root}/docs.json` }, true]);
		});

		it('keeps the current page for files that are not pages (YAML, other JSON, no editor)', () => {
			const shown = showFile(initialPreviewState, quickstart).state;
			for (const uri of [`${root}/api-reference/openapi.yaml`, `${root}/package.json`, 'output:extension-output', undefined]) {
				const next = showFile(shown, uri);
				assert.deepEqual([next.state, next.request], [shown, false], String(uri));
			}
		});

		it('does not ask again for the page already shown', () => {
			const shown = showFile(initialPreviewState, quickstart).state;
			assert.equal(showFile(shown, quickstart).request, false);
		});

		it('needs no request when a link already led to the page of that file', () => {
			let state = roundTrip(showFile(initialPreviewState, quickstart).state, page('/quickstart', quickstart));
			state = roundTrip(showRoute(state, '/guides/errors').state, page('/guides/errors', `${root}/guides/errors.mdx`));
			const back = showFile(state, `${root}/guides/errors.mdx`);
			assert.deepEqual([back.state.shown, back.request], [{ kind: 'file', uri: `${root}/guides/errors.mdx` }, false]);
		});

		it('asks again when the shown page of that file was an error', () => {
			const state = roundTrip(showRoute(initialPreviewState, '/broken', root).state, page('/broken', `${root}/broken.mdx`, 'error'));
			assert.equal(showFile(state, `${root}/broken.mdx`).request, true);
		});

		it('stays on its page when follow is off, unless a command opens a file', () => {
			const locked = setFollow(showFile(initialPreviewState, quickstart).state, false);
			assert.equal(showFile(locked, `${root}/index.mdx`).request, false);
			assert.deepEqual(showFile(locked, `${root}/index.mdx`, { force: true }).state.shown, { kind: 'file', uri: `${root}/index.mdx` });
			// With nothing shown yet, even a locked preview takes the first page it is given.
			assert.equal(showFile(setFollow(initialPreviewState, false), quickstart).request, true);
		});
	});

	describe('routes and files', () => {
		it('a clicked link shows its route in the same site', () => {
			const state = roundTrip(showFile(initialPreviewState, quickstart).state, page('/quickstart', quickstart));
			const next = showRoute(state, '/guides/errors#retry');
			assert.deepEqual([next.state.shown, next.request], [{ kind: 'route', rootUri: root, route: '/guides/errors' }, true]);
			assert.deepEqual(targetOf(next.state.shown!), { rootUri: root, route: '/guides/errors' });
		});

		it('a link to the page shown is not asked for again; with no site known nothing happens', () => {
			const state = roundTrip(showRoute(initialPreviewState, '/quickstart', root).state, page('/quickstart', quickstart));
			assert.equal(showRoute(state, '/quickstart/').request, false);
			assert.equal(showRoute(initialPreviewState, '/quickstart').request, false);
		});

		it('normalizes routes the way the site serves them', () => {
			assert.deepEqual(['/', '', 'guides/setup', '/guides/setup/', '/guides/setup?x=1#y', '//'].map(normalizeRoute), [
				'/',
				'/',
				'/guides/setup',
				'/guides/setup',
				'/guides/setup',
				'/',
			]);
		});

		it('knows which files can be previewed', () => {
			assert.deepEqual(
				[
					quickstart,
					`${root}/a/b.md`,
					`${root}/docs.json`,
					`${root}/nav.json`,
					`${root}/openapi.yaml`,
					`${root}/x.mdx.bak`,
					'git:/work/acme/quickstart.mdx?ref=HEAD',
					'untitled:Untitled-1.mdx',
				].map(uri => isPreviewableUri(uri)),
				[true, true, true, false, false, false, false, false],
			);
			// In a browser the workspace's files have its file system's scheme (vscode-vfs on github.dev).
			const schemes = ['vscode-vfs'];
			assert.deepEqual(
				['vscode-vfs://github/acme/docs/index.mdx', 'vscode-vfs://github/acme/docs/docs.json', quickstart, 'git:/acme/docs/index.mdx'].map(uri =>
					isPreviewableUri(uri, schemes),
				),
				[true, true, false, false],
			);
			assert.deepEqual(showFile(initialPreviewState, 'vscode-vfs://github/acme/docs/index.mdx', { schemes }).state.shown, {
				kind: 'file',
				uri: 'vscode-vfs://github/acme/docs/index.mdx',
			});
			assert.equal(showFile(initialPreviewState, 'vscode-vfs://github/acme/docs/index.mdx').state.shown, undefined);
		});

		it('re-renders on changes to its own file or any file of its site, not of another site', () => {
			const state = roundTrip(showFile(initialPreviewState, quickstart).state, page('/quickstart', quickstart));
			assert.deepEqual(
				[quickstart, `${root}/docs.json`, `${root}/snippets/a.mdx`, 'file:///work/acme-two/index.mdx', 'file:///elsewhere/x.mdx'].map(uri =>
					affectsShown(state, uri),
				),
				[true, true, true, false, false],
			);
			assert.equal(affectsShown(initialPreviewState, quickstart), false);
			// Before the first answer, only the file itself is known to matter.
			const pending = showFile(initialPreviewState, quickstart).state;
			assert.deepEqual([affectsShown(pending, quickstart), affectsShown(pending, `${root}/docs.json`)], [true, false]);
		});
	});

	describe('request sequencing', () => {
		it('shows the newest request and drops a stale answer that arrives after it', () => {
			const first = issueRequest(showFile(initialPreviewState, quickstart).state);
			const second = issueRequest(first.state);
			const newest = acceptPage(second.state, second.seq, page('/quickstart'));
			assert.equal(newest.accepted, true);
			const late = acceptPage(newest.state, first.seq, page('/old'));
			assert.equal(late.accepted, false);
			assert.equal(late.state.page?.route, '/quickstart');
			assert.deepEqual([late.state.issued, late.state.applied], [2, 2]);
		});

		it('drops an older answer while a newer request is still pending', () => {
			const first = issueRequest(initialPreviewState);
			const second = issueRequest(first.state);
			const early = acceptPage(second.state, first.seq, page('/old'));
			assert.deepEqual([early.accepted, early.state.page], [false, undefined]);
		});

		it('never shows the same answer twice', () => {
			const issued = issueRequest(initialPreviewState);
			const once = acceptPage(issued.state, issued.seq, page('/a'));
			assert.equal(acceptPage(once.state, issued.seq, page('/a')).accepted, false);
		});
	});

	describe("following the editor's scroll (mintdoc.preview.followEditor)", () => {
		it('reveals the line when the page shown is made from the scrolled file, on its route', () => {
			const shown = roundTrip(showFile(initialPreviewState, quickstart).state, page('/quickstart', quickstart));
			assert.deepEqual(revealFor(shown, { uri: quickstart, line: 42 }), { route: '/quickstart', line: 42 });
		});

		it('does nothing for another file, a generated API page, an error page, no page, or no position', () => {
			const shown = roundTrip(showFile(initialPreviewState, quickstart).state, page('/quickstart', quickstart));
			assert.equal(revealFor(shown, { uri: `${root}/docs.json`, line: 3 }), undefined);
			assert.equal(revealFor(shown, undefined), undefined);
			const api = roundTrip(initialPreviewState, page('/api/create', `${root}/openapi.yaml`, 'operation'));
			assert.equal(revealFor(api, { uri: `${root}/openapi.yaml`, line: 3 }), undefined);
			const broken = roundTrip(initialPreviewState, page('/quickstart', quickstart, 'error'));
			assert.equal(revealFor(broken, { uri: quickstart, line: 3 }), undefined);
			assert.equal(revealFor(initialPreviewState, { uri: quickstart, line: 3 }), undefined);
		});
	});
});
