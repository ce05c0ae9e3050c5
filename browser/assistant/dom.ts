// Small DOM helpers for the chat webview. Text always goes in through textContent; the only HTML
// assigned is renderMarkdown's output (escaped and link-checked there).

type Child = Node | string | false | null | undefined;

/** `h('button', { class: 'x', 'data-action': 'copy' }, 'Copy')`. Attribute values are set, never parsed. */
export function h<K extends keyof HTMLElementTagNameMap>(
	tag: K,
	attrs: Record<string, string | boolean | undefined> = {},
	...children: Child[]
): HTMLElementTagNameMap[K] {
	const el = document.createElement(tag);
	for (const [name, value] of Object.entries(attrs)) {
		if (value === undefined || value === false) continue;
		el.setAttribute(name, value === true ? '' : value);
	}
	append(el, ...children);
	return el;
}

export function append(parent: Node, ...children: Child[]): void {
	for (const child of children) {
		if (child === false || child === null || child === undefined) continue;
		parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
	}
}

const svgNs = 'http://www.w3.org/2000/svg';

/** 16px line icons in the codicon style (drawn here: the webview loads no icon font). */
const iconPaths: Record<string, string[]> = {
	add: ['M8 3v10', 'M3 8h10'],
	history: ['M2.5 8a5.5 5.5 0 1 0 1.6-3.9', 'M2.5 2.5v2.5H5', 'M8 5v3.2l2.2 1.6'],
	export: ['M8 2.5v7.5', 'M5 7l3 3 3-3', 'M3 11.5v2h10v-2'],
	send: ['M2.5 8h10', 'M8.5 4l4 4-4 4'],
	stop: ['M4.5 4.5h7v7h-7z'],
	close: ['M4 4l8 8', 'M12 4l-8 8'],
	retry: ['M13.5 8a5.5 5.5 0 1 1-1.6-3.9', 'M13.5 2.5v2.5H11'],
	key: ['M10.5 2.5a3 3 0 1 1-2.6 4.5L3 11.9V13.5h1.6l.6-.6v-1h1v-1h1l1.2-1.2', 'M11 5h.01'],
	gear: [
		'M8 5.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
		'M8 1.5v2',
		'M8 12.5v2',
		'M1.5 8h2',
		'M12.5 8h2',
		'M3.4 3.4l1.4 1.4',
		'M11.2 11.2l1.4 1.4',
		'M3.4 12.6l1.4-1.4',
		'M11.2 4.8l1.4-1.4',
	],
	file: ['M4 1.5h5l3 3v10H4z', 'M9 1.5v3h3'],
	link: ['M6.5 9.5l3-3', 'M7.5 4.5l1-1a2.5 2.5 0 0 1 3.5 3.5l-1 1', 'M8.5 11.5l-1 1a2.5 2.5 0 0 1-3.5-3.5l1-1'],
	trash: ['M3 4.5h10', 'M6 4.5V3h4v1.5', 'M4.5 4.5l.7 9h5.6l.7-9'],
	sparkle: ['M8 1.5l1.5 4.5L14 7.5 9.5 9 8 13.5 6.5 9 2 7.5 6.5 6z'],
};

export function icon(name: keyof typeof iconPaths | string): SVGSVGElement {
	const svg = document.createElementNS(svgNs, 'svg');
	svg.setAttribute('viewBox', '0 0 16 16');
	svg.setAttribute('width', '16');
	svg.setAttribute('height', '16');
	svg.setAttribute('aria-hidden', 'true');
	svg.setAttribute('class', 'icon');
	for (const d of iconPaths[name] ?? []) {
		const path = document.createElementNS(svgNs, 'path');
		path.setAttribute('d', d);
		svg.appendChild(path);
	}
	return svg;
}

/** A toolbar/inline button with an icon and an accessible label. */
export function iconButton(name: string, label: string, attrs: Record<string, string | boolean | undefined> = {}, showLabel = false): HTMLButtonElement {
	const button = h('button', { type: 'button', class: `icon-button${showLabel ? ' with-label' : ''}`, title: label, 'aria-label': label, ...attrs });
	button.appendChild(icon(name));
	if (showLabel) button.appendChild(h('span', {}, label));
	return button;
}
