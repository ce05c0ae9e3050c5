import type { CheckProblem } from '../report';
import { displayText } from '../terminalText';

/**
 * `check --format github`: one GitHub Actions workflow command per problem
 * (`::error file=…,line=…,col=…,endLine=…,endColumn=…,title=…::message`), which the runner turns into
 * annotations on the pull request's diff. Paths stay relative to the working directory, which in a
 * workflow is the checkout (GITHUB_WORKSPACE), where GitHub resolves them.
 */
export function formatGithub(problems: readonly CheckProblem[], summaryLine: string): string {
	const lines = problems.map(p => {
		const properties = [
			['file', p.file],
			['line', String(p.range.start.line + 1)],
			['col', String(p.range.start.character + 1)],
			['endLine', String(p.range.end.line + 1)],
			['endColumn', String(p.range.end.character + 1)],
			['title', `MintDoc ${p.code}`],
		]
			.map(([key, value]) => `${key}=${escapeProperty(value)}`)
			.join(',');
		return `::${commandFor(p.severity)} ${properties}::${escapeData(p.message)}`;
	});
	// A plain line is only logged: the run's log keeps the same summary as the text format.
	lines.push(summaryLine);
	return lines.join('\n') + '\n';
}

function commandFor(severity: CheckProblem['severity']): 'error' | 'warning' | 'notice' {
	return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'notice';
}

/**
 * The runner reads a command up to the end of the line: newlines and `%` in a message are escaped
 * (the runner turns them back into line breaks inside the annotation). What else could break or
 * turn the line (U+2028, direction overrides, other controls) is shown as `\u…` (terminalText.ts).
 */
export function escapeData(text: string): string {
	return displayText(text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A'));
}

/** Properties are also split at `,` and end at `::`, so those are escaped as well. */
export function escapeProperty(text: string): string {
	return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
