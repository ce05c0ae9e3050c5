import type { Diagnostic } from 'vscode-languageserver-types';
import { getValue, type ConfigNode } from '../../docsConfig/configTree';
import { createDiagnostic } from '../../diagnostic';
import type { PageElement, PageProp } from '../pageTypes';

/**
 * The variation ids docs.json declares (`variations.options[].id`, willow theme), or undefined when
 * it declares none: then `<Variation>` is not judged (nothing says which ids would exist).
 */
export function declaredVariations(config: ConfigNode | undefined): ReadonlySet<string> | undefined {
	const options = getValue(getValue(config, 'variations'), 'options');
	if (options?.kind !== 'array') return undefined;
	const ids = options.items.flatMap(item => {
		const id = getValue(item, 'id');
		return id?.kind === 'string' ? [(id.value as string).trim()] : [];
	});
	return new Set(ids);
}

/**
 * The ids a `<Variation is>` names, read as the platform reads them (@mintlify/common 1.0.1211
 * `mdx/plugins/remark/variation.js`): a string, a string literal or an array of string literals in
 * braces; undefined for anything else (an expression computed at run time is not judged).
 */
function idsOf(prop: PageProp): { id: string; quoted: string }[] | undefined {
	if (prop.kind === 'string') return [{ id: (prop.value ?? '').trim(), quoted: prop.value ?? '' }];
	if (prop.kind !== 'expression') return undefined;
	const source = (prop.value ?? '').trim();
	const single = /^(["'`])([^"'`\\$]*)\1$/.exec(source);
	if (single) return [{ id: single[2].trim(), quoted: single[2] }];
	const list = /^\[(.*)\]$/s.exec(source);
	if (!list) return undefined;
	const items = list[1].split(',').map(item => /^\s*(["'])([^"'\\]*)\1\s*$/.exec(item));
	return items.every(Boolean) ? items.map(m => ({ id: m![2].trim(), quoted: m![2] })) : undefined;
}

/** `<Variation is="ruby">` where docs.json declares no variation `ruby`: its content is never shown. */
export function checkVariations(elements: readonly PageElement[], declared: ReadonlySet<string> | undefined): Diagnostic[] {
	if (!declared) return [];
	const diagnostics: Diagnostic[] = [];
	for (const element of elements) {
		if (element.name !== 'Variation') continue;
		const prop = element.props?.find(p => p.name === 'is');
		const ids = prop && idsOf(prop);
		if (!prop || !ids) continue;
		const unknown = ids.filter(i => !declared.has(i.id)).map(i => i.id);
		if (!unknown.length) continue;
		diagnostics.push(
			createDiagnostic(
				prop.valueRange ?? prop.range,
				`${unknown.map(id => `'${id}'`).join(', ')} ${unknown.length > 1 ? 'are' : 'is'} not a variation of docs.json (variations.options: ${[...declared].map(id => `'${id}'`).join(', ') || 'none'}): this content is never shown.`,
				'variation-unknown',
			),
		);
	}
	return diagnostics;
}
