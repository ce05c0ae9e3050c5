/**
 * Mermaid's SVG under the preview's CSP, which allows styles only from our stylesheet and
 * elements carrying the page's nonce (no 'unsafe-inline'). Mermaid writes a `<style>` element
 * into each diagram and sets `style` attributes, and it turns its drawing into markup and parses
 * it again (DOMPurify); Chromium refuses, and reports, every `style` attribute parsed from markup
 * (even in an inert template) and every `<style>` without the nonce. So while mermaid draws:
 * its `<style>` elements get the nonce, `style` attributes become CSSOM assignments
 * (`element.style.cssText`, which a CSP does not govern), and its markup carries them as
 * `data-mp-style` until {@link adoptSvg} puts them back through CSSOM. The styles are mermaid's
 * own (its theme, a diagram's `classDef`s); labels are escaped by mermaid (securityLevel
 * 'strict') and its SVG sanitized by DOMPurify before it gets here.
 */

/** Where a `style` attribute travels in mermaid's markup. */
const styleData = 'data-mp-style';

/**
 * Runs `render` (mermaid drawing in the live page, where it measures text) with `style` elements
 * created nonce'd and `style` attributes set through CSSOM. The prototypes are restored after,
 * also when rendering fails; renders must not overlap (mermaidDraw.ts runs them one at a time).
 */
export async function withNoncedStyles<T>(nonce: string, render: () => Promise<T>): Promise<T> {
	const elementProto = Element.prototype;
	const documentProto = Document.prototype;
	const { setAttribute } = elementProto;
	const { createElement, createElementNS } = documentProto;
	const nonced = <E extends Element>(element: E): E => {
		if (element.localName === 'style') setAttribute.call(element, 'nonce', nonce);
		return element;
	};
	elementProto.setAttribute = function (this: Element, name: string, value: string): void {
		if (name.toLowerCase() === 'style' && hasStyle(this)) this.style.cssText = String(value);
		else setAttribute.call(this, name, value);
	};
	documentProto.createElement = function (this: Document, tagName: string, options?: ElementCreationOptions) {
		return nonced(createElement.call(this, tagName, options));
	} as Document['createElement'];
	documentProto.createElementNS = function (this: Document, namespace: string | null, qualifiedName: string, options?: string | ElementCreationOptions) {
		return nonced(createElementNS.call(this, namespace, qualifiedName, options as ElementCreationOptions));
	} as Document['createElementNS'];
	// Mermaid reads its drawing back as markup (`innerHTML`) to sanitize it: without `style` attributes, `<style>` nonce'd.
	const innerHTML = Object.getOwnPropertyDescriptor(elementProto, 'innerHTML')!;
	Object.defineProperty(elementProto, 'innerHTML', {
		...innerHTML,
		get(this: Element): string {
			const moved: [Element & ElementCSSInlineStyle, string][] = [];
			for (const element of this.querySelectorAll('[style]')) {
				const style = element.getAttribute('style') ?? '';
				element.removeAttribute('style');
				setAttribute.call(element, styleData, style);
				if (hasStyle(element)) moved.push([element, style]);
			}
			for (const element of this.querySelectorAll('style')) setAttribute.call(element, 'nonce', nonce);
			try {
				return innerHTML.get!.call(this) as string;
			} finally {
				for (const [element, style] of moved) {
					element.removeAttribute(styleData);
					element.style.cssText = style;
				}
			}
		},
	});
	try {
		return await render();
	} finally {
		elementProto.setAttribute = setAttribute;
		documentProto.createElement = createElement;
		documentProto.createElementNS = createElementNS;
		Object.defineProperty(elementProto, 'innerHTML', innerHTML);
	}
}

/**
 * Mermaid's SVG markup (from a render under {@link withNoncedStyles}) as nodes ready to insert:
 * parsed in an inert template (nothing loads there), `<style>` elements nonce'd. Call `restyle()`
 * once the nodes are in the page to apply the `data-mp-style`s through CSSOM.
 */
export function adoptSvg(markup: string, nonce: string): { readonly content: DocumentFragment; restyle(): void } {
	const template = document.createElement('template');
	template.innerHTML = markup;
	const styled: [ElementCSSInlineStyle, string][] = [];
	for (const element of template.content.querySelectorAll('*')) {
		// Markup that did not come through withNoncedStyles: its style attributes were refused as it parsed.
		element.removeAttribute('style');
		const style = element.getAttribute(styleData);
		if (style !== null) {
			element.removeAttribute(styleData);
			if (hasStyle(element)) styled.push([element, style]);
		}
		if (element.localName === 'style') element.setAttribute('nonce', nonce);
	}
	return {
		content: template.content,
		restyle: () => {
			for (const [element, style] of styled) element.style.cssText = style;
		},
	};
}

function hasStyle(element: Element): element is Element & ElementCSSInlineStyle {
	return 'style' in element && typeof (element as Partial<ElementCSSInlineStyle>).style?.cssText === 'string';
}
