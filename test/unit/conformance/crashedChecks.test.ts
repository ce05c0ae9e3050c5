import * as assert from 'node:assert/strict';
import type { Comparison, MintdocFinding, OfficialFinding } from '../../../conformance/compare';
import { setAsideCrashedLinkChecks } from '../../../conformance/crashedChecks';

const ours = (file: string, code: string): MintdocFinding => ({ file, code, severity: 'error', message: code, range: { start: { line: 0, character: 0 } } });
const theirs = (check: string, message: string): OfficialFinding => ({ check, severity: 'error', file: null, target: null, jsonPath: null, message });

describe('conformance: a platform link check that crashed on an unparsable page', () => {
	const crash = theirs('links', 'the links check crashed: Error: Syntax error - Unable to parse bad.md - 31:4-37:46: Expected a closing tag');
	const anchors = theirs('anchors', 'the anchors check crashed: Error: Syntax error - Unable to parse bad.md - 31:4');
	const base: Comparison = {
		falseAlarms: [ours('a.mdx', 'link-broken'), ours('b.mdx', 'component-unknown')],
		misses: [anchors],
		unverifiable: [],
		contradicted: [],
		contradictedWarnings: [],
		matched: 3,
	};

	it("sets MintDoc link findings aside as not judged and matches the crash with MintDoc's mdx-syntax on that page", () => {
		const all = [ours('bad.md', 'mdx-syntax'), ...base.falseAlarms];
		const result = setAsideCrashedLinkChecks(base, [crash, anchors], all);
		assert.deepEqual(
			result.falseAlarms.map(f => f.code),
			['component-unknown'],
		);
		assert.deepEqual(
			result.notJudged?.map(f => f.code),
			['link-broken'],
		);
		assert.deepEqual(result.misses, []);
		assert.equal(result.matched, 4);
	});

	it('changes nothing when MintDoc does not report the page the platform could not parse', () => {
		assert.equal(setAsideCrashedLinkChecks(base, [crash, anchors], base.falseAlarms), base);
	});
});
