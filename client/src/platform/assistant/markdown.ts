/**
 * Renders an answer's Markdown to HTML for the chat webview. Answers come from the network, so:
 * raw HTML is escaped (`html: false`), links and images are kept only for http(s) and relative
 * targets, and fenced code is highlighted by highlight.js, whose output is escaped text in spans.
 * Pure (no DOM): the webview bundles it and unit tests call it in Node.
 */
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import http from 'highlight.js/lib/languages/http';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import markdown from 'highlight.js/lib/languages/markdown';
import python from 'highlight.js/lib/languages/python';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import MarkdownIt from 'markdown-it';

// Only a handful of languages, to keep the webview bundle small; others render as plain text.
hljs.registerLanguage('bash', bash);
hljs.registerLanguage('http', http);
hljs.registerLanguage('javascript', javascript);
hljs.registerLanguage('json', json);
hljs.registerLanguage('markdown', markdown);
hljs.registerLanguage('python', python);
hljs.registerLanguage('typescript', typescript);
hljs.registerLanguage('xml', xml);
hljs.registerLanguage('yaml', yaml);
hljs.registerAliases(['mdx'], { languageName: 'markdown' });
hljs.registerAliases(['sh', 'shell', 'zsh', 'curl'], { languageName: 'bash' });
hljs.registerAliases(['jsx'], { languageName: 'javascript' });
hljs.registerAliases(['tsx'], { languageName: 'typescript' });

/** Code blocks longer than this are shown without highlighting (it would stall the panel). */
const maxHighlightChars = 100_000;

/** A link target the panel may show: no scheme (relative, `/page`, `#anchor`) or http(s). */
export function isSafeHref(href: string): boolean {
	const value = href.trim();
	const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value);
	return scheme ? /^https?$/i.test(scheme[1]) : !/^\/\//.test(value) && !/[\u0000-\u001f]/.test(value);
}

export function escapeHtml(text: string): string {
	return text.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function createRenderer(): MarkdownIt {
	const md = new MarkdownIt({ html: false, linkify: true, breaks: false, typographer: false });
	md.validateLink = isSafeHref;
	md.renderer.rules.fence = (tokens, idx) => {
		const token = tokens[idx];
		const lang = token.info
			.trim()
			.split(/\s+/, 1)[0]
			.toLowerCase()
			.replace(/[^a-z0-9_+#-]/g, '');
		return codeBlock(token.content, lang);
	};
	md.renderer.rules.code_block = (tokens, idx) => codeBlock(tokens[idx].content, '');
	return md;
}

/** A code block with its toolbar; the webview wires the buttons (no inline handlers). */
function codeBlock(code: string, lang: string): string {
	const known = lang && code.length <= maxHighlightChars && hljs.getLanguage(lang) ? lang : '';
	const body = known ? hljs.highlight(code, { language: known, ignoreIllegals: true }).value : escapeHtml(code);
	const label = lang ? `<span class="code-lang">${escapeHtml(lang)}</span>` : '<span class="code-lang"></span>';
	return (
		'<div class="code-block">' +
		`<div class="code-toolbar">${label}` +
		'<button type="button" class="code-action" data-action="copy" title="Copy code">Copy</button>' +
		'<button type="button" class="code-action" data-action="insert" title="Insert at cursor in the editor">Insert</button>' +
		'</div>' +
		`<pre><code class="hljs${known ? ` language-${known}` : ''}">${body}</code></pre>` +
		'</div>'
	);
}

let renderer: MarkdownIt | undefined;

/** The answer's HTML: safe to assign to innerHTML in the webview. */
export function renderMarkdown(text: string): string {
	renderer ??= createRenderer();
	return renderer.render(text);
}
