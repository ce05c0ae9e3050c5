// Writes the command and setting tables of docs/settings.md from package.json's `contributes`, so
// the page never drifts from what the extension offers. `node scripts/settings-doc.mjs` prints the
// tables; `--write` updates the page between its markers; `--check` exits 1 when the page is stale
// (test/unit/settingsDoc.test.ts runs the same comparison).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
export const docPath = path.join(root, 'docs', 'settings.md');
const start = '<!-- contributes:start (generated from package.json by scripts/settings-doc.mjs) -->';
const end = '<!-- contributes:end -->';

const cell = text => String(text).replace(/\|/g, '\\|').replace(/\n+/g, ' ');

export function renderTables(manifest) {
	const { commands, configuration } = manifest.contributes;
	const lines = ['## Commands', '', '| command | id |', '|---|---|'];
	for (const c of commands) lines.push(`| ${cell(`${c.category ? `${c.category}: ` : ''}${c.title}`)} | \`${c.command}\` |`);
	lines.push('', '## Settings', '', '| setting | type | default | what |', '|---|---|---|---|');
	const properties = (Array.isArray(configuration) ? configuration : [configuration]).flatMap(section => Object.entries(section.properties ?? {}));
	for (const [key, s] of properties) {
		const type = s.enum ? s.enum.map(v => `\`${v}\``).join(' \\| ') : Array.isArray(s.type) ? s.type.join(' \\| ') : s.type;
		const fallback = s.default === undefined ? '' : `\`${JSON.stringify(s.default)}\``;
		const what = [
			s.markdownDescription ?? s.description ?? '',
			...(s.enum && s.enumDescriptions ? s.enum.map((v, i) => `\`${v}\`: ${s.enumDescriptions[i]}`) : []),
		];
		lines.push(`| \`${key}\` | ${type} | ${cell(fallback)} | ${cell(what.join(' '))} |`);
	}
	return lines.join('\n');
}

export function currentTables(text) {
	const a = text.indexOf(start);
	const b = text.indexOf(end);
	return a < 0 || b < a ? undefined : text.slice(a + start.length, b).trim();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
	const tables = renderTables(manifest);
	const text = readFileSync(docPath, 'utf8');
	if (process.argv.includes('--write')) {
		const a = text.indexOf(start);
		const b = text.indexOf(end);
		if (a < 0 || b < a) throw new Error(`docs/settings.md has no ${start} … ${end} block`);
		writeFileSync(docPath, `${text.slice(0, a + start.length)}\n${tables}\n${text.slice(b)}`);
		console.log('docs/settings.md: tables updated');
	} else if (process.argv.includes('--check')) {
		if (currentTables(text) !== tables) {
			console.error('docs/settings.md is stale: run node scripts/settings-doc.mjs --write');
			process.exit(1);
		}
	} else console.log(tables);
}
