/**
 * One shared corpus of hostile inputs for every surface that shows workspace or network content:
 * the preview (MDX pages, OpenAPI documents), the assistant chat (answers, source titles), the
 * platform tree views (feedback comments, update-status logs and commit messages) and the link
 * validators of the extension hosts. Each payload, if it ever ran, would set the canary
 * `window.__pwned = <id>` or call `alert(<id>)`; the tests hook both and prove neither fired.
 */

export interface XssPayload {
	/** Unique; the value the canary would be set to. */
	readonly id: number;
	readonly kind: string;
	readonly text: string;
}

const raw: [string, string][] = [
	['script tag', '<script>window.__pwned=ID</script>'],
	['script tag, mixed case', '<ScRiPt>window.__pwned=ID</sCrIpT>'],
	['script src data:', '<script src="data:text/javascript,window.__pwned=ID"></script>'],
	['img onerror', '<img src=x onerror="window.__pwned=ID">'],
	['img onerror unquoted', '<img src=x onerror=alert(ID)>'],
	['body onload', '<body onload="window.__pwned=ID">'],
	['div onclick', '<div onclick="window.__pwned=ID">click me ID</div>'],
	['details ontoggle', '<details open ontoggle="window.__pwned=ID"><summary>s</summary></details>'],
	['input autofocus onfocus', '<input autofocus onfocus="window.__pwned=ID">'],
	['svg onload', '<svg onload="window.__pwned=ID"></svg>'],
	['svg script', '<svg><script>window.__pwned=ID</script></svg>'],
	['svg animate href', '<svg><a><animate attributeName="href" values="javascript:window.__pwned=ID"/><text y="20">svg link ID</text></a></svg>'],
	['a javascript:', '<a href="javascript:window.__pwned=ID">js link ID</a>'],
	['a JaVaScRiPt: mixed case', '<a href="JaVaScRiPt:window.__pwned=ID">mixed link ID</a>'],
	['a javascript: with entities', '<a href="&#106;avascript&#58;window.__pwned=ID">entity link ID</a>'],
	['a javascript: with tab and newline', '<a href="java\tscr\nipt:window.__pwned=ID">ws link ID</a>'],
	['a leading space javascript:', '<a href=" javascript:window.__pwned=ID">space link ID</a>'],
	['a vbscript:', '<a href="vbscript:msgbox(ID)">vb link ID</a>'],
	['a data:text/html', '<a href="data:text/html,<script>window.__pwned=ID</script>">data link ID</a>'],
	['iframe javascript:', '<iframe src="javascript:parent.__pwned=ID"></iframe>'],
	['iframe srcdoc', '<iframe srcdoc="<script>parent.__pwned=ID</script>"></iframe>'],
	['object data:', '<object data="data:text/html,<script>parent.__pwned=ID</script>"></object>'],
	['embed', '<embed src="javascript:window.__pwned=ID">'],
	['form action javascript:', '<form action="javascript:window.__pwned=ID"><button>submit ID</button></form>'],
	['button formaction', '<button formaction="javascript:window.__pwned=ID">fa ID</button>'],
	['meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:window.__pwned=ID">'],
	['base href', '<base href="javascript:window.__pwned=ID//">'],
	['link import', '<link rel="stylesheet" href="javascript:window.__pwned=ID">'],
	['style attribute url()', '<p style="background:url(javascript:window.__pwned=ID)">styled ID</p>'],
	['style element breakout', '<style>body{}</style><script>window.__pwned=ID</script>'],
	['closing style then script', '</style><script>window.__pwned=ID</script>'],
	['css expression', '<div style="width: expression(window.__pwned=ID)">expr ID</div>'],
	['textarea breakout', '</textarea><script>window.__pwned=ID</script>'],
	['comment breakout', '--><script>window.__pwned=ID</script><!--'],
	['title breakout', '</title><script>window.__pwned=ID</script>'],
	['attribute breakout', '"><img src=x onerror="window.__pwned=ID">'],
	['single-quote attribute breakout', "'><img src=x onerror='window.__pwned=ID'>"],
	['markdown javascript: link', '[md link ID](javascript:window.__pwned=ID)'],
	['markdown link mixed case with entity', '[md entity ID](JaVa&#115;cript:window.__pwned=ID)'],
	['markdown data: link', '[md data ID](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD0xPC9zY3JpcHQ+)'],
	['markdown vbscript: link', '[md vb ID](vbscript:msgbox(ID))'],
	['markdown reference link', '[ref link ID][evilID]\n\n[evilID]: javascript:window.__pwned=ID'],
	['markdown autolink', '<javascript:window.__pwned=ID>'],
	['markdown image javascript:', '![img ID](javascript:window.__pwned=ID)'],
	['markdown link title breakout', '[title ID](https://example.com "\\"><img src=x onerror=window.__pwned=ID>")'],
	['html entities of a script', '&lt;script&gt;window.__pwned=ID&lt;/script&gt;'],
	['unicode direction override', 'safe\u202Etxt.exe\u202C <a href="javascript:window.__pwned=ID">rtl ID</a>'],
	['zero-width in scheme', '<a href="java\u200Bscript:window.__pwned=ID">zw link ID</a>'],
	['zero-width markdown link', '[zw md ID](java\u200Dscript:window.__pwned=ID)'],
	['template injection', '{{constructor.constructor("window.__pwned=ID")()}}'],
];

/** The payloads, numbered from 1. */
export const xssPayloads: readonly XssPayload[] = raw.map(([kind, text], i) => ({ id: i + 1, kind, text: text.replace(/ID/g, String(i + 1)) }));

/** Hostile link targets, for validators and for `href`/`src` props (each would set the canary to its index + 500). */
export const xssUrls: readonly string[] = [
	'javascript:window.__pwned=500',
	'JavaScript:window.__pwned=501',
	'JAVASCRIPT:window.__pwned=502',
	' javascript:window.__pwned=503',
	'\tjavascript:window.__pwned=504',
	'java\tscript:window.__pwned=505',
	'java\nscript:window.__pwned=506',
	'javascript&colon;window.__pwned=507',
	'&#106;avascript:window.__pwned=508',
	'vbscript:msgbox(509)',
	'VBScript:msgbox(510)',
	'data:text/html,<script>window.__pwned=511</script>',
	'DATA:text/html;base64,PHNjcmlwdD53aW5kb3cuX19wd25lZD01MTI8L3NjcmlwdD4=',
	'data:image/svg+xml,<svg onload="window.__pwned=513"/>',
	'command:workbench.action.terminal.new',
	'command:mintdoc.signOut',
	'file:///etc/passwd',
	'vscode://mintdoc.mintdoc/pwned',
	'//evil.example.com/x',
	'\\\\evil.example.com\\share',
	'java\u200Bscript:window.__pwned=520',
	'https:javascript:window.__pwned=521',
	'ftp://evil.example.com/',
	'blob:https://evil.example.com/uuid',
];

/**
 * Runs in the page before any of its scripts (Playwright `addInitScript`): traps the canary
 * global and dialogs, and reports script errors and CSP violations as console errors whose text
 * starts with `SECURITY:` so the test collects them from any document, across navigations.
 */
export const canaryInitScript = `(() => {
	const report = text => console.error('SECURITY: ' + text);
	let value;
	Object.defineProperty(window, '__pwned', { configurable: false, get: () => value, set: v => { value = v; report('canary set to ' + v); } });
	for (const name of ['alert', 'confirm', 'prompt']) window[name] = v => report(name + '(' + v + ')');
	// Script errors only: an image that fails to load (all of them here: nothing leaves) is no finding.
	window.addEventListener('error', e => { if (e instanceof ErrorEvent) report('error ' + e.message + ' ' + e.filename + ':' + e.lineno); }, true);
	document.addEventListener('securitypolicyviolation', e => report('CSP ' + e.violatedDirective + ' blocked ' + e.blockedURI + ' (' + (e.sample || '') + ')'));
})();`;

/** Quoting for a JSX attribute value: double quotes when the text has none, else single, else undefined (cannot be written). */
export function jsxAttribute(text: string): string | undefined {
	if (!text.includes('"')) return `"${text}"`;
	if (!text.includes("'")) return `'${text}'`;
	return undefined;
}
