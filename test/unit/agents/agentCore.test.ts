import * as assert from 'node:assert/strict';
import { agentComponents, componentsText } from '../../../server/src/core/agents/agentComponents';
import { agentConfig } from '../../../server/src/core/agents/agentConfigs';
import { agentFindingsOf, findingsSummaryLine, findingsText, toAgentFinding } from '../../../server/src/core/agents/agentFindings';
import { agentRuleDoc } from '../../../server/src/core/agents/agentRules';
import { agentSiteMap, siteMapText } from '../../../server/src/core/agents/agentSiteMap';
import type { SiteTree } from '../../../server/src/core/features/siteTree';

const range = (sl: number, sc: number, el: number, ec: number) => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

describe('core/agents: what coding agents read', () => {
	it('findings are 1-based, endColumn just after the range; sorted and without repeats as mintdoc check', () => {
		assert.deepEqual(toAgentFinding({ file: 'a.mdx', range: range(0, 0, 0, 4), severity: 'error', code: 'x', message: 'm' }), {
			file: 'a.mdx',
			line: 1,
			column: 1,
			endLine: 1,
			endColumn: 5,
			severity: 'error',
			code: 'x',
			message: 'm',
		});
		const diagnostic = (line: number, code: string, severity: 1 | 2 | 3 | 4) => ({ range: range(line, 2, line, 6), code, severity, message: code });
		const findings = agentFindingsOf(
			[
				{ uri: 'file:///s/b.mdx', diagnostics: [diagnostic(3, 'link-broken', 1), diagnostic(1, 'a11y-missing-alt', 2)] },
				{ uri: 'file:///s/a.mdx', diagnostics: [diagnostic(0, 'hint-code', 4), diagnostic(0, 'hint-code', 4)] },
			],
			uri => uri.slice('file:///s/'.length),
		);
		assert.deepEqual(
			findings.map(f => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.code}`),
			['a.mdx:1:3 hint hint-code', 'b.mdx:2:3 warning a11y-missing-alt', 'b.mdx:4:3 error link-broken'],
		);
		assert.equal(findingsSummaryLine(findings), '1 error, 1 warning, 1 note in 2 files.');
		assert.equal(findingsSummaryLine([]), 'No problems found.');
		assert.equal(findingsText(findings.slice(2), 'S'), 'b.mdx:4:3 error [link-broken] link-broken\nS');
	});

	it('the site map keeps one language or version, titles pages, and names the choices when a filter matches nothing', async () => {
		const page = (label: string) => ({ kind: 'page' as const, label, fileUri: `file:///s/${label}.mdx` });
		const tree: SiteTree = {
			rootUri: 'file:///s',
			name: 'Docs',
			nodes: [
				{
					kind: 'language',
					label: 'en',
					children: [{ kind: 'group', label: 'Start', children: [page('en/intro'), { kind: 'page', label: 'en/gone', missing: true }] }],
				},
				{ kind: 'language', label: 'fr', children: [{ kind: 'group', label: 'Début', children: [page('fr/intro')] }] },
			],
			orphans: [{ path: 'draft', fileUri: 'file:///s/draft.mdx' }],
			undocumented: [],
		};
		const relative = (uri: string) => uri.slice('file:///s/'.length) || '.';
		const map = await agentSiteMap(tree, async uri => (uri.endsWith('intro.mdx') ? 'Intro' : undefined), relative, { language: 'FR' });
		assert.deepEqual(map, {
			site: 'Docs',
			folder: '.',
			navigation: [{ kind: 'group', name: 'Début', children: [{ kind: 'page', name: 'fr/intro', title: 'Intro', file: 'fr/intro.mdx' }] }],
			unlisted: ['draft.mdx'],
		});
		const all = await agentSiteMap(tree, async () => undefined, relative);
		assert.equal(
			siteMapText([all]),
			[
				'Site "Docs" (this folder):',
				'- [language] en',
				'  - [group] Start',
				'    - en/intro — en/intro.mdx',
				'    - en/gone — en/gone (MISSING: no such file)',
				'- [language] fr',
				'  - [group] Début',
				'    - fr/intro — fr/intro.mdx',
				'Pages in no navigation entry: draft.mdx',
			].join('\n'),
		);
		await assert.rejects(
			agentSiteMap(tree, async () => undefined, relative, { language: 'de' }),
			/no language 'de' in the navigation of Docs; it has: en, fr/,
		);
		await assert.rejects(
			agentSiteMap(tree, async () => undefined, relative, { version: 'v2' }),
			/has no versions: leave version out/,
		);
	});

	it('components come from the table the checks use; a wrong name lists similar ones', () => {
		const [steps] = agentComponents('<Steps>');
		assert.equal(steps.name, 'Steps');
		assert.deepEqual(steps.props.find(p => p.name === 'titleSize')?.values, ['p', 'h2', 'h3', 'h4']);
		assert.equal(agentComponents('card')[0].name, 'Card');
		assert.throws(() => agentComponents('Crad'), /'Crad' is not a built-in component; similar: .*Card/);
		assert.match(componentsText(agentComponents()), /^\d+ built-in components/);
	});

	it('rule docs come from the rules table', () => {
		assert.equal(agentRuleDoc('link-broken').defaultSeverity, 'error');
		assert.throws(() => agentRuleDoc('link-brokn'), /unknown rule code 'link-brokn'; codes starting with 'link': .*link-broken/);
	});

	it('each agent gets its file and format', () => {
		const server = { command: 'node', args: ['/x/cli.js', 'mcp', 'docs'] };
		assert.deepEqual(JSON.parse(agentConfig('vscode', server).text), { servers: { mintdoc: { type: 'stdio', ...server } } });
		assert.deepEqual(JSON.parse(agentConfig('cursor', server).text), { mcpServers: { mintdoc: server } });
		assert.equal(agentConfig('claude', server).file, '.mcp.json');
		assert.equal(
			agentConfig('codex', { command: 'C:\\node.exe', args: ['a "b"'] }).text,
			'[mcp_servers.mintdoc]\ncommand = "C:\\\\node.exe"\nargs = ["a \\"b\\""]\n',
		);
	});
});
