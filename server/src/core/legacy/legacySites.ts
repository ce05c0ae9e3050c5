import { findNodeAtLocation, findNodeAtOffset, getNodePath, getNodeValue, type Node } from 'jsonc-parser';
import type { Diagnostic } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createDiagnostic } from '../diagnostic';
import type { LoadedConfigFile } from '../docsConfig/compose';
import { parseJsonConfig, type ParsedJson } from '../docsConfig/parseJson';
import type { SiteTree, SiteTreeNode } from '../features/siteTree';
import type { FileDiagnostics } from '../languageServiceTypes';
import { basenameUri, dirnameUri, docsConfigFileName, joinUri } from '../uris';
import type { DocsWorkspace } from '../workspace';
import { isObject, legacyConfigFileName, type JsonPath } from './mintConfig';
import { upgradeMintConfig } from './upgradeConfig';
import { formatDocsJson } from './prepareUpgrade';
import { appendAll } from '../arrays';

/*
 * A folder with mint.json and no docs.json is a site too: the platform's tooling still upgrades
 * it on the fly, and its writers need the same checks. MintDoc checks it through the converted
 * configuration: the site model is built from the docs.json the upgrade would write (a document
 * that exists only here, at the place docs.json would have), and every finding on it is moved to
 * the mint.json entry it came from.
 */

/** One legacy site's mint.json and the docs.json made from it. */
interface LegacySource {
	readonly mint: TextDocument;
	readonly mintParse: ParsedJson;
	readonly converted: TextDocument;
	/** docs.json path (JSON.stringify of its segments) → mint.json path. */
	readonly origins: Map<string, JsonPath>;
}

const emptyRange = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

export class LegacySites {
	/** By the converted docs.json's URI (the docs.json the site does not have). */
	readonly #sources = new Map<string, LegacySource>();

	constructor(private readonly workspace: DocsWorkspace) {}

	/** The mint.json beside where `docsJsonUri` would be. */
	static mintUriOf(docsJsonUri: string): string {
		return joinUri(dirnameUri(docsJsonUri), legacyConfigFileName);
	}

	/** Whether the site at `root` is configured by mint.json alone. */
	async isLegacyRoot(root: string): Promise<boolean> {
		const [docs, mint] = await Promise.all([this.workspace.stat(joinUri(root, docsConfigFileName)), this.workspace.stat(joinUri(root, legacyConfigFileName))]);
		return !docs && mint?.kind === 'file';
	}

	/**
	 * The converted docs.json of a legacy site, as a configuration file the site model can read,
	 * or undefined when `uri` is not the docs.json of a folder holding mint.json alone.
	 */
	async load(uri: string, parse: (document: TextDocument) => ParsedJson): Promise<LoadedConfigFile | undefined> {
		if (basenameUri(uri) !== docsConfigFileName) return undefined;
		const mint = await this.workspace.readDocument(LegacySites.mintUriOf(uri));
		if (!mint) return undefined;
		const known = this.#sources.get(uri);
		if (known && known.mint.getText() === mint.getText()) return { document: known.converted, parsed: parse(known.converted) };
		const mintParse = parseJsonConfig(mint, legacyConfigFileName);
		const value: unknown = mintParse.root && !mintParse.diagnostics.length ? getNodeValue(mintParse.root) : {};
		const upgrade = upgradeMintConfig(isObject(value) ? value : {});
		const converted = TextDocument.create(uri, 'json', mint.version, formatDocsJson(upgrade.docs));
		const source = { mint: TextDocument.create(mint.uri, 'json', mint.version, mint.getText()), mintParse, converted, origins: upgrade.origins };
		this.#sources.set(uri, source);
		return { document: converted, parsed: parse(converted) };
	}

	/** The file a converted docs.json stands for (mint.json), to watch for changes. */
	sourceOf(uri: string): string | undefined {
		return this.#sources.has(uri) ? LegacySites.mintUriOf(uri) : undefined;
	}

	/**
	 * The findings of a legacy site: the upgrade finding, mint.json's own syntax and schema
	 * findings, and each finding of the converted configuration at the mint.json entry behind it.
	 */
	async check(root: string, results: readonly FileDiagnostics[], schema?: (document: TextDocument) => Promise<Diagnostic[]>): Promise<FileDiagnostics[]> {
		const docsUri = joinUri(root, docsConfigFileName);
		const source = this.#sources.get(docsUri);
		const mint = source?.mint ?? (await this.workspace.readDocument(LegacySites.mintUriOf(docsUri)));
		if (!mint) return results.filter(r => r.uri !== docsUri);
		const mintParse = source?.mintParse ?? parseJsonConfig(mint, legacyConfigFileName);
		const own: Diagnostic[] = [legacyFinding(mint, mintParse.root), ...mintParse.diagnostics];
		if (!mintParse.diagnostics.length) {
			if (schema) appendAll(own, await schema(mint));
			const converted = results.find(r => r.uri === docsUri);
			if (source && converted)
				appendAll(
					own,
					converted.diagnostics.map(d => moveToMint(d, source)),
				);
		}
		return [{ uri: mint.uri, diagnostics: own }, ...results.filter(r => r.uri !== docsUri && r.uri !== mint.uri)];
	}

	/** The Site view's tree of a legacy site, its locations moved from the converted docs.json to mint.json. */
	mapTree(tree: SiteTree): SiteTree {
		const source = this.#sources.get(joinUri(tree.rootUri, docsConfigFileName));
		if (!source) return tree;
		const move = (node: SiteTreeNode): SiteTreeNode => {
			const location = node.location?.uri === source.converted.uri ? node.location : undefined;
			const range = location && (mintRangeOf(location.range.start, source) ?? emptyRange);
			return { ...node, ...(range ? { location: { uri: source.mint.uri, range } } : {}), ...(node.children ? { children: node.children.map(move) } : {}) };
		};
		return { ...tree, nodes: tree.nodes.map(move) };
	}

	/** The finding on a mint.json that has a docs.json beside it (the platform reads docs.json only). */
	async ignoredFinding(root: string): Promise<FileDiagnostics | undefined> {
		const mint = await this.workspace.readDocument(joinUri(root, legacyConfigFileName));
		if (!mint) return undefined;
		const parsed = parseJsonConfig(mint, legacyConfigFileName);
		const message = `docs.json is beside this file: the platform reads docs.json and ignores ${legacyConfigFileName}. Delete it once the upgrade is reviewed.`;
		return { uri: mint.uri, diagnostics: [createDiagnostic(headRange(mint, parsed.root), message, 'legacy-config-ignored')] };
	}
}

/** Where the upgrade finding goes: the first key of mint.json (a whole-file squiggle helps nobody). */
function headRange(mint: TextDocument, root: Node | undefined): Diagnostic['range'] {
	const first = root?.type === 'object' ? root.children?.[0]?.children?.[0] : undefined;
	return first ? { start: mint.positionAt(first.offset), end: mint.positionAt(first.offset + first.length) } : emptyRange;
}

function legacyFinding(mint: TextDocument, root: Node | undefined): Diagnostic {
	return createDiagnostic(
		headRange(mint, root),
		`The platform reads only docs.json now: a site with only ${legacyConfigFileName} stops being served, and its upgrade was removed from the platform's CLI. Upgrade it (MintDoc: Upgrade mint.json to docs.json, or \`mintdoc upgrade\`).`,
		'legacy-config',
	);
}

/**
 * A finding on the converted docs.json, moved to mint.json: to the same key below the entry the
 * value came from when mint.json has it (a redirect's `destination`), else to that entry itself
 * (a tab made from a v1 tab), else to the start of the file.
 */
function moveToMint(d: Diagnostic, source: LegacySource): Diagnostic {
	const range = mintRangeOf(d.range.start, source);
	const note = range ? '' : ' (in the docs.json the upgrade writes)';
	return { ...d, range: range ?? emptyRange, message: d.message + note, relatedInformation: undefined };
}

/** The mint.json range behind a position in the converted docs.json (see moveToMint), if any. */
function mintRangeOf(position: Diagnostic['range']['start'], source: LegacySource): Diagnostic['range'] | undefined {
	const convertedRoot = parseJsonConfig(source.converted, docsConfigFileName).root;
	const node = convertedRoot && findNodeAtOffset(convertedRoot, source.converted.offsetAt(position), true);
	let path: JsonPath = node ? getNodePath(node) : [];
	let target: Node | undefined;
	for (; ; path = path.slice(0, -1)) {
		const origin = source.origins.get(JSON.stringify(path));
		if (origin || !path.length) {
			target = origin && source.mintParse.root ? findNodeAtLocation(source.mintParse.root, [...origin]) : undefined;
			break;
		}
	}
	if (target && node) {
		// The key below the entry, when mint.json spells it the same way.
		const below = getNodePath(node).slice(path.length);
		const deeper = below.length && source.mintParse.root ? findNodeAtLocation(target, below) : undefined;
		if (deeper) target = deeper;
	}
	return target && { start: source.mint.positionAt(target.offset), end: source.mint.positionAt(target.offset + target.length) };
}
