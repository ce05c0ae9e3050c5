import type { PlaygroundRequest, PlaygroundResponse } from '../../server/src/preview/playgroundTypes';
import {
	buildPlaygroundRequest,
	toCurl,
	type PlaygroundAuthValue,
	type PlaygroundForm,
	type PlaygroundParameterValue,
} from '../../server/src/preview/api/playgroundRequest';

/** Sends a request through the host (postMessage in VS Code, POST /__mintdoc/playground in a browser). */
export type PlaygroundTransport = (request: PlaygroundRequest) => Promise<PlaygroundResponse>;

const wired = new WeakMap<ParentNode, PlaygroundTransport>();
/** What the user typed, per playground (`METHOD path`) and input, so a re-rendered page keeps it. */
const typed = new Map<string, Map<string, string>>();

/**
 * Wires the playgrounds and tabs of generated API pages under `root`. Listeners are delegated to
 * `root` once, so call this again after every re-render: it restores typed values and refreshes
 * the URL and curl lines of the new markup.
 */
export function initPlaygrounds(root: ParentNode & Node, send: PlaygroundTransport): void {
	if (!wired.has(root)) {
		root.addEventListener('input', event => onEdit(event.target));
		root.addEventListener('change', event => onEdit(event.target));
		root.addEventListener('click', event => onClick(root, event));
	}
	wired.set(root, send);
	for (const section of root.querySelectorAll<HTMLElement>('[data-pg]')) {
		restore(section);
		refresh(section);
	}
}

function keyOf(section: HTMLElement): string {
	return `${section.dataset.pgMethod ?? ''} ${section.dataset.pgPath ?? ''}`;
}

function controlKey(control: HTMLElement): string | undefined {
	const d = control.dataset;
	if (d.pgParam !== undefined) return `param:${d.pgParam}:${d.pgName}`;
	if (d.pgAuth !== undefined) return `auth:${d.pgScheme}:${d.pgAuth}`;
	if (d.pgServerVar !== undefined) return `var:${control.closest<HTMLElement>('[data-pg-server-vars]')?.dataset.pgServerVars}:${d.pgServerVar}`;
	if (d.pgServer !== undefined) return 'server';
	if (d.pgAuthChoice !== undefined) return 'auth-choice';
	if (d.pgBody !== undefined) return 'body';
	return undefined;
}

function controls(section: HTMLElement): (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[] {
	return [...section.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')];
}

function restore(section: HTMLElement): void {
	const saved = typed.get(keyOf(section));
	if (!saved) return;
	for (const control of controls(section)) {
		const key = controlKey(control);
		if (key && saved.has(key) && control.type !== 'hidden') control.value = saved.get(key)!;
	}
}

function onEdit(target: EventTarget | null): void {
	if (!(target instanceof HTMLElement)) return;
	const section = target.closest<HTMLElement>('[data-pg]');
	if (!section) return;
	const key = controlKey(target);
	if (key && 'value' in target) {
		const saved = typed.get(keyOf(section)) ?? new Map<string, string>();
		saved.set(key, String((target as HTMLInputElement).value));
		typed.set(keyOf(section), saved);
	}
	refresh(section);
}

/** Shows only the chosen server's variables and the chosen auth alternative, then updates URL and curl. */
function refresh(section: HTMLElement): void {
	const serverIndex = selectedServer(section);
	for (const vars of section.querySelectorAll<HTMLElement>('[data-pg-server-vars]')) vars.hidden = vars.dataset.pgServerVars !== serverIndex;
	const authChoice = section.querySelector<HTMLSelectElement>('[data-pg-auth-choice]')?.value ?? '0';
	for (const group of section.querySelectorAll<HTMLElement>('[data-pg-auth-group]')) group.hidden = group.dataset.pgAuthGroup !== authChoice;
	const { request } = buildPlaygroundRequest(readForm(section));
	const url = section.querySelector('[data-pg-url]');
	if (url) url.textContent = request.url;
	const curl = (section.closest('[data-api-page]') ?? section.parentElement)?.querySelector('[data-pg-curl]');
	if (curl) curl.textContent = toCurl(request);
}

function selectedServer(section: HTMLElement): string {
	return section.querySelector<HTMLInputElement | HTMLSelectElement>('[data-pg-server]')?.value ?? '0';
}

/** The form as plain data, for the pure request builder (playgroundRequest.ts). */
export function readForm(section: HTMLElement): PlaygroundForm {
	const serverControl = section.querySelector<HTMLInputElement | HTMLSelectElement>('[data-pg-server]');
	const server = serverControl instanceof HTMLSelectElement ? (serverControl.selectedOptions[0]?.dataset.url ?? '') : (serverControl?.dataset.url ?? '');
	const serverVariables: Record<string, string> = {};
	for (const control of section.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
		`[data-pg-server-vars="${selectedServer(section)}"] [data-pg-server-var]`,
	))
		serverVariables[control.dataset.pgServerVar!] = control.value;
	const parameters: PlaygroundParameterValue[] = [...section.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-pg-param]')].map(control => ({
		name: control.dataset.pgName ?? '',
		in: control.dataset.pgParam as PlaygroundParameterValue['in'],
		value: control.value,
		required: control.dataset.pgRequired !== undefined,
	}));
	const choice = section.querySelector<HTMLSelectElement>('[data-pg-auth-choice]')?.value ?? '0';
	const group = section.querySelector<HTMLElement>(`[data-pg-auth-group="${choice}"]`);
	const auth: PlaygroundAuthValue[] = [];
	const basic = new Map<string, { username: string; password: string }>();
	for (const control of group?.querySelectorAll<HTMLInputElement>('[data-pg-auth]') ?? []) {
		const kind = control.dataset.pgAuth;
		if (kind === 'bearer') auth.push({ kind: 'bearer', token: control.value });
		else if (kind === 'apiKey')
			auth.push({
				kind: 'apiKey',
				in: (control.dataset.pgIn as 'header' | 'query' | 'cookie') ?? 'header',
				name: control.dataset.pgName ?? '',
				value: control.value,
			});
		else if (kind === 'basic-username' || kind === 'basic-password') {
			const scheme = control.dataset.pgScheme ?? '';
			const entry = basic.get(scheme) ?? { username: '', password: '' };
			if (kind === 'basic-username') entry.username = control.value;
			else entry.password = control.value;
			basic.set(scheme, entry);
		}
	}
	for (const entry of basic.values()) auth.push({ kind: 'basic', ...entry });
	const body = section.querySelector<HTMLTextAreaElement>('[data-pg-body]')?.value;
	return {
		method: section.dataset.pgMethod ?? 'GET',
		path: section.dataset.pgPath ?? '/',
		server,
		serverVariables,
		parameters,
		auth,
		...(body !== undefined ? { body, contentType: section.dataset.pgContentType } : {}),
	};
}

function onClick(root: ParentNode, event: Event): void {
	const target = event.target instanceof Element ? event.target : null;
	const tab = target?.closest<HTMLElement>('[data-api-tab]');
	if (tab) return selectTab(tab);
	const button = target?.closest<HTMLButtonElement>('[data-pg-send]');
	const section = button?.closest<HTMLElement>('[data-pg]');
	const send = wired.get(root);
	if (button && section && send) void sendFrom(section, button, send);
}

function selectTab(tab: HTMLElement): void {
	const tabs = tab.closest<HTMLElement>('[data-api-tabs]');
	if (!tabs) return;
	const index = tab.dataset.apiTab;
	for (const other of tabs.querySelectorAll<HTMLElement>(':scope > .md-tab-list > [data-api-tab]')) other.setAttribute('aria-selected', String(other === tab));
	for (const panel of tabs.querySelectorAll<HTMLElement>(':scope > [data-api-panel]')) panel.hidden = panel.dataset.apiPanel !== index;
}

async function sendFrom(section: HTMLElement, button: HTMLButtonElement, send: PlaygroundTransport): Promise<void> {
	const { request, problems } = buildPlaygroundRequest(readForm(section));
	const list = section.querySelector<HTMLElement>('[data-pg-problems]');
	if (list) {
		list.replaceChildren(...problems.map(p => Object.assign(document.createElement('li'), { textContent: p })));
		list.hidden = problems.length === 0;
	}
	if (problems.length) return;
	button.disabled = true;
	const label = button.textContent;
	button.textContent = 'Sending…';
	let response: PlaygroundResponse;
	try {
		response = await send(request);
	} catch (error) {
		response = { status: 0, statusText: '', headers: [], body: '', timeMs: 0, error: error instanceof Error ? error.message : String(error) };
	} finally {
		button.disabled = false;
		button.textContent = label;
	}
	showResponse(section, response);
}

/** Status, time, headers and body; everything as text (textContent), never as markup. */
function showResponse(section: HTMLElement, response: PlaygroundResponse): void {
	const box = section.querySelector<HTMLElement>('[data-pg-response]');
	if (!box) return;
	box.hidden = false;
	const status = box.querySelector<HTMLElement>('[data-pg-status]');
	if (status) {
		status.textContent = response.error ? 'Error' : `${response.status} ${response.statusText}`.trim();
		status.className = `md-pg-status ${response.error ? 'md-pg-error' : `md-status-${String(response.status)[0]}xx`}`;
	}
	const time = box.querySelector('[data-pg-time]');
	if (time) time.textContent = `${response.timeMs} ms`;
	const headers = box.querySelector('[data-pg-headers]');
	if (headers) headers.textContent = response.headers.map(([name, value]) => `${name}: ${value}`).join('\n');
	const body = box.querySelector('[data-pg-response-body]');
	if (body) body.textContent = response.error ?? `${prettyBody(response)}${response.truncated ? '\n… (truncated)' : ''}`;
}

function prettyBody(response: PlaygroundResponse): string {
	const type = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
	if (/json/i.test(type) || /^\s*[[{]/.test(response.body)) {
		try {
			return JSON.stringify(JSON.parse(response.body), null, 2);
		} catch {
			// not JSON after all: shown as is
		}
	}
	return response.body;
}
