import type { CheckProblem } from '../report';
import { escapeUnsafeCharacters } from '../terminalText';

/**
 * `check --format junit`: a JUnit XML report, which CI systems without SARIF support (Jenkins,
 * GitLab, Azure Pipelines, CircleCI) show as a test report. Each checked file is a test suite;
 * each problem a test case, failed for errors and warnings (as ESLint's JUnit output does), passed
 * with its text as output for information and hints; a file without problems is one passed case.
 */
export function formatJunit(problems: readonly CheckProblem[], checkedFiles: readonly string[]): string {
	const byFile = new Map<string, CheckProblem[]>();
	for (const file of checkedFiles) byFile.set(file, []);
	for (const p of problems) {
		const list = byFile.get(p.file);
		if (list) list.push(p);
		else byFile.set(p.file, [p]);
	}
	const failed = (p: CheckProblem) => p.severity === 'error' || p.severity === 'warning';
	const suites: string[] = [];
	let tests = 0;
	let failures = 0;
	for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
		const cases = list.length
			? list.map(p => {
					const where = `${p.range.start.line + 1}:${p.range.start.character + 1}`;
					const name = attr(`${p.code} at ${where}`);
					const body = `${file}:${where} ${p.severity} ${p.message} [${p.code}]`;
					return failed(p)
						? `    <testcase name="${name}" classname="${attr(file)}" time="0">\n      <failure message="${attr(p.message)}" type="${attr(p.severity)}">${text(body)}</failure>\n    </testcase>`
						: `    <testcase name="${name}" classname="${attr(file)}" time="0">\n      <system-out>${text(body)}</system-out>\n    </testcase>`;
				})
			: [`    <testcase name="no problems" classname="${attr(file)}" time="0"/>`];
		const suiteFailures = list.filter(failed).length;
		tests += cases.length;
		failures += suiteFailures;
		suites.push(
			`  <testsuite name="${attr(file)}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`,
		);
	}
	return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="mintdoc check" tests="${tests}" failures="${failures}" errors="0" time="0">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** XML 1.0 forbids most control characters even as references: they are dropped. */
function clean(value: string): string {
	return value.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
}

/**
 * Line breaks, U+2028/2029, direction overrides and C1 controls as character references, in bodies
 * as in attributes: the report keeps the exact value, and a CI log that prints it shows no line the
 * repository started (a forged `::error` workflow command) and no reversed name.
 */
function text(value: string): string {
	return escapeUnsafeCharacters(clean(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'), code => `&#${code};`);
}

function attr(value: string): string {
	return text(value).replace(/"/g, '&quot;');
}
