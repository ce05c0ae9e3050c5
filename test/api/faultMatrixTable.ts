/**
 * The fault matrix as the Markdown table in docs/platform-api.md ("Troubleshooting"), generated from
 * faultMatrix.ts so the two cannot drift: test/unit/api/faultMatrixTable.test.ts compares them.
 * Rewrite the platform API page's table with `node --require tsx/cjs test/api/faultMatrixTable.ts --write`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { streamEndedEarly } from '../../client/src/platform/api/assistantClient';
import { faults, type Cell } from './faultMatrix';

export const tableStart = '<!-- fault-matrix:start (generated from test/api/faultMatrix.ts) -->';
export const tableEnd = '<!-- fault-matrix:end -->';
export const readmePath = path.resolve(__dirname, '../../docs/platform-api.md');

const quote = (words: readonly string[]) => words.map(w => `“${w}”`).join(' … ');

function shows(cell: Cell, where: 'views' | 'chat'): string {
	const expect = cell.expect;
	const said = quote(cell.words);
	if ('error' in expect) {
		if (where === 'views') {
			const click =
				expect.error === 'auth' || expect.error === 'forbidden'
					? 'click: *Set Admin API Key*'
					: expect.error === 'notFound'
						? 'click: fix the id'
						: 'click: retry';
			return `Error row ${said} above the rows already loaded (${click})`;
		}
		const button = expect.error === 'auth' || expect.error === 'forbidden' ? '*Set Assistant Key* and *Retry*' : '*Retry*';
		return `Error card ${said} with ${button}; the question goes back into the input box`;
	}
	if ('streamError' in expect) return `Error card ${said} with *Retry*; the text so far stays`;
	if (expect.incomplete === 'stopped') return `${said}; the text so far stays`;
	// A plain early end says no more than the status line; every other reason is a note under the answer.
	const note = cell.words.some(w => streamEndedEarly.includes(w)) ? '' : `, note ${said}`;
	return `The text so far stays, marked “cut off before it finished” with *Retry*${note}`;
}

const same = (a: Cell | undefined, b: Cell | undefined) => JSON.stringify(a) === JSON.stringify(b);

/** The table rows: one per fault and place (the two views share a line when they behave alike). */
export function renderFaultTable(): string {
	const lines = ['| symptom | where | what MintDoc shows | what to do |', '|---|---|---|---|'];
	const cell = (text: string) => text.replace(/\|/g, '\\|');
	for (const fault of faults) {
		const update = fault.viewsByFamily?.updateStatus ?? fault.views;
		const feedback = fault.viewsByFamily?.feedback ?? fault.views;
		const places: [string, Cell | undefined, 'views' | 'chat'][] = same(update, feedback)
			? [['Update Status, Feedback', update, 'views']]
			: [
					['Update Status', update, 'views'],
					['Feedback', feedback, 'views'],
				];
		places.push(['Assistant chat', fault.assistant, 'chat']);
		for (const [where, c, kind] of places) {
			if (c) lines.push(`| ${cell(fault.symptom)} | ${where} | ${cell(shows(c, kind))} | ${cell(fault.todo)} |`);
		}
	}
	return lines.join('\n');
}

/** The platform API page's generated block, or undefined when the markers are missing. */
export function readmeTable(readme: string): string | undefined {
	const start = readme.indexOf(tableStart);
	const end = readme.indexOf(tableEnd);
	return start < 0 || end < start ? undefined : readme.slice(start + tableStart.length, end).trim();
}

if (require.main === module && process.argv.includes('--write')) {
	const readme = readFileSync(readmePath, 'utf8');
	const start = readme.indexOf(tableStart);
	const end = readme.indexOf(tableEnd);
	if (start < 0 || end < start) throw new Error(`docs/platform-api.md has no ${tableStart} … ${tableEnd} block`);
	writeFileSync(readmePath, `${readme.slice(0, start + tableStart.length)}\n${renderFaultTable()}\n${readme.slice(end)}`);
	console.log('docs/platform-api.md: fault matrix table updated');
}
