/**
 * The preview page's script (bundled to dist/preview.js), the same in both hosts. It adds the
 * behaviour the platform's components have without running any page code: tab switching, copy
 * buttons, the dismissible banner, drilldown groups, and live updates that swap the content in
 * place. Site content is only ever inserted as the sanitized HTML the renderer produced.
 */
import { initPlaygrounds } from '../playground/playground';

import type { PreviewPage } from '../../server/src/preview/previewTypes';
import type { DiagramsDrawn } from './diagramApi';
import { drawDiagrams } from './diagrams';
import { initialFollowState, revealLine, type HeadingLine } from './scrollSync';
import { createTransport, type Transport } from './transport';

const root = document.getElementById('mp-root') ?? document.getElementById('mintdoc-preview') ?? document.body;
const transport: Transport = createTransport(document.body.dataset.base ?? '');
let currentRoute = document.body.dataset.route ?? '';
let follow = initialFollowState;

document.addEventListener('click', onClick);
document.addEventListener('toggle', onToggle, true);
transport.onUpdate(page => showPage(page));
transport.onReveal(reveal);
// What the CSP refuses (an inline style, a handler in a diagram's label) is reported to the host's log.
document.addEventListener('securitypolicyviolation', event =>
	transport.post({ type: 'cspViolation', directive: event.violatedDirective.slice(0, 200), blocked: (event.blockedURI || 'inline').slice(0, 200) }),
);
applyBanner();
initPlaygrounds(root, request => transport.playground(request));
drawDiagrams(root, reportDiagrams(currentRoute));
transport.ready(currentRoute);

function onClick(event: MouseEvent): void {
	const target = event.target instanceof Element ? event.target : null;
	if (!target) return;
	const tab = target.closest<HTMLElement>('.md-tab[data-tab-index]');
	if (tab) return selectTab(tab);
	const copy = target.closest<HTMLElement>('[data-copy]');
	if (copy) return copyCode(copy);
	const toggle = target.closest<HTMLElement>('[data-toggle-sidebar]');
	if (toggle) return toggleSidebar(toggle);
	// Choosing a page (or clicking the page) closes the sidebar shown over a narrow page.
	if (document.body.classList.contains('mp-sidebar-open') && !target.closest('.mp-sidebar details > summary')) setSidebarOpen(false);
	const dismiss = target.closest<HTMLElement>('[data-dismiss-banner]');
	if (dismiss) return dismissBanner();
	const location = target.closest<HTMLElement>('[data-open-uri]');
	if (location) {
		event.preventDefault();
		const line = Number(location.dataset.line);
		const character = Number(location.dataset.character);
		return transport.post({
			type: 'openLocation',
			uri: location.dataset.openUri!,
			line: Number.isInteger(line) ? line : undefined,
			character: Number.isInteger(character) ? character : undefined,
		});
	}
	// Open menus close when anything else is clicked.
	for (const menu of document.querySelectorAll<HTMLDetailsElement>('details.mp-menu[open]')) if (!menu.contains(target)) menu.open = false;
	const link = target.closest<HTMLAnchorElement>('a[href]');
	if (link && !event.defaultPrevented) transport.followLink(link, event);
}

function toggleSidebar(button: HTMLElement): void {
	setSidebarOpen(button.getAttribute('aria-expanded') !== 'true');
}

function setSidebarOpen(open: boolean): void {
	document.body.classList.toggle('mp-sidebar-open', open);
	document.querySelector('[data-toggle-sidebar]')?.setAttribute('aria-expanded', String(open));
}

/** Drilldown groups (`interaction.drilldown: true`) open their first page when expanded. */
function onToggle(event: Event): void {
	const details = event.target;
	if (!(details instanceof HTMLDetailsElement) || !details.open || !details.dataset.drilldown) return;
	if (details.querySelector('a.mp-active')) return;
	transport.navigate(details.dataset.drilldown, false);
}

function selectTab(tab: HTMLElement): void {
	const group = tab.closest<HTMLElement>('[data-tabs]');
	if (!group) return;
	const index = tab.dataset.tabIndex;
	for (const button of group.querySelectorAll<HTMLElement>(':scope > .md-tablist > .md-tab'))
		button.setAttribute('aria-selected', String(button.dataset.tabIndex === index));
	for (const panel of group.querySelectorAll<HTMLElement>(':scope > .md-tab-panel')) panel.hidden = panel.dataset.tabIndex !== index;
}

function copyCode(button: HTMLElement): void {
	const code = button.closest('.md-code')?.querySelector('pre code') ?? button.parentElement?.querySelector('pre code');
	const text = code?.textContent ?? '';
	const done = (ok: boolean) => {
		button.textContent = ok ? 'Copied' : 'Copy failed';
		button.classList.toggle('md-copied', ok);
		setTimeout(() => {
			button.textContent = 'Copy';
			button.classList.remove('md-copied');
		}, 1500);
	};
	if (navigator.clipboard?.writeText)
		navigator.clipboard.writeText(text).then(
			() => done(true),
			() => done(fallbackCopy(text)),
		);
	else done(fallbackCopy(text));
}

/** Where the async clipboard is unavailable (plain http on another host): a selection and execCommand. */
function fallbackCopy(text: string): boolean {
	const area = document.createElement('textarea');
	area.value = text;
	area.setAttribute('readonly', '');
	area.className = 'mp-offscreen';
	document.body.appendChild(area);
	area.select();
	let ok = false;
	try {
		ok = document.execCommand('copy');
	} catch {
		ok = false;
	}
	area.remove();
	return ok;
}

const bannerKey = (banner: HTMLElement) => `mintdoc-banner-dismissed:${banner.dataset.banner ?? ''}`;

function dismissBanner(): void {
	const banner = document.querySelector<HTMLElement>('.mp-banner');
	if (!banner) return;
	try {
		sessionStorage.setItem(bannerKey(banner), '1');
	} catch {
		// Storage may be unavailable (sandboxed webview): the banner still hides for this page.
	}
	banner.hidden = true;
}

function applyBanner(): void {
	const banner = document.querySelector<HTMLElement>('.mp-banner');
	if (!banner) return;
	try {
		banner.hidden = sessionStorage.getItem(bannerKey(banner)) === '1';
	} catch {
		banner.hidden = false;
	}
}

/** Swaps in a new rendering: the same route keeps its scroll position, open groups and selected tabs. */
function showPage(page: PreviewPage): void {
	const sameRoute = page.route === currentRoute;
	const scrollY = window.scrollY;
	const sidebar = document.getElementById('mp-sidebar');
	const sidebarScroll = sidebar?.scrollTop ?? 0;
	const tabs = [...root.querySelectorAll<HTMLElement>('[data-tabs]')].map(
		group => group.querySelector<HTMLElement>(':scope > .md-tablist > .md-tab[aria-selected="true"]')?.dataset.tabIndex,
	);
	root.innerHTML = page.html;
	document.title = page.title;
	document.body.dataset.route = page.route;
	document.body.dataset.kind = page.kind;
	currentRoute = page.route;
	applyBanner();
	initPlaygrounds(root, request => transport.playground(request));
	// Before the scroll is restored: diagrams drawn before (cached) are back at once, at their height.
	drawDiagrams(root, reportDiagrams(page.route));
	const newSidebar = document.getElementById('mp-sidebar');
	if (sameRoute) {
		[...root.querySelectorAll<HTMLElement>('[data-tabs]')].forEach((group, i) => {
			const button = tabs[i] && group.querySelector<HTMLElement>(`:scope > .md-tablist > .md-tab[data-tab-index="${tabs[i]}"]`);
			if (button) selectTab(button);
		});
		if (newSidebar) newSidebar.scrollTop = sidebarScroll;
		window.scrollTo(0, scrollY);
	} else {
		const hash = page.route.includes('#') ? page.route.slice(page.route.indexOf('#') + 1) : '';
		const anchor = hash ? document.getElementById(decodeURIComponent(hash)) : null;
		if (anchor) anchor.scrollIntoView();
		else window.scrollTo(0, 0);
		newSidebar?.querySelector('.mp-active')?.scrollIntoView({ block: 'nearest' });
	}
	transport.post({ type: 'rendered', route: page.route });
}

/** Tells the host how a page's diagrams came out (the integration tests wait for it). */
function reportDiagrams(route: string): (result: DiagramsDrawn) => void {
	// Nothing counted: the page was swapped meanwhile, and the new one reports its own.
	return ({ drawn, failed }) => void (drawn + failed > 0 && transport.post({ type: 'diagrams', route, drawn, failed }));
}

/** The editor scrolled: show the heading at or above its line (only when that heading changed; see scrollSync.ts). */
function reveal(route: string, line: number): void {
	if (route !== currentRoute) return;
	const headings: HeadingLine[] = [];
	const elements = new Map<string, HTMLElement>();
	for (const element of root.querySelectorAll<HTMLElement>('[data-source-line][id]')) {
		const sourceLine = Number(element.dataset.sourceLine);
		if (!Number.isInteger(sourceLine) || elements.has(element.id)) continue;
		headings.push({ id: element.id, line: sourceLine });
		elements.set(element.id, element);
	}
	const next = revealLine(follow, route, headings, line);
	follow = next.state;
	if (next.scrollTo === undefined) return;
	// The heading element itself: another element of the page could carry the same id.
	const target = next.scrollTo ? elements.get(next.scrollTo) : undefined;
	if (target) target.scrollIntoView({ block: 'start' });
	else window.scrollTo(0, 0);
	transport.post({ type: 'revealed', route, heading: next.scrollTo });
}
