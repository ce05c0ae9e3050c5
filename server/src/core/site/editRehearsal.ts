import { throwIfCancelled, type CancellationToken } from '../cancellation';
import type { LoadedConfigFile } from '../docsConfig/compose';
import { releaseComparedTexts } from '../docsConfig/incrementalJson';
import { parseJsonConfig } from '../docsConfig/parseJson';
import { TextSnapshot } from '../docsConfig/textSnapshot';
import { basenameUri } from '../uris';
import type { NavigationRuleCache } from './navigationChecks';
import { buildSiteModel, type FileExists, type SiteModel, type SpecLoader } from './siteModel';

/**
 * A `docs.json` at least this long (characters) is rehearsed. Below it the first edits cost little
 * (ClickHouse's 194 KB: the first edit ~40 ms); crewAI's 2.4 MB made the first six 100–200 ms each.
 */
export const rehearsalMinChars = 256 * 1024;

/**
 * Edits rehearsed, each built then undone: a character typed at the end of a page entry, and a new
 * entry typed before one (an item added to an array), at four places spread over the navigation.
 * Eight builds: fewer left the first real edits at 50–100 ms on crewAI (four: 100–145 ms, then ~60).
 */
const rehearsedEdits = 4;

export interface RehearsalInputs {
	/** The site's current model: the rehearsal starts from its composition, as the next real edit will. */
	readonly model: SiteModel;
	readonly configUri: string;
	/** The navigation rules' kept results of the site (the real edits' cache: see rehearseConfigEdits). */
	readonly rules: NavigationRuleCache;
	readonly loadSpec: SpecLoader;
	readonly fileExists: FileExists;
	/** Other configuration files, as real builds read them (a lone docs.json reads none). */
	readonly loadConfigFile: (uri: string) => Promise<LoadedConfigFile | undefined>;
}

/**
 * Rehearses typing in a large `docs.json` once its site is loaded and the server is otherwise idle:
 * builds site models from copies of the text with one page entry in the middle renamed and restored,
 * and throws them away. Nothing is published and the site's model is not replaced.
 *
 * Why: on crewAI the first six edits after the load took 100–200 ms each against ~30 ms later. The
 * edit path (composition from the last composition, the rules reused per subtree, the suggestion
 * index of the page set, the translation facts per language) is code the load never ran and data it
 * never built; V8 compiles and optimizes that code on first use, and drops optimized code whose
 * assumptions the first edits break. A user's first keystrokes paid for that; the rehearsal pays it
 * while nobody waits.
 *
 * Safe to cancel at any point (the next keystroke does): the builds share the site's rule cache,
 * whose entries are keyed by content and whose counts are replaced whole by each build, exactly as
 * when a real build is cancelled by the next keystroke. Returns the number of models built: 0 when
 * the site needs none (a small or composed configuration, no page entry).
 */
export async function rehearseConfigEdits(inputs: RehearsalInputs, token: CancellationToken): Promise<number> {
	const { model, configUri, rules } = inputs;
	const document = model.config.files.get(configUri);
	const entries = model.navigation?.pages ?? [];
	// Only a lone docs.json is composed from the last composition: others have no such path to warm.
	if (!document || model.config.files.size !== 1 || document.getText().length < rehearsalMinChars || entries.length === 0) return 0;
	const text = document.getText();
	// Where each edit goes and what it types (the texts are made one at a time: each is 2.4 MB on crewAI).
	const edits: { at: number; typed: string }[] = [];
	for (let i = 0; i < rehearsedEdits; i++) {
		const entry = entries[Math.floor(((2 * i + 1) * entries.length) / (2 * rehearsedEdits))].node;
		// Before the closing quote: a page path that does not exist. Before the entry: a new one beside it.
		edits.push(i % 2 === 0 ? { at: entry.offset + entry.length - 1, typed: '-' } : { at: entry.offset, typed: `${JSON.stringify(`${entry.value}-new`)}, ` });
	}
	let previous = model.config;
	let snapshot = document instanceof TextSnapshot ? document : undefined;
	let built = 0;
	// Each edit, then the text as it is: the last build leaves every cache as for the real text.
	for (const edit of edits.flatMap(edit => [edit, undefined])) {
		const edited = edit ? `${text.slice(0, edit.at)}${edit.typed}${text.slice(edit.at)}` : text;
		throwIfCancelled(token);
		const current: TextSnapshot = new TextSnapshot(configUri, document.languageId, document.version, edited, snapshot);
		snapshot = current;
		const load = async (uri: string): Promise<LoadedConfigFile | undefined> =>
			uri === configUri
				? {
						document: current,
						// Read only when the composition cannot start from the last one (then as a real build parses it).
						get parsed() {
							return parseJsonConfig(current, basenameUri(configUri), true);
						},
					}
				: inputs.loadConfigFile(uri);
		const rehearsed = await buildSiteModel(model.rootUri, configUri, load, model.pages, token, inputs.loadSpec, undefined, inputs.fileExists, rules, previous);
		previous = rehearsed.config;
		built++;
		// Between builds: a request or keystroke that arrived meanwhile runs first (and cancels the rest).
		await new Promise(resolve => setTimeout(resolve, 0));
	}
	// The rehearsed texts are nobody's: the memo of the last comparison would keep one alive until the next check.
	releaseComparedTexts();
	return built;
}
