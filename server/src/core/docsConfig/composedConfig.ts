import type { Node } from 'jsonc-parser';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ConfigNode } from './configTree';
import type { ParsedJson } from './parseJson';

/** A loaded configuration file: its text and its (cached) parse. */
export interface LoadedConfigFile {
	readonly document: TextDocument;
	readonly parsed: ParsedJson;
}

/** Reads and parses one configuration file; undefined when it does not exist. */
export type ConfigFileLoader = (uri: string) => Promise<LoadedConfigFile | undefined>;

/** A `$ref` as written: where its value string is, and the file it names (when the path is usable). */
export interface ConfigRef {
	readonly uri: string;
	readonly range: Range;
	readonly target: string | undefined;
}

export interface ComposedConfig {
	/** The docs root folder. */
	readonly rootUri: string;
	/** `docs.json` of the root. */
	readonly configUri: string;
	/** The composed value; undefined when docs.json itself cannot be parsed. */
	readonly root: ConfigNode | undefined;
	/** Every configuration file that took part (docs.json and the files it references), by URI. */
	readonly files: ReadonlyMap<string, TextDocument>;
	/**
	 * The syntax tree of each of those files, for their texts in `files` (features reuse it instead of
	 * scanning the text again); none for a lone docs.json, whose composed tree mirrors its text.
	 */
	readonly trees: ReadonlyMap<string, Node>;
	/** Every `$ref` in those files. */
	readonly refs: readonly ConfigRef[];
	/** Problems of the files themselves (syntax) and of their references, by file. */
	readonly diagnostics: ReadonlyMap<string, Diagnostic[]>;
}
