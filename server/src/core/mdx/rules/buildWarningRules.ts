import type { Diagnostic } from 'vscode-languageserver-types';
import { createDiagnostic } from '../../diagnostic';
import type { RuleId } from '../../rules';
import type { PageElement, PageProp } from '../pageTypes';
import { componentTitleSlug } from '../platformSlug';

/** The containers the platform wants a Tab and a Step directly in (common 1.0.1211 `remarkValidateTabs`, `remarkValidateSteps`). */
const requiredParents: ReadonlyMap<string, { readonly parent: string; readonly code: RuleId }> = new Map([
	['Tab', { parent: 'Tabs', code: 'tab-outside-tabs' }],
	['Step', { parent: 'Steps', code: 'step-outside-steps' }],
] as const);

/**
 * Warnings the platform's build prints for a page (@mintlify/common 1.0.1211, remark plugins
 * `remarkValidateAccordions`, `remarkValidateTabs`, `remarkValidateSteps`,
 * `remarkValidateApiExamples`), in its words. A Tab or Step is judged only as a flow element (alone
 * on its lines), as the platform visits `mdxJsxFlowElement`s only.
 */
export function checkBuildWarnings(elements: readonly PageElement[]): Diagnostic[] {
	const diagnostics: Diagnostic[] = [];
	const accordionIds = new Map<string, string>();
	const examples = { RequestExample: 0, ResponseExample: 0 };
	for (const element of elements) {
		const required = requiredParents.get(element.name);
		if (required && element.parent !== undefined && element.parent !== required.parent)
			diagnostics.push(
				createDiagnostic(
					element.nameRange,
					`Please ensure that all <${element.name}> components are direct children of <${required.parent}>.${element.parent ? ` This one is in <${element.parent}>.` : ''}`,
					required.code,
				),
			);
		if (element.name === 'Accordion') {
			const title = stringProp(element.props, 'title');
			if (!title) continue;
			// The id the platform gives the accordion: its `id`, else the title slugged as remarkComponentIds does.
			const id = stringProp(element.props, 'id') || componentTitleSlug(title);
			// A title with no Latin letters or digits (Chinese, Japanese) slugs to "": the platform then warns on
			// every second such accordion although the titles differ; its message would be false here, so none.
			if (!id) continue;
			if (accordionIds.has(id))
				diagnostics.push(
					createDiagnostic(
						element.nameRange,
						`<Accordion title="${title}"> duplicates another accordion title on this page — deep links and assistive technology may target the wrong accordion. Use unique titles.${accordionIds.get(id) === title ? '' : ` (The platform compares ids: this one and "${accordionIds.get(id)!}" are both '${id}'.)`}`,
						'accordion-duplicate-title',
					),
				);
			if (!accordionIds.has(id)) accordionIds.set(id, title);
		} else if (element.name === 'Tab') {
			const title = element.props?.find(p => p.name === 'title');
			if (title?.kind === 'string' && title.value === '')
				diagnostics.push(
					createDiagnostic(
						title.range,
						'<Tab> has an empty title — the tab has no accessible name and cannot deep-link. Add a descriptive title.',
						'tab-empty-title',
					),
				);
		} else if (element.name === 'RequestExample' || element.name === 'ResponseExample') {
			if (++examples[element.name] > 1)
				diagnostics.push(createDiagnostic(element.nameRange, `Only one <${element.name}> is supported per page.`, 'api-example-multiple'));
		}
	}
	return diagnostics;
}

/** A prop written as a plain string (`title="x"`); undefined for expressions, which the platform does not slug. */
function stringProp(props: readonly PageProp[] | undefined, name: string): string | undefined {
	const prop = props?.find(p => p.name === name);
	return prop?.kind === 'string' ? prop.value : undefined;
}
