import { applyEdits, modify, parse, type ParseError } from 'jsonc-parser';

/*
 * What "Set Up Coding Agents…" does to each file, PURE (no vscode): the MCP server merged into an
 * agent's JSON configuration (other servers and comments kept), appended to Codex's TOML, and the
 * AGENTS.md section appended once.
 */

/** The new text of a file, or why it is left alone. Unchanged text means there is nothing to do. */
export type FileEdit = { readonly text: string } | { readonly refused: string };

/**
 * `existing` (undefined: no file) with the server of `standalone` (the configuration as the file
 * would hold it alone: `{ "<servers key>": { "mintdoc": {...} } }`) added or replaced.
 */
export function mergeJsonConfig(existing: string | undefined, standalone: string): FileEdit {
	if (existing === undefined || !existing.trim()) return { text: standalone };
	const errors: ParseError[] = [];
	const current: unknown = parse(existing, errors, { allowTrailingComma: true });
	if (errors.length || typeof current !== 'object' || current === null || Array.isArray(current))
		return { refused: 'it is not a JSON object (a syntax error?): fix it by hand, then run the command again' };
	const wanted = JSON.parse(standalone) as Record<string, Record<string, unknown>>;
	const [key] = Object.keys(wanted);
	const [[name, entry]] = Object.entries(wanted[key]);
	const servers = (current as Record<string, unknown>)[key];
	if (servers !== undefined && (typeof servers !== 'object' || servers === null || Array.isArray(servers)))
		return { refused: `its "${key}" is not an object: fix it by hand, then run the command again` };
	const edits = modify(existing, [key, name], entry, { formattingOptions: { insertSpaces: true, tabSize: 2, eol: existing.includes('\r\n') ? '\r\n' : '\n' } });
	return { text: applyEdits(existing, edits) };
}

/** Codex's config.toml with `section` (a `[mcp_servers.<name>]` table) appended; a file that has that table already is left to the user. */
export function appendTomlSection(existing: string | undefined, section: string): FileEdit {
	const header = section.split('\n')[0];
	if (existing?.split(/\r?\n/).some(line => line.trim() === header)) return { refused: `it already has ${header}: edit it by hand` };
	if (!existing?.trim()) return { text: section };
	return { text: `${existing.replace(/\s*$/, '')}\n\n${section}` };
}

/** AGENTS.md with the section appended, unless a section of that title is there already. */
export function appendMarkdownSection(existing: string | undefined, section: string): FileEdit {
	const title = section.split('\n')[0];
	if (existing?.split(/\r?\n/).some(line => line.trim() === title)) return { text: existing };
	if (!existing?.trim()) return { text: `# AGENTS.md\n\n${section}` };
	return { text: `${existing.replace(/\s*$/, '')}\n\n${section}` };
}
