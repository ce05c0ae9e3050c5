import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { unifiedDiff } from '../../../server/src/cli/lineDiff';

/** Applies `diff` to `before` with git apply (no fuzz: every context line must match) and returns the result. */
function gitApply(before: string, diff: string): string {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-diff-'));
	try {
		writeFileSync(path.join(dir, 'page.mdx'), before);
		writeFileSync(path.join(dir, 'change.diff'), diff);
		execFileSync('git', ['apply', '--unsafe-paths', 'change.diff'], { cwd: dir, stdio: 'pipe' });
		return readFileSync(path.join(dir, 'page.mdx'), 'utf8');
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

describe('mintdoc format --diff: a unified diff that applies as written', () => {
	it('ends the last line with the text’s final line break: no empty line after it', () => {
		const diff = unifiedDiff('page.mdx', 'one\ntwo\nthree\nfour\n', 'one two\nthree four\n');
		assert.equal(diff, '--- a/page.mdx\n+++ b/page.mdx\n@@ -1,4 +1,2 @@\n-one\n-two\n-three\n-four\n+one two\n+three four\n');
	});

	it('writes removed lines before the lines that replace them, context around them', () => {
		const diff = unifiedDiff('page.mdx', '---\ntitle: Home\n---\n\nText\n', '---\ntitle: "Home"\n---\n\nText\n');
		assert.equal(diff, '--- a/page.mdx\n+++ b/page.mdx\n@@ -1,5 +1,5 @@\n ---\n-title: Home\n+title: "Home"\n ---\n \n Text\n');
	});

	it('marks a last line without a line break, and a line break added or removed at the end', () => {
		assert.equal(unifiedDiff('page.mdx', 'a\nb', 'a\nb\n'), '--- a/page.mdx\n+++ b/page.mdx\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n');
		assert.equal(unifiedDiff('page.mdx', 'a\nb\n', 'a\nc'), '--- a/page.mdx\n+++ b/page.mdx\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n');
	});

	const cases: [string, string, string][] = [
		['a four-line paragraph joined', 'One of the\ncore principles\nof software\ndevelopment.\n', 'One of the core principles of software development.\n'],
		['no final line break before, one after', 'a\nb', 'a\nb\n'],
		['a final line break removed', 'a\nb\n', 'a\nb'],
		['an empty page filled', '', 'a\n'],
		['a page emptied', 'a\nb\n', ''],
		[
			'changes far apart: two hunks',
			Array.from({ length: 30 }, (_, i) => `line ${i}\n`).join(''),
			Array.from({ length: 30 }, (_, i) => `line ${i === 2 || i === 25 ? 'changed' : i}\n`).join(''),
		],
		['blank lines added between blocks', '<Note>\nA\n</Note>\n<Tip>\nB\n</Tip>\n', '<Note>\nA\n</Note>\n\n<Tip>\nB\n</Tip>\n'],
	];
	for (const [name, before, after] of cases) {
		it(`git apply gives the formatted page: ${name}`, () => {
			assert.equal(gitApply(before, unifiedDiff('page.mdx', before, after)), after);
		});
	}

	it('git apply gives the formatted page for generated pairs of pages', function () {
		this.timeout(120_000);
		const line = fc.constantFrom('', 'a', 'b', 'title: x', '  indented', '<Note>', '</Note>', '- item');
		const page = fc
			.tuple(fc.array(line, { maxLength: 14 }), fc.boolean())
			.map(([lines, finalBreak]) => lines.join('\n') + (finalBreak && lines.length ? '\n' : ''));
		fc.assert(
			fc.property(page, page, (before, after) => {
				fc.pre(before !== after);
				assert.equal(gitApply(before, unifiedDiff('page.mdx', before, after)), after);
			}),
			{ numRuns: 60 },
		);
	});
});
