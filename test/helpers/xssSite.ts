/**
 * A docs site made of the XSS corpus (test/helpers/xssCorpus.ts): one page per payload (in the
 * body), one page with payloads in every prop, frontmatter field, code title, link and image, a
 * configuration whose names and links are payloads, and an OpenAPI document carrying payloads in
 * descriptions, summaries, examples, server URLs and parameter names.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { jsxAttribute, xssPayloads, xssUrls } from './xssCorpus';

const titles = xssPayloads.map(p => jsxAttribute(p.text.replace(/\s*\n\s*/g, ' '))).filter((t): t is string => t !== undefined);
const urls = xssUrls.map(u => jsxAttribute(u)).filter((t): t is string => t !== undefined);
const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];

function payloadPage(id: number, text: string): string {
	return `---\ntitle: ${JSON.stringify(text)}\ndescription: ${JSON.stringify(`payload ${id}: ${text}`)}\nsidebarTitle: ${JSON.stringify(text.slice(0, 60))}\n---\n\n${text}\n\nInline: ${text} and \`${text.replace(/`/g, '')}\`.\n`;
}

function propsPage(): string {
	const lines: string[] = [
		'---',
		`title: ${JSON.stringify(xssPayloads[0].text)}`,
		`description: ${JSON.stringify(xssPayloads.map(p => p.text).join(' '))}`,
		`og:image: ${JSON.stringify(xssUrls[0])}`,
		'---',
		'',
	];
	titles.forEach((title, i) => {
		const url = pick(urls, i);
		lines.push(
			`<Card title=${title} href=${url} icon=${pick(titles, i + 1)} img=${url}>card ${i}</Card>`,
			'',
			`<Accordion title=${title} description=${pick(titles, i + 2)}>accordion ${i}</Accordion>`,
			'',
			`<Tabs>\n  <Tab title=${title}>tab ${i}</Tab>\n</Tabs>`,
			'',
			`<ParamField path=${title} type=${pick(titles, i + 3)} default=${pick(titles, i + 4)}>param ${i}</ParamField>`,
			'',
			`<Frame caption=${title}>\n  <img src=${url} alt=${pick(titles, i + 5)} />\n</Frame>`,
			'',
			`<a href=${url}>anchor ${i}</a> <Tooltip tip=${title}>tip ${i}</Tooltip> <Badge color=${title}>badge ${i}</Badge>`,
			'',
		);
	});
	for (const url of xssUrls) lines.push(`[markdown ${xssUrls.indexOf(url)}](<${url.replace(/[<>\n]/g, '')}>) ![image](<${url.replace(/[<>\n]/g, '')}>)`, '');
	xssPayloads.slice(0, 12).forEach((p, i) => lines.push('```js ' + p.text.replace(/\n/g, ' '), `const x = ${i};`, '```', ''));
	lines.push('<CodeGroup>', ...xssPayloads.slice(0, 6).map((p, i) => '```bash ' + p.text.replace(/\n/g, ' ') + `\necho ${i}\n` + '```'), '</CodeGroup>', '');
	return lines.join('\n');
}

function openApi(): unknown {
	const t = (i: number) => pick(xssPayloads, i).text;
	const all = xssPayloads.map(p => p.text).join('\n\n');
	const paths: Record<string, unknown> = {};
	for (let i = 0; i < 6; i++) {
		paths[`/items${i}/{id}`] = {
			post: {
				summary: t(i),
				description: all,
				operationId: `op${i}`,
				parameters: [
					{ name: 'id', in: 'path', required: true, description: t(i + 1), schema: { type: 'string', example: t(i + 2) } },
					{ name: t(i + 3).replace(/\n/g, ' '), in: 'query', description: t(i + 4), schema: { type: 'string', default: t(i + 5), enum: [t(i + 6), t(i + 7)] } },
					{ name: 'x-header', in: 'header', schema: { type: 'string', example: t(i + 8) } },
				],
				requestBody: {
					content: {
						'application/json': {
							schema: { type: 'object', description: t(i + 9), properties: { [t(i + 10)]: { type: 'string', description: t(i + 11), example: t(i + 12) } } },
							example: { text: t(i + 13) },
						},
					},
				},
				responses: {
					200: {
						description: t(i + 14),
						content: {
							'application/json': {
								schema: { type: 'object', properties: { html: { type: 'string', description: t(i + 15) } } },
								example: { html: t(i + 16) },
							},
						},
					},
				},
			},
		};
	}
	return {
		openapi: '3.1.0',
		info: { title: t(20), version: t(21), description: all },
		// Only 127.0.0.1 (a closed port) and hostile schemes: a Send never leaves this machine.
		servers: [
			{ url: 'http://127.0.0.1:9/"><img src=x onerror="window.__pwned=900">', description: t(22) },
			{ url: 'javascript:window.__pwned=901' },
			{ url: 'data:text/html,<script>window.__pwned=902</script>' },
		],
		components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: t(23), description: t(24) } } },
		security: [{ key: [] }],
		paths,
	};
}

/** Writes the site into `dir`; returns the routes of its MDX pages. */
export function writeXssSite(dir: string): string[] {
	const pages = xssPayloads.map(p => `p/${p.id}`);
	mkdirSync(path.join(dir, 'p'), { recursive: true });
	for (const p of xssPayloads) writeFileSync(path.join(dir, 'p', `${p.id}.mdx`), payloadPage(p.id, p.text));
	writeFileSync(path.join(dir, 'props.mdx'), propsPage());
	writeFileSync(
		path.join(dir, 'index.mdx'),
		payloadPage(
			0,
			xssPayloads
				.map(p => p.text)
				.slice(0, 5)
				.join(' '),
		),
	);
	writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(openApi(), null, 2));
	const docs = {
		theme: 'mint',
		name: xssPayloads[0].text,
		description: xssPayloads[3].text,
		colors: { primary: '#000"><script>window.__pwned=950</script>' },
		logo: { light: xssUrls[0], dark: xssUrls[11], href: xssUrls[1] },
		favicon: xssUrls[12],
		banner: {
			content: xssPayloads
				.map(p => p.text)
				.slice(0, 8)
				.join(' '),
			dismissible: true,
		},
		navbar: {
			links: xssUrls.slice(0, 4).map((href, i) => ({ label: pick(xssPayloads, i).text, href })),
			primary: { type: 'button', label: xssPayloads[5].text, href: xssUrls[2] },
		},
		footer: { socials: { x: xssUrls[3], github: xssUrls[9] } },
		navigation: {
			global: { anchors: xssUrls.slice(0, 3).map((href, i) => ({ anchor: pick(xssPayloads, i + 10).text, href, icon: pick(xssPayloads, i).text })) },
			groups: [
				{ group: xssPayloads[6].text, pages: ['index', 'props'] },
				{ group: xssPayloads[1].text, pages },
				{ group: 'API', openapi: 'openapi.json' },
			],
		},
	};
	writeFileSync(path.join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
	return ['/', '/props', ...pages.map(p => `/${p}`)];
}
