import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { createDiagnostic } from '../diagnostic';
import { rules } from '../rules';
import { closestMatch } from '../textDistance';
import { appendAll } from '../arrays';

/** `mintdoc-disable-next-line`, or a `mintdoc-disable` … `mintdoc-enable` block, with the codes it names (none: every rule). */
export interface DisableDirective {
	readonly kind: 'disable-next-line' | 'disable' | 'enable';
	readonly codes: readonly string[];
	/** The whole comment. */
	readonly range: Range;
}

/** MDX writes comments as expressions (`{/* … *\/}`), Markdown also as HTML comments. */
const mdxComment = /\{\s*\/\*\s*mintdoc-(disable-next-line|disable|enable)(?![\w-])((?:[^*]|\*(?!\/))*)\*\/\s*\}/g;
const mdComment = /<!--\s*mintdoc-(disable-next-line|disable|enable)(?![\w-])((?:[^-]|-(?!->))*)-->/g;

/** What every disable comment holds (ASCII: a page's bytes can be searched for it as they are). */
export const directiveMark = 'mintdoc-';

/** False when `text` holds no directive for sure (parseDisableDirectives returns none). */
export function mayHoldDirectives(text: string): boolean {
	return text.includes(directiveMark);
}

/**
 * The directives of a page, in order. A directive is one comment on one line; inside frontmatter
 * and fenced code blocks a comment is just text.
 */
export function parseDisableDirectives(text: string, kind: 'mdx' | 'md'): DisableDirective[] {
	// Most pages have none: one search answers for them.
	if (!mayHoldDirectives(text)) return [];
	const directives: DisableDirective[] = [];
	const lines = text.split(/\r?\n/);
	let fence: { char: string; length: number } | undefined;
	let line = 0;
	if (lines[0] === '---') {
		const end = lines.indexOf('---', 1);
		line = end === -1 ? lines.length : end + 1;
	}
	for (; line < lines.length; line++) {
		const content = lines[line];
		const fenceMatch = /^\s*(`{3,}|~{3,})/.exec(content);
		if (fenceMatch) {
			const marker = fenceMatch[1];
			if (!fence) fence = { char: marker[0], length: marker.length };
			else if (marker[0] === fence.char && marker.length >= fence.length && content.trim() === marker) fence = undefined;
			continue;
		}
		if (fence || !content.includes('mintdoc-')) continue;
		// A `.md` page takes either form: the platform (and MintDoc) parse it as MDX too, where `<!--` does not parse.
		const matches = [...content.matchAll(mdxComment), ...(kind === 'md' ? content.matchAll(mdComment) : [])].sort((a, b) => a.index - b.index);
		for (const m of matches) {
			// A reason may follow two dashes, as in ESLint: `mintdoc-disable-next-line link-broken -- rendered by <Api>`.
			const codes = m[2]
				.split(/\s--\s|^--\s/)[0]
				.split(/[\s,]+/)
				.filter(Boolean);
			directives.push({
				kind: m[1] as DisableDirective['kind'],
				codes,
				range: { start: { line, character: m.index }, end: { line, character: m.index + m[0].length } },
			});
		}
	}
	return directives;
}

/**
 * A page's findings with what its directives silence taken out, plus `unused-disable-directive`
 * for each directive (or code it names) that silenced nothing.
 */
export function applyDisableDirectives(
	directives: readonly DisableDirective[],
	diagnostics: readonly Diagnostic[],
	/** Receives what the comments silenced (SARIF lists it as suppressed in source). */
	silencedOut?: Diagnostic[],
): Diagnostic[] {
	if (directives.length === 0) return [...diagnostics];
	const scopes = scopesOf(directives);
	const kept: Diagnostic[] = [];
	for (const diagnostic of diagnostics) {
		const code = typeof diagnostic.code === 'string' ? diagnostic.code : '';
		const line = diagnostic.range.start.line;
		let silenced = false;
		for (const scope of scopes) {
			if (line < scope.from || line > scope.to) continue;
			const named =
				scope.directive.codes.length === 0 ? '*' : scope.directive.codes.find(c => c === code || (c.endsWith('*') && code.startsWith(c.slice(0, -1))));
			if (named === undefined) continue;
			scope.used.add(named);
			silenced = true;
		}
		if (!silenced) kept.push(diagnostic);
		else silencedOut?.push(diagnostic);
	}
	for (const scope of scopes) appendAll(kept, unusedFindings(scope));
	return kept;
}

interface Scope {
	readonly directive: DisableDirective;
	readonly from: number;
	readonly to: number;
	readonly used: Set<string>;
}

function scopesOf(directives: readonly DisableDirective[]): Scope[] {
	const scopes: Scope[] = [];
	const open: { directive: DisableDirective; index: number }[] = [];
	for (const directive of directives) {
		const line = directive.range.start.line;
		if (directive.kind === 'disable-next-line') scopes.push({ directive, from: line + 1, to: line + 1, used: new Set() });
		else if (directive.kind === 'disable') {
			open.push({ directive, index: scopes.length });
			scopes.push({ directive, from: line, to: Number.MAX_SAFE_INTEGER, used: new Set() });
		} else {
			// `mintdoc-enable` ends the blocks it names (all of them when it names none).
			for (let i = open.length - 1; i >= 0; i--) {
				const block = open[i];
				const closes = directive.codes.length === 0 || block.directive.codes.some(c => directive.codes.includes(c));
				if (!closes) continue;
				scopes[block.index] = { ...scopes[block.index], to: line };
				open.splice(i, 1);
			}
		}
	}
	return scopes;
}

function unusedFindings(scope: Scope): Diagnostic[] {
	const { directive } = scope;
	const name = `mintdoc-${directive.kind}`;
	const where = directive.kind === 'disable-next-line' ? 'on the next line' : 'in its block';
	if (directive.codes.length === 0)
		return scope.used.size ? [] : [createDiagnostic(directive.range, `${name} silences nothing: no finding ${where}. Remove it.`, 'unused-disable-directive')];
	const findings: Diagnostic[] = [];
	for (const code of directive.codes) {
		if (scope.used.has(code)) continue;
		const known = Object.hasOwn(rules, code) || (code.endsWith('*') && Object.keys(rules).some(c => c.startsWith(code.slice(0, -1))));
		const suggestion = known ? undefined : closestMatch(code, Object.keys(rules));
		const message = known
			? `${name} names '${code}', which reports nothing ${where}. Remove it.`
			: `${name} names '${code}', which is not a rule${suggestion ? `: did you mean '${suggestion}'?` : '.'}`;
		findings.push(createDiagnostic(directive.range, message, 'unused-disable-directive'));
	}
	return findings;
}
