import * as assert from 'node:assert/strict';
import { headingAtLine, initialFollowState, revealLine, type HeadingLine } from '../../../browser/preview/scrollSync';

// Lines as the renderer gives them: an intro (lines 0–5), then ## Install (6), ### Linux (12), ## Use (20).
const headings: HeadingLine[] = [
	{ id: 'install', line: 6 },
	{ id: 'linux', line: 12 },
	{ id: 'use', line: 20 },
];

describe('preview: following the editor (page side)', () => {
	it('finds the heading at or above a line; none above the first heading', () => {
		assert.equal(headingAtLine(headings, 0), undefined);
		assert.equal(headingAtLine(headings, 5), undefined);
		assert.equal(headingAtLine(headings, 6)?.id, 'install');
		assert.equal(headingAtLine(headings, 11)?.id, 'install');
		assert.equal(headingAtLine(headings, 12)?.id, 'linux');
		assert.equal(headingAtLine(headings, 500)?.id, 'use');
		assert.equal(headingAtLine([], 3), undefined);
	});

	it('scrolls only when the heading changes: to the heading, to the top above the first one, and again on a new route', () => {
		const first = revealLine(initialFollowState, '/guide', headings, 8);
		assert.deepEqual(first, { state: { route: '/guide', heading: 'install' }, scrollTo: 'install' });
		const same = revealLine(first.state, '/guide', headings, 11);
		assert.deepEqual(same, { state: first.state, scrollTo: undefined });
		const next = revealLine(same.state, '/guide', headings, 25);
		assert.deepEqual(next.scrollTo, 'use');
		const top = revealLine(next.state, '/guide', headings, 2);
		assert.deepEqual(top, { state: { route: '/guide', heading: '' }, scrollTo: '' });
		assert.equal(revealLine(top.state, '/guide', headings, 0).scrollTo, undefined);
		assert.equal(revealLine(top.state, '/other', headings, 0).scrollTo, '', 'another page starts afresh');
	});
});
