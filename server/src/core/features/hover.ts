import { MarkupKind, type Hover, type Position } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isLanguageCode, languageNames } from '../languageCodes';
import type { SiteModel } from '../site/siteModel';
import { relativePath } from '../uris';
import { targetAt } from './configTargets';
import { endpointHover, entryAt } from './endpointFeatures';
import type { PageInfo } from './pageInfo';

/** Hover on a page entry (the page's title, description and file), a `$ref` (its file) or a language code. */
export async function doHover(site: SiteModel, document: TextDocument, position: Position, pageInfo: PageInfo): Promise<Hover | undefined> {
	const endpoint = entryAt(site, document.uri, document.offsetAt(position));
	if (endpoint) return endpointHover(site, document, endpoint);
	const target = targetAt(site, document.uri, document.offsetAt(position), document);
	if (!target) return undefined;
	if (target.kind === 'ref') {
		const file = target.target && relativePath(site.rootUri, target.target);
		const exists = target.target && site.config.files.has(target.target);
		return {
			range: target.range,
			contents: { kind: MarkupKind.Markdown, value: file ? `Configuration pulled in from \`${file}\`${exists ? '' : ' (missing)'}` : 'Invalid `$ref`' },
		};
	}
	const range = { start: document.positionAt(target.node.offset), end: document.positionAt(target.node.offset + target.node.length) };
	if (target.kind === 'language') {
		const code = target.node.value as string;
		return {
			range,
			contents: {
				kind: MarkupKind.Markdown,
				value: isLanguageCode(code) ? `**${languageNames[code as keyof typeof languageNames]}** (\`${code}\`)` : `\`${code}\` is not a supported language code`,
			},
		};
	}
	const file = site.pages.fileOf(target.path);
	if (!file) return { range, contents: { kind: MarkupKind.Markdown, value: `No page \`${target.path}\` in this site` } };
	const meta = await pageInfo.metadata(file);
	const lines = [`**${escapeMarkdown(meta?.title ?? target.path)}**`];
	if (meta?.sidebarTitle) lines.push(`Sidebar: ${escapeMarkdown(meta.sidebarTitle)}`);
	if (meta?.description) lines.push(escapeMarkdown(meta.description));
	lines.push(`\`${relativePath(site.rootUri, file)}\``);
	return { range, contents: { kind: MarkupKind.Markdown, value: lines.join('\n\n') } };
}

/** Frontmatter is workspace content: shown as text, never as markup or links. */
function escapeMarkdown(text: string): string {
	return text.replace(/[\\`*_{}[\]()#+\-.!|<>]/g, '\\$&');
}
