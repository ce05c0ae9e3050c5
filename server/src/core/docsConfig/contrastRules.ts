import type { ConfigNode } from './configTree';
import { getString, getValue } from './configTree';
import type { DiagnosticSink } from './diagnosticSink';

/*
 * The colors of docs.json against the theme's backgrounds, as `mint a11y` judges them (WCAG 2
 * contrast ratios): the primary color and the global anchors' light colors on the light
 * background, the light color and the anchors' dark colors on the dark one, and the dark color on
 * both (the platform asks only 3:1 of it, as for large text). Below 4.5:1 (3:1) is a warning
 * (`mint a11y` fails); AA but not AAA (7:1) is a hint (it says WARN).
 */

interface Rgb {
	readonly r: number;
	readonly g: number;
	readonly b: number;
}

/** `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (alpha ignored, as contrast ignores it); undefined for anything else. */
export function parseHex(value: string): Rgb | undefined {
	const match = /^#?([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value.trim())?.[1];
	if (!match) return undefined;
	const full = match.length < 6 ? [...match].map(c => c + c).join('') : match;
	const n = Number.parseInt(full.slice(0, 6), 16);
	return { r: n >> 16, g: (n >> 8) & 0xff, b: n & 0xff };
}

const toHex = ({ r, g, b }: Rgb) => '#' + [r, g, b].map(c => c.toString(16).padStart(2, '0')).join('');

/** `top` at `opacity` over an opaque `base`, each channel rounded (how the platform tints its backgrounds). */
function tint(base: Rgb, top: Rgb, opacity: number): Rgb {
	const mix = (b: number, t: number) => Math.round((1 - opacity) * b + opacity * t);
	return { r: mix(base.r, top.r), g: mix(base.g, top.g), b: mix(base.b, top.b) };
}

/** WCAG 2 relative luminance. */
function luminance({ r, g, b }: Rgb): number {
	const channel = (c: number) => {
		const s = c / 255;
		return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
	};
	return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG 2 contrast ratio of two colors (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
	const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
	return (hi + 0.05) / (lo + 0.05);
}

/** The first color on the way from `color` to black (or white, on a dark background) whose contrast reaches `target`, as hex. */
export function nearestPassing(color: Rgb, background: Rgb, target: number): string | undefined {
	const toward = luminance(background) > 0.18 ? { r: 0, g: 0, b: 0 } : { r: 255, g: 255, b: 255 };
	for (let step = 1; step <= 100; step++) {
		const candidate = tint(color, toward, step / 100);
		if (contrastRatio(candidate, background) >= target) return toHex(candidate);
	}
	return undefined;
}

/** The light and dark page backgrounds of a configuration: `background.color`, else the theme's (a tint of the brand colors). */
export function backgrounds(config: ConfigNode | undefined): { light: Rgb; dark: Rgb } | undefined {
	const colors = getValue(config, 'colors');
	const configured = getValue(getValue(config, 'background'), 'color');
	const primary = parseHex(getString(colors, 'primary') || '#16A34A');
	const brandLight = parseHex(getString(colors, 'light') ?? '#4ADE80');
	if (!primary || !brandLight) return undefined;
	const near = { r: 9, g: 9, b: 11 };
	const linden = getString(config, 'theme') === 'linden';
	const lightSetting = getString(configured, 'light');
	const darkSetting = getString(configured, 'dark');
	const light = lightSetting ? parseHex(lightSetting) : linden ? tint({ r: 255, g: 255, b: 255 }, primary, 0.03) : { r: 255, g: 255, b: 255 };
	const dark = darkSetting ? parseHex(darkSetting) : tint(near, brandLight, linden ? 0.03 : 0.02);
	return light && dark ? { light, dark } : undefined;
}

/** Contrast findings of docs.json's `colors` and `navigation.global.anchors[].color`. */
export function checkContrast(config: ConfigNode | undefined, sink: DiagnosticSink): void {
	const colors = getValue(config, 'colors');
	if (colors?.kind !== 'object') return;
	const bg = backgrounds(config);
	if (!bg) return;
	const judge = (node: ConfigNode | undefined, label: string, background: Rgb, backgroundName: string, minimum?: number) => {
		if (node?.kind !== 'string' || !(node.value as string)) return;
		const color = parseHex(node.value as string);
		if (!color) return;
		const ratio = contrastRatio(color, background);
		const shown = `${ratio.toFixed(2)}:1`;
		const against = `${label} vs ${backgroundName} (${toHex(background)})`;
		if (minimum !== undefined) {
			if (ratio < minimum)
				sink.atNode(node, `${against}: contrast ${shown}, below the ${minimum}:1 the platform's accessibility check asks of it.`, 'a11y-contrast', {
					data: { pair: label + ' vs ' + backgroundName },
				});
			return;
		}
		if (ratio < 4.5) {
			// The nearest color of the same hue that passes: mixed toward black on a light background, toward white on a dark one.
			const fix = nearestPassing(color, background, 4.5);
			sink.atNode(
				node,
				`${against}: contrast ${shown} fails WCAG AA (4.5:1): text in this color is hard to read.${fix ? ` ${fix} passes.` : ''}`,
				'a11y-contrast',
				{ data: { pair: label + ' vs ' + backgroundName, ...(fix ? { replacement: fix } : {}) } },
			);
		} else if (ratio < 7)
			sink.atNode(node, `${against}: contrast ${shown} meets WCAG AA but not AAA (7:1).`, 'a11y-contrast-aaa', {
				data: { pair: label + ' vs ' + backgroundName },
			});
	};
	judge(getValue(colors, 'primary'), 'Primary Color', bg.light, 'Light Background');
	judge(getValue(colors, 'light'), 'Light Color', bg.dark, 'Dark Background');
	judge(getValue(colors, 'dark'), 'Dark Color', bg.dark, 'Dark Background', 3);
	judge(getValue(colors, 'dark'), 'Dark Color', bg.light, 'Light Background', 3);
	const anchors = getValue(getValue(getValue(config, 'navigation'), 'global'), 'anchors');
	if (anchors?.kind !== 'array') return;
	for (const anchor of anchors.items) {
		const color = getValue(anchor, 'color');
		const name = getString(anchor, 'anchor') ?? 'anchor';
		judge(getValue(color, 'light'), `Anchor "${name}" light variant`, bg.light, 'Light Background');
		judge(getValue(color, 'dark'), `Anchor "${name}" dark variant`, bg.dark, 'Dark Background');
	}
}
