import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { createDiagnostic } from '../../diagnostic';
import { closestMatch } from '../../textDistance';
import { isFontAwesomeStyle } from '../../icons/iconSets';
import { builtinComponent, builtinComponents, componentProp, isPassThroughProp, isPlatformComponent } from '../components';
import type { ComponentProp, ComponentSpec } from '../componentTypes';
import type { PageElement, PageProp } from '../pageTypes';
import { appendAll } from '../../arrays';

/**
 * Components a page uses, checked against the one table of built-in components: unknown
 * components, unknown and duplicate props, values outside a documented set, statically wrong types
 * and missing required props. All warnings: the page builds, but renders wrong (or not as meant).
 * Components imported or defined in the page (`localNames`) are the page's own and not judged.
 */
export function checkComponents(elements: readonly PageElement[], localNames: ReadonlySet<string>, uri: string): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	for (const element of elements) {
		if (!/^[A-Z]/.test(element.name) || localNames.has(element.name.split('.')[0])) continue;
		if (!isPlatformComponent(element.name)) {
			const suggestion = closestMatch(element.name, Object.keys(builtinComponents));
			const diagnostic = createDiagnostic(
				element.nameRange,
				`<${element.name}> is not a built-in component and is not imported or defined in this page.${suggestion ? ` Did you mean <${suggestion}>?` : ''}`,
				'component-unknown',
			);
			if (suggestion) diagnostic.data = { replacement: suggestion };
			diagnostics.push(diagnostic);
			continue;
		}
		const spec = builtinComponent(element.name);
		if (!spec) continue;
		if (element.props) appendAll(diagnostics, checkProps(element.name, spec, element.props, uri));
		const missing = Object.entries(spec.props)
			.filter(([name, prop]) => prop.required && !element.attributes.includes(name))
			.map(([name]) => name);
		if (spec.oneOf && !spec.oneOf.some(p => element.attributes.includes(p))) missing.push(spec.oneOf.join(' | '));
		if (missing.length)
			diagnostics.push(createDiagnostic(element.nameRange, `<${element.name}> needs ${missing.map(m => `"${m}"`).join(' and ')}.`, 'component-missing-prop'));
	}
	return diagnostics;
}

function checkProps(component: string, spec: ComponentSpec, props: readonly PageProp[], uri: string): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	const seen = new Map<string, PageProp>();
	for (const prop of props) {
		const first = seen.get(prop.name);
		if (first) {
			// JSX keeps the last one: the first is silently dropped.
			diagnostics.push(
				createDiagnostic(prop.range, `<${component}> has "${prop.name}" twice; only this last one counts.`, 'component-duplicate-prop', [
					{ location: { uri, range: first.range }, message: 'first written here' },
				]),
			);
			continue;
		}
		seen.set(prop.name, prop);
		const documented = componentProp(spec, prop.name);
		if (!documented) {
			if (spec.closed && !isPassThroughProp(prop.name)) {
				const suggestion = closestMatch(prop.name, Object.keys(spec.props));
				const diagnostic = createDiagnostic(
					prop.range,
					`<${component}> has no prop "${prop.name}": the platform ignores it.${suggestion ? ` Did you mean "${suggestion}"?` : ` Its props: ${Object.keys(spec.props).join(', ') || 'none besides its content'}.`}`,
					'component-unknown-prop',
				);
				if (suggestion) diagnostic.data = { replacement: suggestion };
				diagnostics.push(diagnostic);
			}
			continue;
		}
		const problem = checkValue(component, prop, documented);
		if (problem) diagnostics.push(problem);
	}
	return diagnostics;
}

/** A literal the table can judge: what it is and what it says. */
type Literal = { kind: 'string' | 'number' | 'boolean'; text: string } | undefined;

function literalOf(prop: PageProp): Literal {
	if (prop.kind === 'bare') return { kind: 'boolean', text: 'true' };
	if (prop.kind === 'string') return { kind: 'string', text: prop.value ?? '' };
	const source = (prop.value ?? '').trim();
	if (/^-?\d+(?:\.\d+)?$/.test(source)) return { kind: 'number', text: source };
	if (source === 'true' || source === 'false') return { kind: 'boolean', text: source };
	const quoted = /^(["'])(.*)\1$/s.exec(source);
	if (quoted && !quoted[2].includes(quoted[1]) && !quoted[2].includes('\\')) return { kind: 'string', text: quoted[2] };
	return undefined;
}

function checkValue(component: string, prop: PageProp, documented: ComponentProp): Diagnostic | undefined {
	const literal = literalOf(prop);
	if (!literal) return undefined;
	const range = prop.valueRange ?? prop.range;
	const written = prop.kind === 'bare' ? `${prop.name} (bare, which is true)` : prop.kind === 'string' ? `"${literal.text}"` : `{${literal.text}}`;
	switch (documented.type) {
		case 'number':
			if (literal.kind === 'number') return undefined;
			if (literal.kind === 'string' && documented.numericString && /^\d+$/.test(literal.text.trim())) return undefined;
			return withLiteralFix(
				createDiagnostic(
					range,
					`"${prop.name}" of <${component}> takes a number: ${written} is a ${literal.kind}.${/^\d+(?:\.\d+)?$/.test(literal.text.trim()) ? ` Write ${prop.name}={${literal.text.trim()}}.` : ''}`,
					'component-prop-type',
				),
				prop,
				/^\d+(?:\.\d+)?$/.test(literal.text.trim()) ? `{${literal.text.trim()}}` : undefined,
			);
		case 'boolean': {
			if (literal.kind === 'boolean') return undefined;
			if (literal.kind === 'string' && /^true$/i.test(literal.text)) {
				// Works (a non-empty string is truthy), but "false" written the same way would turn it on too.
				const diagnostic = createDiagnostic(
					range,
					`"${prop.name}" of <${component}> takes true or false: "${literal.text}" is a string, read as true only because it is not empty. Write ${prop.name} or ${prop.name}={true}.`,
					'component-prop-type',
				);
				diagnostic.severity = DiagnosticSeverity.Information;
				return withLiteralFix(diagnostic, prop, '{true}');
			}
			const on = literal.kind === 'string' ? (literal.text ? ' Any non-empty string turns it on.' : ' An empty string turns it off.') : '';
			return withLiteralFix(
				createDiagnostic(
					range,
					`"${prop.name}" of <${component}> takes true or false: ${written} is a ${literal.kind}.${on} Write ${prop.name}={${/^false$/i.test(literal.text) ? 'false' : 'true'}}${/^false$/i.test(literal.text) ? ' or leave it out' : ''}.`,
					'component-prop-type',
				),
				prop,
				/^false$/i.test(literal.text) ? '{false}' : /^true$/i.test(literal.text) ? '{true}' : undefined,
			);
		}
		case 'string':
			if (literal.kind === 'boolean') {
				return createDiagnostic(range, `"${prop.name}" of <${component}> takes text: ${written} is a boolean.`, 'component-prop-type');
			}
			// An icon style the documentation does not list but Font Awesome has (`semibold`, `sharp-light`) is not guessed wrong.
			if (literal.kind === 'string' && documented.icon === 'style' && isFontAwesomeStyle(literal.text)) return undefined;
			if (literal.kind === 'string' && documented.values && !documented.values.includes(literal.text)) {
				const suggestion = closestMatch(literal.text, documented.values);
				const diagnostic = createDiagnostic(
					range,
					`"${literal.text}" is not a value of "${prop.name}" on <${component}>: one of ${documented.values.map(v => `"${v}"`).join(', ')}.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
					'component-prop-value',
				);
				if (suggestion) diagnostic.data = { replacement: suggestion };
				return diagnostic;
			}
			return undefined;
		default:
			return undefined;
	}
}

/** Attaches the fix of a quoted literal of the wrong type: the quotes and value replaced by `{value}`. */
function withLiteralFix(diagnostic: Diagnostic, prop: PageProp, newText: string | undefined): Diagnostic {
	if (newText === undefined || prop.kind !== 'string' || !prop.valueRange) return diagnostic;
	const { start, end } = prop.valueRange;
	const range = { start: { line: start.line, character: start.character - 1 }, end: { line: end.line, character: end.character + 1 } };
	diagnostic.data = { edit: { title: `Write ${prop.name}=${newText}`, range, newText } };
	return diagnostic;
}
