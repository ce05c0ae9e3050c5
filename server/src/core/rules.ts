import { DiagnosticSeverity } from 'vscode-languageserver-types';

/**
 * Every check MintDoc runs, keyed by its stable `code`. Editors, the CLI's JSON output and other
 * tools rely on these ids, so an id never changes meaning once released; add a new one instead.
 */
export const rules = {
	'file-binary': { severity: DiagnosticSeverity.Error, summary: 'The file is binary, not UTF-8 text.' },
	'file-too-large': { severity: DiagnosticSeverity.Warning, summary: 'The file is larger than MintDoc checks (it is skipped, not rejected).' },
	'file-not-regular': {
		severity: DiagnosticSeverity.Error,
		summary: 'The file is a device, pipe or socket (or a link to one, such as /dev/zero), not a regular file: it is not read.',
	},
	'file-outside-workspace': {
		severity: DiagnosticSeverity.Error,
		summary: 'The file is a symbolic link whose real location is outside the workspace: it is not read, and nothing of it is quoted or shown.',
	},
	'folder-walk-limit': {
		severity: DiagnosticSeverity.Warning,
		summary: 'The site has folders nested too deep or too many of them (symbolic links, generated folders): MintDoc stopped listing there.',
	},
	'file-unreadable': { severity: DiagnosticSeverity.Error, summary: 'The file exists but cannot be read.' },
	'json-empty': { severity: DiagnosticSeverity.Error, summary: 'docs.json is empty.' },
	'json-syntax': {
		severity: DiagnosticSeverity.Error,
		summary: 'docs.json is not valid JSON (the platform parses it strictly: no comments, no trailing commas).',
	},
	'json-too-deep': { severity: DiagnosticSeverity.Error, summary: 'Values are nested deeper than any real configuration; checking stops there.' },
	'json-not-object': { severity: DiagnosticSeverity.Error, summary: 'The top-level value of docs.json must be an object.' },
	'ref-invalid': { severity: DiagnosticSeverity.Error, summary: 'A `$ref` value is not a relative path to a JSON file inside the docs root.' },
	'ref-not-found': { severity: DiagnosticSeverity.Error, summary: 'The file a `$ref` points to does not exist.' },
	'ref-invalid-json': { severity: DiagnosticSeverity.Error, summary: 'The file a `$ref` points to is not valid JSON.' },
	'ref-cycle': { severity: DiagnosticSeverity.Error, summary: '`$ref` files include each other in a cycle (the platform fails the build).' },
	'ref-siblings-ignored': { severity: DiagnosticSeverity.Warning, summary: 'Keys beside a `$ref` that resolves to a non-object are ignored.' },
	'ref-too-complex': {
		severity: DiagnosticSeverity.Warning,
		summary: 'The `$ref` files expand past what can be composed (references that multiply, or nest too deep across files): none is followed.',
	},
	schema: {
		severity: DiagnosticSeverity.Error,
		summary:
			"docs.json does not match the schema (schemas/docs.schema.json): a wrong type, an unknown value, a key not allowed. The editor shows these through VS Code's JSON support; the CLI reports them with this code.",
	},
	'config-unknown-key': { severity: DiagnosticSeverity.Warning, summary: 'A top-level key the platform does not document (it may be new, or a typo).' },
	'favicon-not-found': { severity: DiagnosticSeverity.Error, summary: "The `favicon` file does not exist (the platform's build fails generating the icons)." },
	'nav-root-missing': {
		severity: DiagnosticSeverity.Error,
		summary: '`navigation` has no root-level element (pages, groups, tabs, anchors, dropdowns, products, versions or languages).',
	},
	'nav-mixed-children': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A navigation element holds more than one type of child at one level (e.g. anchors and groups): the build accepts it, the site shows one kind.',
	},
	'nav-menu-outside-tab': { severity: DiagnosticSeverity.Warning, summary: '`menu` is only allowed inside a tab.' },
	'nav-menu-item-children': { severity: DiagnosticSeverity.Warning, summary: 'A menu item may hold only groups, pages and an external link.' },
	'nav-missing-field': {
		severity: DiagnosticSeverity.Error,
		summary: "A navigation element lacks a field it requires (its name, a group's pages, a global anchor's href).",
	},
	'nav-expanded-top-level': {
		severity: DiagnosticSeverity.Warning,
		summary: '`expanded` has no effect on a top-level group (top-level groups are always expanded).',
	},
	'nav-banner-shape': {
		severity: DiagnosticSeverity.Error,
		summary: 'A language `banner` must be an object with `content` (string) and optional `dismissible` (boolean).',
	},
	'nav-language-code': { severity: DiagnosticSeverity.Error, summary: 'A language code the platform does not support.' },
	'nav-language-note': {
		severity: DiagnosticSeverity.Hint,
		summary: "A language code the specification and the platform's validator write differently (`ua` / `uk`): accepted, with a note.",
	},
	'nav-duplicate-name': {
		severity: DiagnosticSeverity.Warning,
		summary: 'Two tabs, versions, languages, products, dropdowns or anchors at one level share a name.',
	},
	'nav-duplicate-page': { severity: DiagnosticSeverity.Warning, summary: 'A page is listed twice in one navigation scope (version, language or product).' },
	'nav-translation-prefix': {
		severity: DiagnosticSeverity.Warning,
		summary: "An entry of a localized navigation without the locale's path prefix: that language's readers get the default language's page.",
	},
	'nav-translation-missing': {
		severity: DiagnosticSeverity.Hint,
		summary: 'Pages of the default language that a language does not have in its navigation (one finding per language, the pages related).',
	},
	'nav-translation-extra': { severity: DiagnosticSeverity.Hint, summary: 'A page of a localized navigation that the default language does not have.' },
	'nav-empty-icon': { severity: DiagnosticSeverity.Warning, summary: '`icon` is present but empty.' },
	'page-not-found': { severity: DiagnosticSeverity.Error, summary: 'A navigation entry names a page with no `.mdx` or `.md` file under the docs root.' },
	'page-leading-slash': { severity: DiagnosticSeverity.Warning, summary: 'Page paths in docs.json are written without a leading slash.' },
	'page-extension': { severity: DiagnosticSeverity.Warning, summary: 'Page paths in docs.json are written without the file extension.' },
	'page-ignored': {
		severity: DiagnosticSeverity.Error,
		summary: "A navigation entry names a page that .mintignore or the platform's default ignores exclude from the site.",
	},
	'redirect-invalid': {
		severity: DiagnosticSeverity.Error,
		summary: "A redirect's source or destination is not a path starting with / (or, for the destination, a URL).",
	},
	'redirect-leading-slash': {
		severity: DiagnosticSeverity.Hint,
		summary: "A redirect source written without its leading slash: the platform's validator accepts it and reads it from the root.",
	},
	'redirect-duplicate-source': { severity: DiagnosticSeverity.Error, summary: 'Two redirects have the same source; only one can apply.' },
	'redirect-destination-missing': {
		severity: DiagnosticSeverity.Error,
		summary: 'A redirect leads to a page that does not exist (directly, or at the end of a chain of redirects).',
	},
	'redirect-self': {
		severity: DiagnosticSeverity.Error,
		summary: "A redirect's destination is its own source (a warning when a page answers there: the platform's check accepts it).",
	},
	'redirect-loop': {
		severity: DiagnosticSeverity.Error,
		summary:
			"Redirects that lead back to where they started and never reach a page (a warning when the loop passes through a page, or for a pattern that matches its own destination: the platform's check accepts those).",
	},
	'redirect-chain': { severity: DiagnosticSeverity.Warning, summary: 'A redirect leads to another redirect before a page: redirect straight to the end.' },
	'redirect-shadows-page': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A redirect source (or pattern) is a page of the site: the redirect wins and the page is never shown.',
	},
	'redirect-pattern': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A pattern redirect whose destination uses a parameter its source does not capture, or matches no page of the site.',
	},
	'page-removed-without-redirect': {
		severity: DiagnosticSeverity.Error,
		summary:
			'A route the site served at the compared git ref (`mintdoc check --since`, `mintdoc.compareWith`) that no page, redirect or pattern serves now: its readers get a 404. Quick fix when git saw the page renamed: the redirect.',
	},
	'redirect-removed': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A redirect source of the site at the compared git ref that was removed, and no page or redirect serves that path now.',
	},
	'openapi-overlay-invalid': {
		severity: DiagnosticSeverity.Error,
		summary:
			'An OpenAPI Overlay the platform cannot read or apply (not an Overlay 1.0/1.1 document, a bad JSONPath, an update that does not fit, a listed file that is missing): the document it applies to is dropped.',
	},
	'mdx-syntax': {
		severity: DiagnosticSeverity.Error,
		summary: 'The page is not valid MDX (as the MDX compiler reports it): an unclosed or mismatched tag, a bad expression, HTML that is not JSX.',
	},
	'page-too-complex': { severity: DiagnosticSeverity.Warning, summary: "A page whose reading crashed or passed the worker's time budget: it is not checked." },
	'page-too-large': { severity: DiagnosticSeverity.Information, summary: 'A page too large for a full MDX parse: only its frontmatter and links are checked.' },
	'frontmatter-too-deep': {
		severity: DiagnosticSeverity.Error,
		summary: 'Frontmatter values nested deeper than any real page (over 200 levels): the frontmatter is not read.',
	},
	'frontmatter-syntax': { severity: DiagnosticSeverity.Error, summary: 'The frontmatter is not valid YAML.' },
	'frontmatter-unterminated': { severity: DiagnosticSeverity.Error, summary: 'The frontmatter block is never closed with ---.' },
	'frontmatter-js': { severity: DiagnosticSeverity.Error, summary: 'JavaScript frontmatter (---js) is not supported and is never executed.' },
	'frontmatter-type': { severity: DiagnosticSeverity.Error, summary: 'A documented frontmatter field has the wrong type (deprecated: "yes").' },
	'frontmatter-unknown-key': { severity: DiagnosticSeverity.Hint, summary: 'A frontmatter key the platform does not document (custom keys are allowed).' },
	'component-unknown': { severity: DiagnosticSeverity.Warning, summary: 'A component that is not built in, not imported and not defined in the page.' },
	'component-missing-prop': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A built-in component without a prop it requires (an Accordion without a title).',
	},
	'component-unknown-prop': {
		severity: DiagnosticSeverity.Warning,
		summary:
			'A prop the documentation of a built-in component does not list (HTML props such as className, style, id, data-* and aria-* excepted): the platform ignores it.',
	},
	'snippet-unknown-prop': {
		severity: DiagnosticSeverity.Hint,
		summary:
			"A prop of a snippet component that the snippet's exported function does not destructure: the platform passes it, the component never reads it (components taking `props` whole or a `...rest` are not judged).",
	},
	'component-duplicate-prop': { severity: DiagnosticSeverity.Warning, summary: 'A prop written twice on one element: only the last one counts.' },
	'component-prop-value': { severity: DiagnosticSeverity.Warning, summary: 'A value outside the documented set of a prop (Badge color="teal").' },
	'accordion-duplicate-title': {
		severity: DiagnosticSeverity.Warning,
		summary: 'Two Accordions of a page with the same title (or id): the platform build warns that deep links may target the wrong one.',
	},
	'tab-empty-title': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A Tab with title="": the platform build warns that it has no accessible name and cannot deep-link.',
	},
	'tab-outside-tabs': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A Tab that is not a direct child of Tabs: the platform build warns that all Tab components must be direct children of Tabs.',
	},
	'step-outside-steps': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A Step that is not a direct child of Steps: the platform build warns that all Step components must be direct children of Steps.',
	},
	'api-example-multiple': {
		severity: DiagnosticSeverity.Warning,
		summary: 'More than one RequestExample or ResponseExample on a page: the platform build warns that only one of each is supported.',
	},
	'variation-unknown': {
		severity: DiagnosticSeverity.Warning,
		summary: '`<Variation is>` names a variation docs.json does not declare in `variations.options`: that content is never shown.',
	},
	'component-prop-type': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A literal of the wrong type: a string where the component takes {number} or true/false (defaultOpen="false" opens it).',
	},
	'icon-unknown': {
		severity: DiagnosticSeverity.Warning,
		summary: 'An icon name the library that `icons.library` selects (Font Awesome by default, Lucide, Tabler) does not have, with the closest one.',
	},
	'a11y-missing-alt': {
		severity: DiagnosticSeverity.Warning,
		summary: 'An image (Markdown, <img>) or <video> without alternative text, as `mint a11y` reports it.',
	},
	'a11y-link-text': { severity: DiagnosticSeverity.Warning, summary: 'An <a> link with no text inside, as `mint a11y` reports it.' },
	'a11y-contrast': {
		severity: DiagnosticSeverity.Warning,
		summary: "A docs.json color whose contrast against the theme's light or dark background fails WCAG AA, as `mint a11y` reports it.",
	},
	'a11y-contrast-aaa': { severity: DiagnosticSeverity.Hint, summary: 'A docs.json color that meets WCAG AA but not AAA (`mint a11y` says WARN).' },
	'link-broken': { severity: DiagnosticSeverity.Error, summary: 'An internal link leads to no page, file, redirect or generated API page of the site.' },
	'link-broken-unchecked': {
		severity: DiagnosticSeverity.Warning,
		summary:
			"A link in an attribute the platform's link check does not read (`<video src>`, `<Button href>`) leads to nothing: the build accepts it, readers get a 404.",
	},
	'link-wrong-extension': {
		severity: DiagnosticSeverity.Warning,
		summary:
			"A link to a file that does not exist while one named alike with another extension does (`logo.gif` beside `logo.png`): the platform's link check accepts it.",
	},
	'link-relative': {
		severity: DiagnosticSeverity.Warning,
		summary:
			"A relative link written without ./ that works from the page's folder, while the platform's link check reads it from the root and calls it broken.",
	},
	'link-redirected': {
		severity: DiagnosticSeverity.Hint,
		summary:
			"An internal link leads to a redirect source: readers take one hop more (a warning when the platform's link check does not follow that redirect and reports the link as broken).",
	},
	'link-external-broken': {
		severity: DiagnosticSeverity.Error,
		summary:
			"An external link that is gone: 404, 410, or a host name that does not resolve (opt in: `--check-external`; a warning where the platform's own external check would not report it).",
	},
	'link-external-unchecked': {
		severity: DiagnosticSeverity.Information,
		summary: 'An external link that could not be checked: no answer in time, a server error, offline, still rate limited.',
	},
	'link-anchor-missing': { severity: DiagnosticSeverity.Warning, summary: "A link's #anchor matches no heading of the target page." },
	'import-not-found': { severity: DiagnosticSeverity.Error, summary: 'An import names a snippet or file that does not exist.' },
	'snippet-default-import': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A default import of a snippet that only exports named values and has no default export: the platform build warns that it will not render.',
	},
	'graphql-schema-invalid': {
		severity: DiagnosticSeverity.Error,
		summary: 'The GraphQL schema a `graphql` value names cannot be loaded, parsed or built: the platform build fails.',
	},
	'graphql-selector-not-found': {
		severity: DiagnosticSeverity.Error,
		summary: 'A QUERY, MUTATION or TYPE entry names a field or type the GraphQL schema in scope does not have: the platform build fails.',
	},
	'openapi-spec-not-found': { severity: DiagnosticSeverity.Error, summary: 'An OpenAPI source names a file that does not exist.' },
	'openapi-version': { severity: DiagnosticSeverity.Error, summary: 'An OpenAPI source is Swagger 2.0; the platform needs OpenAPI 3.0+.' },
	'openapi-method-case': { severity: DiagnosticSeverity.Error, summary: 'An endpoint entry writes the HTTP method in lower case.' },
	'openapi-no-spec': {
		severity: DiagnosticSeverity.Error,
		summary: 'A METHOD /path entry with no OpenAPI document in scope (the platform treats it as a file path).',
	},
	'openapi-ambiguous': { severity: DiagnosticSeverity.Warning, summary: 'Several OpenAPI documents in scope have the operation: name the file.' },
	'openapi-hidden-operation': { severity: DiagnosticSeverity.Warning, summary: 'The entry names an operation marked x-hidden (no page is generated).' },
	'openapi-operation-not-found': { severity: DiagnosticSeverity.Error, summary: 'No operation with this method and path in the OpenAPI document(s) in scope.' },
	'openapi-page-unmatched': {
		severity: DiagnosticSeverity.Warning,
		summary:
			'MDX frontmatter `openapi`/`openapi-schema` names what no OpenAPI document of the repository has: the platform builds the page without its API section.',
	},
	'openapi-documented-twice': {
		severity: DiagnosticSeverity.Warning,
		summary: 'An MDX page documents an endpoint that a navigation entry also generates a page for.',
	},
	'openapi-invalid': {
		severity: DiagnosticSeverity.Error,
		summary: 'The OpenAPI document does not validate (swagger-parser: JSON Schema of its version and the spec rules).',
	},
	'openapi-remote-unavailable': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A hosted OpenAPI document could not be fetched (offline, timeout, HTTP error): its entries are not checked.',
	},
	'openapi-invalid-method': { severity: DiagnosticSeverity.Error, summary: 'An endpoint entry with a word that is not an HTTP method (FETCH /users).' },
	'openapi-too-complex': {
		severity: DiagnosticSeverity.Warning,
		summary: 'The OpenAPI document expands past what can be checked in time (`$ref`s that multiply): it is not validated.',
	},
	'openapi-syntax': { severity: DiagnosticSeverity.Error, summary: 'The OpenAPI document is not valid JSON or YAML.' },
	'openapi-external-ref': { severity: DiagnosticSeverity.Error, summary: 'A $ref to another file or URL (only internal references are supported).' },
	'openapi-webhooks-version': { severity: DiagnosticSeverity.Error, summary: '`webhooks` in a document older than OpenAPI 3.1.' },
	'mintdoc-json-syntax': {
		severity: DiagnosticSeverity.Error,
		summary: 'mintdoc.json is not JSON (comments and trailing commas are allowed): what can be read of it still applies.',
	},
	'mintdoc-json-shape': {
		severity: DiagnosticSeverity.Error,
		summary: 'A value of mintdoc.json has the wrong type (`rules` not an object, `files` not a list of globs): that part is left out.',
	},
	'mintdoc-json-unknown-rule': {
		severity: DiagnosticSeverity.Error,
		summary: 'mintdoc.json names a rule code (or `family-*` prefix) MintDoc does not have, with the code you meant: the entry is left out.',
	},
	'mintdoc-json-severity': {
		severity: DiagnosticSeverity.Error,
		summary: 'A rule setting in mintdoc.json that is not off, hint, info, warn or error: the rule keeps its default.',
	},
	'unused-disable-directive': {
		severity: DiagnosticSeverity.Warning,
		summary: 'A mintdoc-disable comment (or a code it names) that silences no finding: remove it.',
	},
	'mintdoc-json-unknown-key': { severity: DiagnosticSeverity.Warning, summary: 'A key mintdoc.json does not have (a typo?): it is ignored.' },
	'legacy-config': {
		severity: DiagnosticSeverity.Warning,
		summary:
			'A site configured by mint.json alone: the platform reads only docs.json now (its build still upgrades the file on the fly, so it is a warning). Quick fix: the upgrade.',
	},
	'legacy-config-ignored': {
		severity: DiagnosticSeverity.Information,
		summary: 'A mint.json beside a docs.json: the platform ignores it (delete it once the upgrade is reviewed).',
	},
	'llms-txt-truncated': {
		severity: DiagnosticSeverity.Warning,
		summary:
			'The llms.txt the platform would generate passes its 100,000-character cap: descriptions get shortened, then entries dropped (largest groups named). A custom llms.txt at the root lists every page.',
	},
	'llms-txt-custom-stale': {
		severity: DiagnosticSeverity.Warning,
		summary:
			"The site's own llms.txt links a page that does not exist, or leaves out pages of the navigation (the platform serves it instead of the generated one).",
	},
	'llms-txt-custom-invalid': {
		severity: DiagnosticSeverity.Error,
		summary: "The site's own llms.txt (or llms-full.txt) has no H1 site title, which the platform requires of a custom file.",
	},
	'page-description-missing': {
		severity: DiagnosticSeverity.Information,
		summary: 'A page of the navigation without a frontmatter `description`: llms.txt, search engines and link previews get none.',
	},
	'page-description-duplicate': {
		severity: DiagnosticSeverity.Warning,
		summary: 'Two pages of the same language and version share a `description`: agents and search results cannot tell them apart.',
	},
	'page-title-duplicate': {
		severity: DiagnosticSeverity.Information,
		summary: 'Two pages of the same navigation division share a `title`, and neither `sidebarTitle` nor `og:title` tells them apart.',
	},
	'page-description-length': {
		severity: DiagnosticSeverity.Warning,
		defaultOff: true,
		summary: 'A page `description` shorter or longer than the team wants for search snippets. Off by default; options: `["warn", { "min": 50, "max": 160 }]`.',
	},
} as const satisfies Record<string, { severity: DiagnosticSeverity; summary: string; defaultOff?: true }>;

/** Whether a rule reports nothing until mintdoc.json (or `--rule`) turns it on. */
export function isOffByDefault(code: string): boolean {
	return Object.hasOwn(rules, code) && (rules[code as RuleId] as { defaultOff?: true }).defaultOff === true;
}

export type RuleId = keyof typeof rules;
