import * as assert from 'node:assert/strict';
import { compareUpgrades } from '../../../conformance/upgradeCompare';

describe('conformance legacy mode: comparing two upgrades', () => {
	const theirs = {
		theme: 'mint',
		integrations: { ga4: { measurementId: 'G-1' }, posthog: { apiKey: 'k' } },
		navigation: { groups: [{ group: 'A', pages: ['a', { group: 'N', icon: 'book', iconType: 'solid', version: 'v1', pages: ['b'] }] }] },
	};

	it('folds the intended difference (nested v1 group shapes) and ignores key order', () => {
		const ours = {
			integrations: { posthog: { apiKey: 'k' }, ga4: { measurementId: 'G-1' } },
			theme: 'mint',
			navigation: { groups: [{ group: 'A', pages: ['a', { group: 'N', icon: { name: 'book', style: 'solid' }, pages: ['b'] }] }] },
		};
		const result = compareUpgrades(ours, theirs);
		assert.equal(result.navigationEqual, true);
		assert.equal(result.navigationIdentical, false);
		assert.deepEqual(result.keyDifferences, []);
		assert.deepEqual(result.ours.pages, ['a', 'b']);
		assert.equal(result.ours.groups, 2);
	});

	it('names where the navigations differ and which keys have other values', () => {
		const ours = { theme: 'palm', integrations: theirs.integrations, navigation: { groups: [{ group: 'A', pages: ['b', 'a'] }] } };
		const result = compareUpgrades(ours, theirs);
		assert.equal(result.navigationEqual, false);
		assert.deepEqual(result.navigationDifferences.slice(0, 2), [
			'navigation.groups[0].pages[0]: "a" vs "b"',
			'navigation.groups[0].pages[1]: {"group":"N","icon":{"name":"book","style":"solid"},"pages":["b"]} vs "a"',
		]);
		assert.deepEqual(result.keyDifferences, ['theme']);
	});
});
