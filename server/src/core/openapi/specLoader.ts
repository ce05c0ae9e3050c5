import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ChangeTracker } from '../site/changeTracker';
import type { SpecLoader } from '../site/siteModel';
import { oversizedSize, refusedReason, tooLargeMessage } from '../textGuards';
import type { DocsWorkspace } from '../workspace';
import { readOpenApiSpec, type OpenApiSpec } from './openApiSpec';
import { RecentTexts } from './recentTexts';

/**
 * Reads one OpenAPI document's text into what MintDoc extracts from it (inline, or in a worker
 * thread). `background`: the caller does not wait for the result (a reader with a worker should
 * read there, whatever the size).
 */
export type SpecReader = (uri: string, text: string, options?: { readonly background?: boolean }) => OpenApiSpec | Promise<OpenApiSpec>;

/** The language service options that govern spec loading (see LanguageServiceOptions). */
export interface SpecLoadingOptions {
	readonly specReader?: SpecReader;
	readonly awaitSpecReads?: boolean;
	readonly fetchText?: (url: string) => Promise<string>;
	readonly specValidator?: (uri: string, text: string, spec: OpenApiSpec) => Promise<OpenApiSpec>;
	readonly overlaidValidator?: (uri: string, text: string) => Promise<OpenApiSpec['problems']>;
	readonly changesReported?: boolean;
}

/** What loading OpenAPI documents needs from the language service. */
export interface SpecLoaderHost {
	readonly workspace: DocsWorkspace;
	readonly tracker: ChangeTracker;
	readonly options: SpecLoadingOptions;
	/** A document changed or arrived (a background parse, a validation, a fetch): sites using it must be rebuilt. */
	invalidate(uri: string): void;
}

/**
 * Reads the OpenAPI documents sites name or the repository holds: local files (parsed once per
 * text, large ones in the background), hosted ones (fetched once), and files a discovery read
 * found not to be OpenAPI (not read again while unchanged).
 */
export function createSpecLoader(host: SpecLoaderHost): SpecLoader {
	// One read per spec text: a 10 MB spec is parsed once, not on every keystroke in docs.json. While a
	// new text is parsed (in the background), the last version answers, marked loading.
	const reader: SpecReader = host.options.specReader ?? ((uri, text) => readOpenApiSpec(uri, text));
	// A versioned site repeats its OpenAPI files in every version (crewAI: 140 files, 6 texts): each text is
	// read, and validated, once. What is read depends on the text and on nothing of the path but a .json ending.
	const reads = new SharedByText<OpenApiSpec | Promise<OpenApiSpec>>();
	const validations = new SharedByText<Promise<OpenApiSpec>>();
	// And each text is held once, not once per file (crewAI: 140 copies of 6 texts, 4.7 MB).
	const texts = new TextInterner();
	const readSpec = (uri: string, text: string, background: boolean) =>
		rebind(
			reads.get(uri, text, () => reader(uri, text, { background })),
			uri,
		);
	const validateSpec = (uri: string, text: string, spec: OpenApiSpec) =>
		host.options.specValidator &&
		rebind(
			validations.get(uri, text, () => host.options.specValidator!(uri, text, spec)),
			uri,
		);
	const specs = new Map<string, { text: string; spec: OpenApiSpec | undefined; loading: boolean; document?: TextDocument; readAt?: number }>();
	// Hosted specs: fetched once in the background (or awaited by the CLI); a failure is remembered as a message.
	const remote = new Map<string, { text?: string; error?: string; pending?: Promise<void> }>();
	const readRemote = async (url: string): Promise<TextDocument | { error: string } | undefined> => {
		if (!host.options.fetchText) return { error: 'hosted specs are not fetched here' };
		let state = remote.get(url);
		if (!state) {
			state = {};
			remote.set(url, state);
			const entry = state;
			entry.pending = host.options
				.fetchText(url)
				.then(
					text => void (entry.text = text),
					e => void (entry.error = e instanceof Error ? e.message : String(e)),
				)
				.then(() => {
					entry.pending = undefined;
					host.invalidate(url);
				});
		}
		if (state.pending && host.options.awaitSpecReads) await state.pending;
		if (state.text !== undefined) return TextDocument.create(url, 'yaml', 0, state.text);
		return state.error !== undefined ? { error: state.error } : undefined;
	};
	/** Files a discovery read found not to be OpenAPI documents, and when. */
	const notSpecs = new Map<string, number>();
	// Overlaid documents validated, by their text: the same overlays give the same text on every rebuild.
	const validated = new Map<string, { text: string; problems: OpenApiSpec['problems'] }>();
	const validateText = async (uri: string, text: string): Promise<OpenApiSpec['problems']> => {
		const known = validated.get(uri);
		if (known?.text === text) return known.problems;
		const { overlaidValidator, specValidator } = host.options;
		const problems = overlaidValidator
			? await overlaidValidator(uri, text).catch(() => undefined)
			: (await specValidator!(uri, text, readOpenApiSpec(uri, text)).catch(() => undefined))?.problems;
		validated.set(uri, { text, problems });
		return problems;
	};
	const load: SpecLoader = async (uri, accept) => {
		if (/^https?:/i.test(uri)) {
			const fetched = await readRemote(uri);
			if (!fetched) return { remote: 'loading' };
			if ('error' in fetched) return { remote: fetched.error };
			return { document: fetched, spec: readOpenApiSpec(uri, fetched.getText()) };
		}
		// A large spec is read (and compared) once, not on every docs.json keystroke, while no change to it is reported.
		const cached = specs.get(uri);
		if (
			host.options.changesReported &&
			cached?.document &&
			cached.spec &&
			!cached.loading &&
			cached.readAt !== undefined &&
			host.tracker.unchangedSince(cached.readAt, [uri])
		)
			return { document: cached.document, spec: cached.spec };
		// A JSON or YAML file found not to be OpenAPI is not read again on every rebuild while it is unchanged.
		const rejectedAt = notSpecs.get(uri);
		if (accept && host.options.changesReported && rejectedAt !== undefined && host.tracker.unchangedSince(rejectedAt, [uri])) return undefined;
		const readAt = host.tracker.epoch;
		const current = await host.workspace.readDocument(uri);
		if (!current) return undefined;
		// A document too large to check was not read whole: one finding, never a parse of its first bytes.
		const size = oversizedSize(current);
		if (size !== undefined)
			return accept
				? undefined
				: {
						document: current,
						spec: { ...readOpenApiSpec(uri, ''), parseErrors: [{ message: tooLargeMessage('This OpenAPI document', size), offset: 0, length: 0 }] },
					};
		// A file the workspace refused to read (a device, a link leading outside) is its one finding (see checkSpecFile).
		if (refusedReason(current)) return accept ? undefined : { document: current, spec: readOpenApiSpec(uri, '') };
		const text = texts.intern(current.getText());
		if (accept && !accept(text)) {
			notSpecs.set(uri, readAt);
			return undefined;
		}
		notSpecs.delete(uri);
		const known = specs.get(uri);
		// The same text read again: one copy is kept (a 15 MB document was held twice).
		const document = TextDocument.create(current.uri, current.languageId, current.version, known?.text === text ? known.text : text);
		if (known?.text === text && known.spec && !known.loading) {
			specs.set(uri, { ...known, document, readAt });
			return { document, spec: known.spec };
		}
		if (known?.text !== text) {
			// A document found in the repository (not named by docs.json) is read in the background where
			// reads are not awaited (the editor): the first diagnostics of a versioned site (crewAI: 140
			// such files, 6 texts, ~0.3 s of a cold YAML parser) do not wait for it.
			const result = readSpec(uri, text, accept !== undefined && !host.options.awaitSpecReads);
			const arrive = (spec: OpenApiSpec) => {
				if (specs.get(uri)?.text !== text) return; // a newer text is being read: this result is stale
				specs.set(uri, { text, spec, loading: false });
				host.invalidate(uri);
			};
			// Entries are judged as soon as the document is read; the full validation's findings follow with a re-check.
			const validate = (spec: OpenApiSpec) => void validateSpec(uri, text, spec)?.then(arrive, () => undefined);
			if (!(result instanceof Promise) || host.options.awaitSpecReads) {
				const spec = await result;
				specs.set(uri, { text, spec, loading: false });
				validate(spec);
				return { document, spec };
			}
			specs.set(uri, { text, spec: known?.spec, loading: true });
			void result.then(spec => {
				arrive(spec);
				validate(spec);
			});
		}
		const stale = specs.get(uri)!.spec;
		return { document, spec: { ...(stale ?? readOpenApiSpec(uri, '')), uri, loading: true } };
	};
	return host.options.specValidator || host.options.overlaidValidator ? Object.assign(load, { validateText }) : load;
}

/** Results computed once per text (and kind: JSON or YAML by the file's ending), for the last few texts read. */
class SharedByText<T> {
	readonly #entries = new RecentTexts<T>();

	get(uri: string, text: string, compute: () => T): T {
		const key = `${/\.json$/i.test(uri) ? 'json' : 'yaml'}\u0000${text}`;
		let value = this.#entries.get(key);
		if (value === undefined) {
			value = compute();
			this.#entries.set(key, value);
		}
		return value;
	}
}

/** The texts read lately, each held once: a file whose text equals one of them gets that string. */
class TextInterner {
	readonly #texts = new RecentTexts<string>();

	intern(text: string): string {
		const known = this.#texts.get(text);
		if (known !== undefined) return known;
		this.#texts.set(text, text);
		return text;
	}
}

/** A document read for another file of the same text, as read for `uri`: its operations its own (features key by operation). */
function rebind<T extends OpenApiSpec | Promise<OpenApiSpec>>(result: T, uri: string): T {
	const as = (spec: OpenApiSpec): OpenApiSpec => (spec.uri === uri ? spec : { ...spec, uri, operations: spec.operations.map(op => ({ ...op })) });
	return (result instanceof Promise ? result.then(as) : as(result as OpenApiSpec)) as T;
}
