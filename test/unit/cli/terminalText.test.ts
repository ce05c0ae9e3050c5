import * as assert from 'node:assert/strict';
import { formatGithub } from '../../../server/src/cli/formats/github';
import { formatJunit } from '../../../server/src/cli/formats/junit';
import { formatSarif } from '../../../server/src/cli/formats/sarif';
import { formatJson, formatText, type CheckProblem } from '../../../server/src/cli/report';
import { displayText, jsonText } from '../../../server/src/cli/terminalText';

/** Every character a value from the repository may not carry raw into a line of output. */
const hostile = ['\n', '\r', '\t', '\u0085', '\u2028', '\u2029', '\u202A', '\u202E', '\u2066', '\u2069', '\u200E', '\u200F', '\u061C', '\u001b'];
const raw = /[\r\u0085\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069\u001b]/;

/** The one display escaping (cli/terminalText.ts) and the formats that use it (issue 51). */
describe('CLI display escaping', () => {
	it('displayText shows each such character as its \\u escape and leaves other text alone', () => {
		assert.equal(displayText('a\nb\u202Ec\u2028d'), 'a\\u000ab\\u202ec\\u2028d');
		assert.equal(displayText('Grüße — 日本語 ✓ %:,'), 'Grüße — 日本語 ✓ %:,');
		for (const c of hostile) assert.doesNotMatch(displayText(`x${c}y`), /[^\x20-\x7E]/, JSON.stringify(c));
	});

	it('jsonText keeps the parsed value and the JSON layout, and prints none of them raw', () => {
		const value = { name: hostile.join(''), list: ['a\u202Eb'] };
		const json = jsonText(JSON.stringify(value, null, 2));
		assert.deepEqual(JSON.parse(json), value);
		assert.doesNotMatch(json, raw);
		assert.equal(json.split('\n').length, JSON.stringify(value, null, 2).split('\n').length);
	});

	const forged = 'n\n::error file=forged.mdx,line=1::FORGED\u202E.mdx';
	const problem: CheckProblem = {
		file: forged,
		range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } },
		severity: 'error',
		code: 'link-broken',
		message: `No page '${forged}'\r\n::add-mask::x\u2028`,
	};
	const outputs: Record<string, string> = {
		text: formatText([problem], 'summary'),
		json: formatJson([problem]),
		github: formatGithub([problem], 'summary'),
		sarif: formatSarif([problem], { version: '0', informationUri: 'https://x', rulesUri: 'https://x/r' }, '/work'),
		junit: formatJunit([problem], [forged]),
	};
	for (const [format, output] of Object.entries(outputs)) {
		it(`${format}: no line starts a command MintDoc did not write, no raw separator or direction override`, () => {
			const commands = output.split('\n').filter(line => /^\s*::/.test(line));
			assert.equal(commands.length, format === 'github' ? 1 : 0, output);
			if (format === 'github') assert.match(commands[0], /^::error file=n%0A%3A%3Aerror file=forged\.mdx%2Cline=1%3A%3AFORGED\\u202e\.mdx,line=1,/);
			assert.doesNotMatch(output, raw);
		});
	}

	it('the machine formats keep the exact value: JSON parses back to it, JUnit as character references', () => {
		assert.equal((JSON.parse(outputs.json) as CheckProblem[])[0].file, forged);
		assert.match(outputs.junit, /classname="n&#10;::error file=forged\.mdx,line=1::FORGED&#8238;\.mdx"/);
	});
});
