import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';

/** What no output may carry raw from the repository: CR, the line and paragraph separators, bidirectional controls. */
const rawHostile = /[\r\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** The one shape of a workflow command MintDoc writes itself (`--format github`): every value escaped, no `:` or `,` inside. */
const ownCommand = /^::(error|warning|notice) file=[^,:\n]*,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=MintDoc [a-z0-9-]+::[^\n]*$/;

/** Lines a GitHub Actions runner would read as workflow commands (it ignores leading whitespace). */
function commandLines(output: string): string[] {
	return output.split('\n').filter(line => /^\s*::/.test(line));
}

/**
 * Output of a CI run on a hostile pull request (issue 51): file names and docs.json values holding
 * a newline and `::error …`, a carriage return, U+2028 and a right-to-left override. In every format
 * no line may start a workflow command MintDoc did not write, and none of those characters may be
 * printed raw; the values still show, escaped.
 */
describe('mintdoc output on hostile names and values (built CLI)', function () {
	this.timeout(180_000);
	let dir: string;
	const forgedName = 'n\n::error file=forged.mdx,line=1::FORGED.mdx';
	const names = [forgedName, '\u202Egnp.mdx', 'r\r::warning::CR.mdx', 'ls\u2028::add-mask::LS.mdx'];
	before(() => {
		dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-hostile-output-'));
		writeFileSync(
			path.join(dir, 'docs.json'),
			JSON.stringify({
				name: 'Hostile \u202Eeman',
				theme: 'mint',
				colors: { primary: '#0D9373' },
				navigation: { pages: ['index', 'evil\n::error file=forged.mdx,line=1::FORGED\u202E', 'sep\u2029::stop-commands::x\r\n::error::CRLF'] },
			}),
		);
		writeFileSync(path.join(dir, 'index.mdx'), '---\ntitle: Home\n---\n\nHello.\n');
		// Each hostile page has a finding (a broken link), so its name is printed where a line starts; one does not parse.
		for (const name of names) writeFileSync(path.join(dir, name), '---\ntitle: Evil\n---\n\n* item\n\n[x](/nowhere)\n');
		writeFileSync(path.join(dir, 'bad\n::error::PARSE.mdx'), '---\ntitle: Bad\n---\n\n<div>\n');
	});
	after(() => rmSync(dir, { recursive: true, force: true }));

	for (const format of ['text', 'json', 'github', 'sarif', 'junit']) {
		it(`check --format ${format}: no forged command line, no raw CR, separators or direction overrides`, () => {
			const { status, stdout, stderr } = mintdoc(['check', '--no-cache', '--format', format, '.'], dir);
			assert.equal(status, 1, stderr);
			const forged = commandLines(stdout).filter(line => format !== 'github' || !ownCommand.test(line));
			assert.deepEqual(forged, [], `${format} prints lines a runner would execute`);
			if (format === 'github') assert.ok(commandLines(stdout).length >= 5, 'MintDoc still writes its own annotations');
			assert.doesNotMatch(stdout + stderr, rawHostile, format);
			// The hostile values are reported, escaped (JSON and SARIF: as JSON escapes, JUnit: as character references).
			assert.match(stdout, /FORGED/);
			// (SARIF names files by URI, percent-encoded; its messages quote docs.json.)
			assert.match(stdout, format === 'junit' ? /&#8238;gnp\.mdx/ : format === 'sarif' ? /FORGED\\u202e/ : /\\u202egnp\.mdx/);
			if (format === 'json') {
				const files = (JSON.parse(stdout) as { file: string }[]).map(p => p.file);
				for (const name of names) assert.ok(files.includes(name), `${JSON.stringify(name)} keeps its real name in JSON`);
			}
			if (format === 'sarif') JSON.parse(stdout);
			if (format === 'text') assert.match(stdout, /^n\\u000a::error file=forged\.mdx,line=1::FORGED\.mdx:7:5 error /m);
		});
	}

	it('format --check, --diff and a write: names on one line each, no forged line', () => {
		for (const args of [['--check'], ['--diff'], []]) {
			const { stdout, stderr } = mintdoc(['format', '--no-cache', ...args, '.'], dir);
			assert.deepEqual(commandLines(stdout + '\n' + stderr), [], args.join(' '));
			assert.doesNotMatch(stdout + stderr, rawHostile, args.join(' '));
			assert.match(stderr, /bad\\u000a::error::PARSE\.mdx:5:1: cannot parse/);
		}
		// An explicit hostile path that does not exist is named escaped in the usage error.
		const missing = mintdoc(['format', 'gone\n::error::GONE\u202E.mdx'], dir);
		assert.equal(missing.status, 2);
		assert.deepEqual(commandLines(missing.stderr), []);
		assert.match(missing.stderr, /no such file or folder: 'gone\\u000a::error::GONE\\u202e\.mdx'/);
	});
});
