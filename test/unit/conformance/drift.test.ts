import * as assert from 'node:assert/strict';
import type { OfficialFinding } from '../../../conformance/compare';
import { listDifference, siteDrift } from '../../../conformance/drift';
import { compareVersions, newestBelow } from '../../../conformance/newestOfficial';

const finding = (check: string, file: string, target: string, severity: OfficialFinding['severity'] = 'error'): OfficialFinding => ({
	check,
	file,
	target,
	severity,
	jsonPath: null,
	message: `${check} ${target}`,
});

describe('conformance: drift between the pinned and the newest platform libraries', () => {
	it('counts per check the facts only one set states, as multisets, leaving out info and skipped checks', () => {
		const pinned = [
			finding('links', 'a.mdx', '/x'),
			finding('links', 'a.mdx', '/x'),
			finding('anchors', 'a.mdx', '/y#z', 'warning'),
			finding('openapi', 'spec.json', '', 'info'),
		];
		const newest = [finding('links', 'a.mdx', '/x'), finding('anchors', 'a.mdx', '/y#w', 'warning'), finding('validate', 'docs.json', '/p')];
		const drift = siteDrift('/site', pinned, newest, new Set(['validate']));
		assert.equal(drift.pinned, 3);
		assert.equal(drift.newest, 2);
		assert.deepEqual(Object.fromEntries(Object.entries(drift.byCheck).map(([check, c]) => [check, [c.onlyPinned, c.onlyNewest]])), {
			links: [1, 0],
			anchors: [1, 1],
		});
	});

	it('is empty when both sets agree', () => {
		const same = [finding('links', 'a.mdx', '/x')];
		assert.deepEqual(siteDrift('/site', same, same).byCheck, {});
	});

	it("tells a list of default ignores apart from the platform's, in both directions", () => {
		assert.deepEqual(listDifference(['.git', 'build/', 'README.md'], ['.git', 'README.md', '.cursor']), { onlyOurs: ['build/'], onlyTheirs: ['.cursor'] });
		assert.deepEqual(listDifference(['a', 'b'], ['b', 'a']), { onlyOurs: [], onlyTheirs: [] });
	});

	it('finds the newest published version below a missing one (numeric, prereleases left out)', () => {
		assert.ok(compareVersions('1.0.1211', '1.0.999') > 0);
		assert.ok(compareVersions('0.0.9', '0.0.10') < 0);
		assert.equal(newestBelow(['4.0.1', '4.0.6', '4.0.10-beta.1', '4.0.8', '3.9.9'], '4.0.7'), '4.0.6');
		assert.equal(newestBelow(['1.0.0'], '0.9.0'), undefined);
	});
});
