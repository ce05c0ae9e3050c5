import type { SiteModel } from './siteModel';
import type { ChangeTracker } from './changeTracker';

/** What a finished run of the rules that judge every page together read: the configuration's texts, the options, and when. */
interface Judged {
	/** The epoch read before the run began. */
	readonly at: number;
	/** Each configuration file of the model it judged (docs.json, its `$ref` targets), by text. */
	readonly configTexts: ReadonlyMap<string, string>;
	/** The rules' options as JSON (the team's band, the site URL). */
	readonly options: string;
}

/**
 * When the rules that judge every page of a site together (titles, descriptions, llms.txt) need not
 * run again: nothing but the site's configuration was reported changed since their last finished run,
 * and the configuration's texts and the rules' options are those it judged. Their findings are then
 * those already held. After `docs.json` edits undone (an entry typed into and cleared, the usual way
 * of trying a path) the editor judged crewAI's 24,803 pages again, ~1 s of the main thread in blocks
 * of 80–150 ms, in the very second a completion asked after a pause lands. Hosts that report no
 * changes (the CLI) always run them.
 */
export class JudgedSites {
	readonly #last = new Map<string, Judged>();

	constructor(
		private readonly tracker: ChangeTracker,
		private readonly changesReported: boolean,
	) {}

	/** Whether the last finished run of `root` judged this model, under these options, with no other file changed since. */
	unchanged(root: string, site: SiteModel, options: object): boolean {
		const last = this.#last.get(root);
		if (!this.changesReported || !last) return false;
		if (this.tracker.otherFileChangedAt > last.at || !this.tracker.unchangedSince(last.at, [])) return false;
		if (last.options !== JSON.stringify(options) || last.configTexts.size !== site.config.files.size) return false;
		for (const [uri, document] of site.config.files) if (last.configTexts.get(uri) !== document.getText()) return false;
		return true;
	}

	/** A run of `root` that read the state of epoch `at` (the tracker's, taken before it began) finished (not cancelled) on this model and options. */
	noteJudged(root: string, at: number, site: SiteModel, options: object): void {
		if (!this.changesReported) return;
		const configTexts = new Map<string, string>();
		for (const [uri, document] of site.config.files) configTexts.set(uri, document.getText());
		this.#last.set(root, { at, configTexts, options: JSON.stringify(options) });
	}
}
