import type { Connection, DidOpenTextDocumentParams, InitializeParams, WorkspaceFoldersChangeEvent } from 'vscode-languageserver';
import { URI } from 'vscode-uri';

/**
 * One spelling of each URI inside the server, the client's own spelling on the wire.
 *
 * Clients spell the same file in several ways: Node's pathToFileURL, like other encoders that keep
 * RFC 3986's sub-delimiters (those of editors other than VS Code among them), leaves `+`, `@`, `:`
 * after a drive letter as they are; vscode-uri writes `%2B`, `%40`, `c%3A`. The core compares URIs as strings and builds its own with vscode-uri, so
 * a folder spelled `file:///tmp/a+b` made every file under it a stranger (every docs.json entry
 * "No page"). Every URI coming in is made canonical (`URI.parse(x).toString()`, what VS Code sends);
 * every URI going out is given back in the spelling the client used for that document, or, for a
 * file it never named, under the spelling it used for the folder holding it (editors match
 * diagnostics and edits by exact string).
 */
export class UriSpellings {
	/** Canonical → the client's spelling, for documents it opened (when that differs from what the folders give). */
	readonly #documents = new Map<string, string>();
	/** Canonical → the client's spelling, for workspace folders it spelled otherwise. */
	readonly #folders = new Map<string, string>();
	/** Scheme prefixes (`file:`) of the URIs above: a string starting with none of them is never translated. */
	#schemes: string[] = [];
	/** Canonical forms already computed (each keystroke sends its document's URI again); bounded. */
	readonly #canonical = new Map<string, string>();

	/** The canonical spelling of a URI; anything that is not one (no scheme, a Windows path, unparsable) as it is. */
	canonical(uri: string): string {
		let known = this.#canonical.get(uri);
		if (known === undefined) {
			known = canonicalUri(uri);
			if (this.#canonical.size >= 4096) this.#canonical.clear();
			this.#canonical.set(uri, known);
		}
		return known;
	}

	/** A workspace folder as the client spelled it: files below it go out in its spelling. */
	rememberFolder(spelled: string): void {
		const canonical = this.canonical(spelled);
		if (canonical === spelled) this.#folders.delete(canonical);
		else this.#folders.set(canonical, spelled);
		this.#noteSchemes();
	}

	/** A document as the client spelled it when opening it: its findings and edits go out in that spelling. */
	rememberDocument(spelled: string): void {
		const canonical = this.canonical(spelled);
		this.#documents.delete(canonical);
		if (this.toClient(canonical) !== spelled) this.#documents.set(canonical, spelled);
		this.#noteSchemes();
	}

	/** A canonical URI in the client's spelling (a fragment or query kept as it is). */
	toClient(uri: string): string {
		if (!this.#hasKnownScheme(uri)) return uri;
		const query = uri.indexOf('?');
		const fragment = uri.indexOf('#');
		const cut = query < 0 ? fragment : fragment < 0 ? query : Math.min(query, fragment);
		const base = cut < 0 ? uri : uri.slice(0, cut);
		const document = this.#documents.get(base);
		if (document !== undefined) return document + uri.slice(base.length);
		let best: [string, string] | undefined;
		for (const entry of this.#folders) {
			const [folder] = entry;
			const below = base.startsWith(folder) && (base.length === folder.length || folder.endsWith('/') || base[folder.length] === '/');
			if (below && (!best || folder.length > best[0].length)) best = entry;
		}
		return best ? best[1] + uri.slice(best[0].length) : uri;
	}

	/** Params from the client with every URI (a `uri` or `…Uri` property) canonical; untouched parts are shared, not copied. */
	incoming<T>(value: T): T {
		return walk(value, (key, text) => (key !== undefined && isUriKey(key) ? this.canonical(text) : text), false) as T;
	}

	/** A message for the client with every URI it spelled otherwise (values and property names) in its spelling. */
	outgoing<T>(value: T): T {
		if (!this.#schemes.length) return value;
		return walk(value, (key, text) => (key !== undefined && contentKeys.has(key) ? text : this.toClient(text)), true) as T;
	}

	#hasKnownScheme(text: string): boolean {
		for (const scheme of this.#schemes) if (text.startsWith(scheme)) return true;
		return false;
	}

	#noteSchemes(): void {
		const schemes = new Set<string>();
		for (const uri of [...this.#documents.keys(), ...this.#folders.keys()]) schemes.add(uri.slice(0, uri.indexOf(':') + 1));
		this.#schemes = [...schemes];
	}
}

/** `URI.parse(uri).toString()`, with `file://localhost/` read as `file:///`; anything unparsable as it is. */
export function canonicalUri(uri: string): string {
	// Two letters at least: `c:\docs` is a Windows path, not a URI of scheme `c`.
	if (!/^[A-Za-z][A-Za-z0-9+.-]+:/.test(uri)) return uri;
	try {
		const parsed = URI.parse(uri);
		return (parsed.scheme === 'file' && parsed.authority.toLowerCase() === 'localhost' ? parsed.with({ authority: '' }) : parsed).toString();
	} catch {
		return uri;
	}
}

/** Properties holding a URI in LSP and MintDoc messages: `uri`, `rootUri`, `targetUri`, `oldUri`, `fileUri`… */
function isUriKey(key: string): boolean {
	return key === 'uri' || key.endsWith('Uri');
}

/** Properties holding a document's text (an edit's, a file's): content, never a URI to translate. */
const contentKeys = new Set(['text', 'newText']);

/**
 * `value` with each string `map` changes replaced (and, with `keys`, each property name), copying
 * only the plain objects and arrays on the way to a change. Class instances (a cancellation token,
 * an error) are left alone.
 */
function walk(value: unknown, map: (key: string | undefined, text: string) => string, keys: boolean, key?: string): unknown {
	if (typeof value === 'string') return map(key, value);
	if (Array.isArray(value)) {
		let copy: unknown[] | undefined;
		for (let i = 0; i < value.length; i++) {
			const item: unknown = value[i];
			const mapped = walk(item, map, keys, key);
			if (mapped !== item) (copy ??= value.slice())[i] = mapped;
		}
		return copy ?? value;
	}
	if (!isPlainObject(value)) return value;
	// Nothing allocated until something changes: most of what is walked (findings, completion items) stays as it is.
	let copy: Record<string, unknown> | undefined;
	let renames: Map<string, string> | undefined;
	for (const name of Object.keys(value)) {
		const item = value[name];
		const mapped = typeof item === 'string' || typeof item === 'object' ? walk(item, map, keys, name) : item;
		if (mapped !== item) (copy ??= { ...value })[name] = mapped;
		// A property named by a URI: a WorkspaceEdit's `changes`.
		const newName = keys ? map(undefined, name) : name;
		if (newName !== name) (renames ??= new Map()).set(name, newName);
	}
	if (!renames) return copy ?? value;
	const source = copy ?? value;
	const renamed: Record<string, unknown> = {};
	for (const name of Object.keys(source)) renamed[renames.get(name) ?? name] = source[name];
	return renamed;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	if (typeof value !== 'object' || value === null) return false;
	const prototype: unknown = Object.getPrototypeOf(value);
	return prototype === Object.prototype || prototype === null;
}

type Handler = (this: unknown, ...args: unknown[]) => unknown;

/**
 * `connection` as the server sees it: each handler gets its params with canonical URIs, and what it
 * answers, like every notification and request the server sends, goes out in the client's spellings.
 * Handlers are wrapped where they are registered (`on…` members of the connection and of its
 * `workspace`, `window`, `client`, `languages`, `notebooks` parts), so a feature added later is
 * covered without knowing of this.
 */
export function speakClientSpellings(connection: Connection, spellings: UriSpellings = new UriSpellings()): Connection {
	const facades = new WeakMap<object, object>();
	const facade = <T extends object>(target: T): T => {
		let known = facades.get(target) as T | undefined;
		if (known) return known;
		known = new Proxy(target, {
			get(object, key) {
				const value: unknown = Reflect.get(object, key, object);
				if (typeof key !== 'string') return value;
				if (facetNames.has(key) && typeof value === 'object' && value !== null) return facade(value);
				if (typeof value !== 'function') return value;
				const method = value as (...args: unknown[]) => unknown;
				if (key === 'on' || /^on[A-Z]/.test(key)) {
					return (...args: unknown[]) => {
						// onRequest(handler) and onNotification(handler) take every method: (method, params, …).
						const all = (key === 'onRequest' || key === 'onNotification') && args.length === 1 && typeof args[0] === 'function';
						return method.apply(
							object,
							args.map(arg => (typeof arg === 'function' ? (all ? heardAll(arg as Handler) : heard(key, arg as Handler)) : arg)),
						);
					};
				}
				if (/^send[A-Z]/.test(key) || key === 'applyEdit' || key === 'showDocument')
					return (...args: unknown[]) =>
						answered(
							method.apply(
								object,
								args.map(arg => spellings.outgoing(arg)),
							),
							value => spellings.incoming(value),
						);
				return method.bind(object);
			},
		});
		facades.set(target, known);
		return known;
	};
	const heard = (registration: string, handler: Handler): Handler =>
		function (this: unknown, params: unknown, ...rest: unknown[]) {
			remembering[registration]?.(params, spellings);
			return answered(handler.call(this, spellings.incoming(params), ...rest), value => spellings.outgoing(value));
		};
	const heardAll = (handler: Handler): Handler =>
		function (this: unknown, method: unknown, params: unknown, ...rest: unknown[]) {
			return answered(handler.call(this, method, spellings.incoming(params), ...rest), value => spellings.outgoing(value));
		};
	return facade(connection);
}

/** Parts of a connection whose members register handlers or send messages. */
const facetNames = new Set(['workspace', 'window', 'client', 'languages', 'notebooks']);

/** What a registration's params tell of the client's spellings, read before they are made canonical. */
const remembering: Readonly<Record<string, (params: unknown, spellings: UriSpellings) => void>> = {
	onInitialize(params, spellings) {
		const { workspaceFolders, rootUri } = params as InitializeParams;
		if (workspaceFolders) for (const folder of workspaceFolders) spellings.rememberFolder(folder.uri);
		else if (rootUri) spellings.rememberFolder(rootUri);
	},
	onDidChangeWorkspaceFolders(event, spellings) {
		for (const folder of (event as WorkspaceFoldersChangeEvent).added) spellings.rememberFolder(folder.uri);
	},
	onDidOpenTextDocument(params, spellings) {
		spellings.rememberDocument((params as DidOpenTextDocumentParams).textDocument.uri);
	},
};

/** `result` mapped, or the promise of it. */
function answered(result: unknown, map: (value: unknown) => unknown): unknown {
	if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') return (result as PromiseLike<unknown>).then(map);
	return map(result);
}
