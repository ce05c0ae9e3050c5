import type { AlignType, Table, TableCell, TableRow } from 'mdast';
import type { Point } from 'unist';
import { readInline } from './fastMdxInline';

/** The lines of a page as the fast MDX parser holds them: where each starts and ends (before its line break). */
export interface PageLines {
	readonly text: string;
	readonly starts: readonly number[];
	readonly ends: readonly number[];
}

const delimiterCell = /^ *(:?)-+(:?) *$/;
/** A row: indentation, then `|` … `|` with no trailing space or tab, at most one `$` (a single one is no math). */
const row = /^( *)\|[^\t$]*(?:\$[^\t$]*)?\|$/;

/**
 * A GFM table read as micromark reads it, for the fast MDX parser (fastMdxParse.ts): every row
 * between pipes (`| a | b |`, no tabs; `\|` is a pipe in a cell), a delimiter row with as many cells as the
 * header, cells of plain inline content (fastMdxInline.ts). It ends at a blank line, the end of
 * the page or (inside an element) a JSX tag line; undefined for anything else.
 */
export function readTable(page: PageLines, k: number, inElement: boolean): { table: Table; next: number } | undefined {
	const { starts } = page;
	if (k + 1 >= starts.length) return undefined;
	const header = cells(page, k);
	const delimiter = cells(page, k + 1);
	if (!header || !delimiter || header.length !== delimiter.length) return undefined;
	const align: AlignType[] = [];
	for (const d of delimiter) {
		const m = delimiterCell.exec(page.text.slice(d.contentFrom, d.contentTo));
		if (!m) return undefined;
		align.push(m[1] && m[2] ? 'center' : m[1] ? 'left' : m[2] ? 'right' : null);
	}
	const rows: TableRow[] = [];
	const headerRow = toRow(page, k, header);
	if (!headerRow) return undefined;
	rows.push(headerRow);
	let j = k + 2;
	for (; j < starts.length; j++) {
		const line = page.text.slice(starts[j], page.ends[j]);
		if (/^[ \t]*$/.test(line)) break;
		if (inElement && /^ *<\/?[A-Za-z]/.test(line)) {
			// A tag alone (or opening over several lines) ends the table; one followed by text is a row: left to micromark.
			const close = line.indexOf('>');
			if (close < 0 || close === line.trimEnd().length - 1) break;
			return undefined;
		}
		const found = cells(page, j);
		const r = found && toRow(page, j, found);
		if (!r) return undefined;
		rows.push(r);
	}
	// Without body rows the table ends with its delimiter row.
	const end =
		rows.length > 1 ? rows[rows.length - 1].position!.end : { line: k + 2, column: page.ends[k + 1] - page.starts[k + 1] + 1, offset: page.ends[k + 1] };
	const table: Table = { type: 'table', align, children: rows, position: { start: rows[0].position!.start, end } };
	return { table, next: j };
}

interface Cell {
	/** The cell's span: from its leading pipe to the next one (the last cell: through the trailing pipe). */
	readonly from: number;
	readonly to: number;
	/** Its content, without the spaces around it. */
	readonly contentFrom: number;
	readonly contentTo: number;
}

function cells(page: PageLines, k: number): Cell[] | undefined {
	const start = page.starts[k];
	const line = page.text.slice(start, page.ends[k]);
	const m = row.exec(line);
	if (!m) return undefined;
	const pipes: number[] = [];
	// `\|` is a pipe in the cell, `\\` a backslash (the pipe after it divides cells).
	for (let i = m[1].length; i < line.length; i++) {
		if (line[i] === '\\' && (line[i + 1] === '|' || line[i + 1] === '\\')) i++;
		else if (line[i] === '|') pipes.push(start + i);
	}
	if (pipes[pipes.length - 1] !== start + line.length - 1) return undefined;
	const found: Cell[] = [];
	for (let c = 0; c + 1 < pipes.length; c++) {
		const last = c + 2 === pipes.length;
		let contentFrom = pipes[c] + 1;
		let contentTo = pipes[c + 1];
		while (contentFrom < contentTo && page.text[contentFrom] === ' ') contentFrom++;
		while (contentTo > contentFrom && page.text[contentTo - 1] === ' ') contentTo--;
		found.push({ from: pipes[c], to: last ? pipes[c + 1] + 1 : pipes[c + 1], contentFrom, contentTo });
	}
	return found.length ? found : undefined;
}

function toRow(page: PageLines, k: number, found: readonly Cell[]): TableRow | undefined {
	const point = (offset: number): Point => ({ line: k + 1, column: offset - page.starts[k] + 1, offset });
	const children: TableCell[] = [];
	for (const cell of found) {
		const content =
			cell.contentTo > cell.contentFrom
				? readInline(page.text, [{ from: cell.contentFrom, to: cell.contentTo, line: k + 1, column: cell.contentFrom - page.starts[k] + 1 }], true)
				: [];
		if (!content) return undefined;
		children.push({ type: 'tableCell', children: content, position: { start: point(cell.from), end: point(cell.to) } });
	}
	return { type: 'tableRow', children, position: { start: point(found[0].from), end: point(found[found.length - 1].to) } };
}
