import type { Position, Range } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';

/**
 * A page read whole, decoded from UTF-8 only when its text is asked for (then as
 * `TextDocument.create(uri, languageId, 0, bytes.toString('utf8'))`, and the bytes let go). A check
 * keys pages by a hash of their bytes, and of a page whose text another page already has it only
 * takes the head that page shared (SiteChecks.summarizeAll): crewAI's 24,803 pages are 1,723 texts,
 * and decoding all 215 MB was ~1 s of the thread that feeds the page workers.
 */
export class BytesDocument implements TextDocument {
	#bytes: Buffer | undefined;
	#decoded: TextDocument | undefined;

	constructor(
		readonly uri: string,
		readonly languageId: string,
		bytes: Buffer,
	) {
		this.#bytes = bytes;
	}

	get version(): number {
		return 0;
	}

	get lineCount(): number {
		return this.#document().lineCount;
	}

	getText(range?: Range): string {
		return this.#document().getText(range);
	}

	positionAt(offset: number): Position {
		return this.#document().positionAt(offset);
	}

	offsetAt(position: Position): number {
		return this.#document().offsetAt(position);
	}

	#document(): TextDocument {
		if (!this.#decoded) {
			this.#decoded = TextDocument.create(this.uri, this.languageId, 0, this.#bytes!.toString('utf8'));
			this.#bytes = undefined;
		}
		return this.#decoded;
	}
}
