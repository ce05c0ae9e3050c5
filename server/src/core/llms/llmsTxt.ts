import type { LlmsEntry, LlmsSite } from './llmsSite';
import { cutAt, listedDescription } from './pageFacts';

/** The platform's cap on a generated llms.txt (its llms.txt page); llms-full.txt has none. */
export const llmsTxtLimit = 100_000;

/** How a generated llms.txt was fitted under the cap. */
export interface LlmsTruncation {
	/** Characters the file would have had with every entry and description whole. */
	readonly fullLength: number;
	/** Descriptions shortened (or dropped) to fit. */
	readonly shortened: number;
	/** The longest description left, in characters (300 when none was shortened). */
	readonly descriptionLimit: number;
	/** Entries left out, from the end of the navigation. */
	readonly dropped: readonly LlmsEntry[];
	/** Groups that weigh most in the file, heaviest first (characters of their entries). */
	readonly contributors: readonly { readonly group: string; readonly characters: number; readonly entries: number }[];
}

export interface LlmsTxt {
	readonly text: string;
	/** Present when the file would have passed the cap. */
	readonly truncation?: LlmsTruncation;
}

/** Joins the site URL and a path: `https://x.com/docs` + `guides/a.md` → `https://x.com/docs/guides/a.md`. */
export function siteUrl(baseUrl: string, path: string): string {
	if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(path)) return path;
	return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A link text that cannot end the link early. */
function linkText(text: string): string {
	return text.replace(/\s+/g, ' ').replace(/([[\]\\])/g, '\\$1');
}

/** The head of the file: title, description, agent instructions (as the platform's docs show them). */
export function llmsHeader(site: LlmsSite): string {
	let text = `# ${site.name.replace(/\s+/g, ' ').trim()}\n`;
	if (site.description?.trim()) text += `\n${quote(site.description.trim())}\n`;
	if (site.instructions.length) text += `\n${agentInstructions(site.instructions)}\n`;
	return text;
}

/** `> ## Agent Instructions` and the lines, in one blockquote (markdown-export docs). */
export function agentInstructions(lines: readonly string[]): string {
	return ['> ## Agent Instructions', ...lines.map(l => (l.trim() ? `> ${l}` : '>'))].join('\n');
}

function quote(text: string): string {
	return text
		.split(/\r?\n/)
		.map(l => (l.trim() ? `> ${l}` : '>'))
		.join('\n');
}

/**
 * The generated llms.txt of a site. Past {@link llmsTxtLimit} characters, as the platform does,
 * descriptions are shortened first (all to one length, the largest that fits), then entries are
 * dropped from the end and a note says what was left out.
 */
export function renderLlmsTxt(site: LlmsSite, baseUrl: string, limit = llmsTxtLimit): LlmsTxt {
	const header = llmsHeader(site);
	const tail = llmsTail(site, baseUrl);
	const descriptions = site.entries.map(e => listedDescription(e.description) ?? '');
	const line = (entry: LlmsEntry, description: string) =>
		`- [${linkText(entry.title)}](${siteUrl(baseUrl, `${entry.linkPath}.md`)})${description ? `: ${description}` : ''}\n`;
	const bare = site.entries.map(e => line(e, ''));
	const sectionHead = site.entries.length ? '\n## Docs\n\n' : '';
	const fixed = header.length + sectionHead.length + tail.length;
	const lengthAt = (max: number) => {
		let total = fixed;
		for (let i = 0; i < bare.length; i++) {
			const d = descriptions[i];
			total += bare[i].length + (d ? (d.length <= max ? d.length + 2 : max >= 2 ? max + 2 : 0) : 0);
		}
		return total;
	};
	const render = (max: number, count: number, note: string) => {
		let body = '';
		for (let i = 0; i < count; i++) body += line(site.entries[i], cutAt(descriptions[i], max));
		return header + sectionHead + body + note + tail;
	};
	const fullLength = lengthAt(300);
	if (fullLength <= limit) return { text: render(300, site.entries.length, '') };
	// The largest description length that fits, found by halving (the length grows with it).
	let low = 0;
	let high = 300;
	while (low < high) {
		const mid = Math.ceil((low + high) / 2);
		if (lengthAt(mid) <= limit) low = mid;
		else high = mid - 1;
	}
	const max = low;
	const shortened = descriptions.filter(d => d.length > max).length;
	let count = site.entries.length;
	let note = '';
	if (lengthAt(max) > limit) {
		// Not even bare entries fit: drop from the end, keeping room for the note.
		let total = fixed;
		count = 0;
		for (; count < bare.length; count++) {
			const candidate = omissionNote(site.entries.slice(count + 1), site.entries.length);
			if (total + bare[count].length + candidate.length > limit) break;
			total += bare[count].length;
		}
		note = omissionNote(site.entries.slice(count), site.entries.length);
	}
	const text = render(max, count, note);
	return {
		text,
		truncation: {
			fullLength,
			shortened,
			descriptionLimit: max,
			dropped: site.entries.slice(count),
			contributors: contributors(site.entries, bare, descriptions),
		},
	};
}

/** The note at the end of a truncated file: how many entries were left out, and from which groups. */
function omissionNote(dropped: readonly LlmsEntry[], total: number): string {
	if (!dropped.length) return '';
	const groups = [...new Set(dropped.map(e => e.group ?? 'Other pages'))];
	const named = groups.slice(0, 10).join(', ') + (groups.length > 10 ? `, and ${groups.length - 10} more groups` : '');
	return `\n> ${dropped.length} of ${total} pages are not listed here, to keep this file under ${llmsTxtLimit.toLocaleString('en-US')} characters (from: ${named}). Every page's Markdown is at its URL with \`.md\`.\n`;
}

function contributors(entries: readonly LlmsEntry[], bare: readonly string[], descriptions: readonly string[]): LlmsTruncation['contributors'] {
	const byGroup = new Map<string, { characters: number; entries: number }>();
	entries.forEach((entry, i) => {
		const key = entry.group ?? 'Other pages';
		const found = byGroup.get(key) ?? { characters: 0, entries: 0 };
		found.characters += bare[i].length + (descriptions[i] ? descriptions[i].length + 2 : 0);
		found.entries++;
		byGroup.set(key, found);
	});
	return [...byGroup]
		.map(([group, v]) => ({ group, ...v }))
		.sort((a, b) => b.characters - a.characters)
		.slice(0, 5);
}

/** OpenAPI and AsyncAPI specs, then `## Optional` for the navigation's absolute URLs. */
function llmsTail(site: LlmsSite, baseUrl: string): string {
	let text = '';
	const specSection = (title: string, sources: readonly string[]) => {
		if (!sources.length) return;
		text += `\n## ${title}\n\n`;
		for (const source of sources) {
			const name = (source.split(/[?#]/)[0].split('/').pop() ?? source).replace(/\.(json|ya?ml)$/i, '') || source;
			text += `- [${linkText(name)}](${siteUrl(baseUrl, source)})\n`;
		}
	};
	specSection('OpenAPI Specs', site.openapi);
	specSection('AsyncAPI Specs', site.asyncapi);
	if (site.external.length) {
		text += '\n## Optional\n\n';
		const seen = new Set<string>();
		for (const link of site.external) {
			if (seen.has(link.url)) continue;
			seen.add(link.url);
			text += `- [${linkText(link.title)}](${link.url})\n`;
		}
	}
	return text;
}
