/**
 * The order in which the platform's web editor writes each built-in component's props (learned by
 * running `mint format` over the development corpus and reading which orders it produces; see
 * conformance/format.ts). Props not listed keep their written order after the listed ones.
 */
const orders: Record<string, readonly string[]> = {
	Accordion: ['title', 'description', 'defaultOpen', 'icon', 'iconType', 'id'],
	Badge: ['color', 'size', 'shape', 'stroke', 'disabled', 'icon'],
	Callout: ['type', 'title', 'icon', 'iconType', 'color'],
	Card: ['title', 'type', 'img', 'color', 'icon', 'iconType', 'horizontal', 'href', 'cta', 'arrow'],
	'Color.Item': ['name', 'value'],
	Expandable: ['title', 'defaultOpen'],
	Frame: ['caption', 'hint'],
	'GitHub.Repo': ['repo', 'variant'],
	ParamField: ['query', 'path', 'body', 'header', 'default', 'type', 'required', 'deprecated', 'placeholder'],
	Prompt: ['description', 'icon', 'iconType', 'actions'],
	ResponseField: ['name', 'type', 'default', 'required', 'deprecated', 'defaultOpen'],
	Tab: ['title', 'icon'],
	Tile: ['href', 'title', 'description'],
	Tooltip: ['tip', 'headline', 'cta', 'href'],
	'Tree.Folder': ['name', 'defaultOpen'],
	Update: ['label', 'tags', 'rss', 'description'],
	View: ['title', 'icon'],
};

export function propOrder(component: string): readonly string[] | undefined {
	return Object.prototype.hasOwnProperty.call(orders, component) ? orders[component] : undefined;
}
