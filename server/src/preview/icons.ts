/**
 * A small built-in icon set (24×24 outline paths in the style of Lucide) for the names docs sites
 * use most. The platform loads Font Awesome/Lucide from a CDN; the preview is offline, so a name
 * outside this set renders as a neutral dot of the same size. The markup is ours and static: it
 * is spliced in after sanitizing, never built from workspace text.
 */
const paths: Record<string, string> = {
	rocket:
		'<path d="M4.5 16.5c-1.5 1.3-2 5-2 5s3.7-.5 5-2c.7-.8.7-2.1-.1-2.9a2.2 2.2 0 0 0-2.9-.1z"/><path d="M12 15l-3-3a22 22 0 0 1 2-3.9A12.9 12.9 0 0 1 22 2c0 2.7-.8 7.5-6 11a22.4 22.4 0 0 1-4 2z"/><path d="M9 12H4s.6-3 2-4c1.6-1.1 5 0 5 0"/><path d="M12 15v5s3-.6 4-2c1.1-1.6 0-5 0-5"/>',
	key: '<circle cx="7.5" cy="15.5" r="4.5"/><path d="M10.7 12.3 21 2m-4 4 3 3m-6-1 2 2"/>',
	'book-open': '<path d="M2 4h6a4 4 0 0 1 4 4v13a3 3 0 0 0-3-3H2z"/><path d="M22 4h-6a4 4 0 0 0-4 4v13a3 3 0 0 1 3-3h7z"/>',
	book: '<path d="M4 19.5A2.5 2.5 0 0 1 6.5 17H20V2H6.5A2.5 2.5 0 0 0 4 4.5z"/><path d="M4 19.5A2.5 2.5 0 0 0 6.5 22H20v-5"/>',
	code: '<path d="m16 18 6-6-6-6M8 6l-6 6 6 6"/>',
	cube: '<path d="M21 16V8l-9-5-9 5v8l9 5z"/><path d="m3.3 7 8.7 5 8.7-5M12 22V12"/>',
	cubes: '<path d="M7 10 2.5 12.5v5L7 20l4.5-2.5v-5zM17 10l-4.5 2.5v5L17 20l4.5-2.5v-5zM12 2 7.5 4.5v5L12 12l4.5-2.5v-5z"/>',
	bell: '<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9"/><path d="M10.3 21a1.9 1.9 0 0 0 3.4 0"/>',
	flag: '<path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7"/>',
	'flag-checkered': '<path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1zM4 22v-7M8 2v12M16 4v12M4 8.5h16"/>',
	'credit-card': '<rect x="2" y="5" width="20" height="14" rx="2"/><path d="M2 10h20M6 15h4"/>',
	users: '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><circle cx="9" cy="7" r="4"/><path d="M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8"/>',
	user: '<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2"/><circle cx="12" cy="7" r="4"/>',
	house: '<path d="m3 10 9-7 9 7v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/><path d="M9 22V12h6v10"/>',
	bolt: '<path d="M13 2 3 14h9l-1 8 10-12h-9z"/>',
	signal: '<path d="M2 20h.01M7 20v-4M12 20v-8M17 20V8M22 4v16"/>',
	comments: '<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z"/>',
	newspaper: '<path d="M4 22h16a2 2 0 0 0 2-2V4a2 2 0 0 0-2-2H8a2 2 0 0 0-2 2v16a2 2 0 0 1-4 0V11h4"/><path d="M18 14h-8M15 18h-5M10 6h8v4h-8z"/>',
	'circle-info': '<circle cx="12" cy="12" r="10"/><path d="M12 16v-4M12 8h.01"/>',
	info: '<circle cx="12" cy="12" r="10"/><path d="M12 16v-4M12 8h.01"/>',
	'triangle-exclamation': '<path d="m21.7 18-8-14a2 2 0 0 0-3.4 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.7-3"/><path d="M12 9v4M12 17h.01"/>',
	lightbulb: '<path d="M15 14c.2-1 .7-1.7 1.5-2.5A6 6 0 0 0 18 8 6 6 0 0 0 6 8c0 1 .2 2.2 1.5 3.5.7.7 1.3 1.5 1.5 2.5M9 18h6M10 22h4"/>',
	'circle-check': '<circle cx="12" cy="12" r="10"/><path d="m9 12 2 2 4-4"/>',
	check: '<path d="M20 6 9 17l-5-5"/>',
	'octagon-exclamation': '<path d="M7.9 2h8.2L22 7.9v8.2L16.1 22H7.9L2 16.1V7.9z"/><path d="M12 8v4M12 16h.01"/>',
	'arrow-right': '<path d="M5 12h14M12 5l7 7-7 7"/>',
	link: '<path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7"/><path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7"/>',
	file: '<path d="M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z"/><path d="M14 2v6h6"/>',
	folder: '<path d="M20 20a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.7-.9l-.8-1.2A2 2 0 0 0 7.9 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2z"/>',
	terminal: '<path d="m4 17 6-6-6-6M12 19h8"/>',
	gear: '<circle cx="12" cy="12" r="3"/><path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1A1.7 1.7 0 0 0 9 19.4a1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1A1.7 1.7 0 0 0 4.6 9a1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z"/>',
	lock: '<rect x="3" y="11" width="18" height="11" rx="2"/><path d="M7 11V7a5 5 0 0 1 10 0v4"/>',
	globe: '<circle cx="12" cy="12" r="10"/><path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z"/>',
	star: '<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2L5.8 21 7 14.2 2 9.3l6.9-1z"/>',
	heart: '<path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7z"/>',
	search: '<circle cx="11" cy="11" r="8"/><path d="m21 21-4.3-4.3"/>',
	copy: '<rect x="8" y="8" width="14" height="14" rx="2"/><path d="M4 16c-1.1 0-2-.9-2-2V4c0-1.1.9-2 2-2h10c1.1 0 2 .9 2 2"/>',
	'chevron-right': '<path d="m9 18 6-6-6-6"/>',
	'chevron-down': '<path d="m6 9 6 6 6-6"/>',
	menu: '<path d="M4 6h16M4 12h16M4 18h16"/>',
	'arrow-up-right': '<path d="M7 7h10v10M7 17 17 7"/>',
	x: '<path d="M18 6 6 18M6 6l12 12"/>',
	js: '<rect x="3" y="3" width="18" height="18" rx="2"/><path d="M10 8v7a2 2 0 0 1-4 0M18 9.5a2 2 0 0 0-2-1.5c-1.1 0-2 .7-2 1.7 0 2.3 4 1.3 4 3.8 0 1-.9 1.5-2 1.5a2 2 0 0 1-2-1.3"/>',
	python:
		'<path d="M12 2c-3 0-5 1-5 3v3h5v1H5c-2 0-3 1.5-3 4s1 4 3 4h2v-3c0-1.5 1-2.5 2.5-2.5h5c1.5 0 2.5-1 2.5-2.5V5c0-2-2-3-5-3z"/><path d="M12 22c3 0 5-1 5-3v-3h-5v-1h7c2 0 3-1.5 3-4s-1-4-3-4h-2v3c0 1.5-1 2.5-2.5 2.5h-5C8 12.5 7 13.5 7 15v4c0 2 2 3 5 3z"/>',
	github:
		'<path d="M15 22v-4a4.8 4.8 0 0 0-1-3.5c3 0 6-2 6-5.5.1-1.3-.3-2.5-1-3.5.3-1.2.3-2.4 0-3.5 0 0-1 0-3 1.5a13.4 13.4 0 0 0-7 0C7 2 6 2 6 2c-.3 1.1-.3 2.3 0 3.5A5.4 5.4 0 0 0 5 9c0 3.5 3 5.5 6 5.5-.4.5-.7 1-.8 1.7-.2.6-.3 1.2-.2 1.8v4M9 18c-4.5 2-5-2-7-2"/>',
	play: '<path d="m6 3 14 9-14 9z"/>',
	shield: '<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10"/>',
	clock: '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>',
	webhook:
		'<path d="M18 16.98h-5.99c-1.1 0-1.95.94-2.48 1.9A4 4 0 0 1 2 17c.01-.7.2-1.4.57-2M6 17l3.13-5.78c.53-.97.1-2.18-.5-3.1a4 4 0 1 1 6.89-4.06"/><path d="m12 6 3.13 5.73C15.66 12.7 16.9 13 18 13a4 4 0 0 1 0 8"/>',
	database: '<ellipse cx="12" cy="5" rx="9" ry="3"/><path d="M3 5v14a9 3 0 0 0 18 0V5M3 12a9 3 0 0 0 18 0"/>',
	list: '<path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01"/>',
	pen: '<path d="M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5z"/>',
	'paper-plane': '<path d="m22 2-7 20-4-9-9-4zM22 2 11 13"/>',
	money: '<rect x="2" y="6" width="20" height="12" rx="2"/><circle cx="12" cy="12" r="2"/><path d="M6 12h.01M18 12h.01"/>',
	envelope: '<rect x="2" y="4" width="20" height="16" rx="2"/><path d="m22 7-10 6L2 7"/>',
};

const aliases: Record<string, string> = {
	home: 'house',
	'house-chimney': 'house',
	'book-open-cover': 'book-open',
	'code-simple': 'code',
	'square-js': 'js',
	'node-js': 'js',
	javascript: 'js',
	'circle-exclamation': 'circle-info',
	'exclamation-triangle': 'triangle-exclamation',
	'alert-triangle': 'triangle-exclamation',
	'check-circle': 'circle-check',
	'circle-check-big': 'circle-check',
	cog: 'gear',
	settings: 'gear',
	'arrow-right-long': 'arrow-right',
	'external-link': 'arrow-up-right',
	'up-right-from-square': 'arrow-up-right',
	comment: 'comments',
	'message-circle': 'comments',
	zap: 'bolt',
	'bolt-lightning': 'bolt',
	'magnifying-glass': 'search',
	'file-lines': 'file',
	'file-text': 'file',
	'folder-open': 'folder',
	'square-terminal': 'terminal',
	'circle-play': 'play',
	'shield-check': 'shield',
	'shield-halved': 'shield',
	'money-bill': 'money',
	'credit-card-front': 'credit-card',
	mail: 'envelope',
	'user-group': 'users',
	'people-group': 'users',
	'wand-magic-sparkles': 'star',
	sparkles: 'star',
};

/** The SVG markup of an icon by name (any style prefix such as `fa-` dropped); a neutral dot for unknown names. */
export function iconSvg(name: string, className = 'md-icon-svg'): string {
	const key = name
		.trim()
		.toLowerCase()
		.replace(/^fa[srlbd]?-|^fa-(solid|regular|brands)\s+fa-/, '');
	const body = paths[key] ?? paths[aliases[key] ?? ''] ?? '<circle cx="12" cy="12" r="4"/>';
	return `<svg class="${className}" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${body}</svg>`;
}

/** Whether the set has a drawing for `name` (URLs and unknown names get a dot). */
export function hasIcon(name: string): boolean {
	const key = name.trim().toLowerCase();
	return key in paths || key in aliases;
}
