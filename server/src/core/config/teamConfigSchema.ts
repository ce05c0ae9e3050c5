import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { isOffByDefault, rules } from '../rules';
import { ruleSettings } from './teamConfig';

const settingDescriptions: Readonly<Record<(typeof ruleSettings)[number], string>> = {
	off: 'Not reported.',
	hint: 'Reported as a hint (dotted underline; not in the CLI counts of errors and warnings).',
	info: 'Reported as information.',
	warn: 'Reported as a warning (counts against `mintdoc check --max-warnings`).',
	error: 'Reported as an error (`mintdoc check` exits 1).',
};

const severityNames: Readonly<Record<DiagnosticSeverity, string>> = {
	[DiagnosticSeverity.Error]: 'error',
	[DiagnosticSeverity.Warning]: 'warn',
	[DiagnosticSeverity.Information]: 'info',
	[DiagnosticSeverity.Hint]: 'hint',
};

/**
 * The JSON Schema of mintdoc.json (`schemas/mintdoc.schema.json`, which the editor uses for
 * completion, hover and validation), built from the rules table so that every code is completed
 * with its summary. `test/unit/core/teamConfigSchema.test.ts` fails when the file differs.
 */
export function teamConfigSchema(): object {
	const codes = Object.keys(rules).sort();
	const ruleProperties: Record<string, object> = { '*': { $ref: '#/definitions/setting', description: 'Every rule.' } };
	for (const family of families(codes))
		ruleProperties[`${family}*`] = { $ref: '#/definitions/setting', description: `Every rule whose code starts with \`${family}\`.` };
	for (const code of codes) {
		const rule = rules[code as keyof typeof rules];
		const options = ruleOptionSchemas[code];
		ruleProperties[code] = {
			...(options
				? { anyOf: [{ $ref: '#/definitions/setting' }, { type: 'array', minItems: 1, maxItems: 2, items: [{ $ref: '#/definitions/setting' }, options] }] }
				: { $ref: '#/definitions/setting' }),
			markdownDescription: `${rule.summary}\n\nDefault: \`${isOffByDefault(code) ? 'off' : severityNames[rule.severity]}\`.`,
		};
	}
	const globs = (what: string) => ({
		type: 'array',
		items: { type: 'string', minLength: 1 },
		markdownDescription: `${what} gitignore-style globs, relative to the docs root (the folder of docs.json): \`changelog/**\`, \`*.md\`, \`/index.mdx\`.`,
	});
	return {
		$schema: 'http://json-schema.org/draft-07/schema#',
		$id: 'https://github.com/mintdoc/mintdoc/blob/main/schemas/mintdoc.schema.json',
		title: 'MintDoc configuration (mintdoc.json)',
		markdownDescription: "How a team tunes MintDoc's checks. See docs/configuration.md.",
		type: 'object',
		allowComments: true,
		allowTrailingCommas: true,
		additionalProperties: false,
		properties: {
			$schema: { type: 'string' },
			rules: { $ref: '#/definitions/rules', markdownDescription: 'Rule settings for every file of the site: a code, or a family as `a11y-*`.' },
			overrides: {
				type: 'array',
				markdownDescription: 'Rule settings for some files; later entries win over earlier ones and over `rules`.',
				items: {
					type: 'object',
					additionalProperties: false,
					required: ['files'],
					properties: { files: globs('The files this override applies to:'), rules: { $ref: '#/definitions/rules' } },
				},
			},
			ignore: globs('Files whose findings are not reported (their pages still exist for links and navigation):'),
			site: {
				type: 'object',
				additionalProperties: false,
				markdownDescription: 'Where the site is published.',
				properties: {
					url: {
						type: 'string',
						pattern: '^https?://',
						markdownDescription: 'The URL the site is published at (`https://example.com/docs`): the links of `mintdoc llms`.',
					},
				},
			},
			format: {
				type: 'object',
				additionalProperties: false,
				properties: {
					ignore: {
						type: 'array',
						items: { type: 'string', minLength: 1 },
						markdownDescription: '`mintdoc format`: pages left as written (gitignore-style globs, relative to the folder holding mintdoc.json).',
					},
				},
			},
		},
		definitions: {
			setting: {
				enum: [...ruleSettings],
				markdownEnumDescriptions: ruleSettings.map(s => settingDescriptions[s]),
			},
			rules: { type: 'object', additionalProperties: false, properties: ruleProperties },
		},
	};
}

/** The options of rules that take some (ESLint's `["warn", { ... }]`). */
const ruleOptionSchemas: Readonly<Record<string, object>> = {
	'page-description-length': {
		type: 'object',
		additionalProperties: false,
		properties: {
			min: { type: 'integer', minimum: 0, markdownDescription: 'Fewest characters (default 50).' },
			max: { type: 'integer', minimum: 1, markdownDescription: 'Most characters (default 160).' },
		},
	},
};

/** Code prefixes shared by two rules or more (`a11y-`, `link-`, `nav-`): the families a `*` can name. */
function families(codes: readonly string[]): string[] {
	const count = new Map<string, number>();
	for (const code of codes) {
		const dash = code.indexOf('-');
		if (dash > 0) count.set(code.slice(0, dash + 1), (count.get(code.slice(0, dash + 1)) ?? 0) + 1);
	}
	return [...count].filter(([, n]) => n > 1).map(([family]) => family);
}
