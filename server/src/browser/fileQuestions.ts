import type { FileQuestion } from '../protocol';

/** Questions sent in one request at most: a turn of a 25,000-page site's check asks for more. */
const maxQuestionsPerRequest = 512;

/** Asks the client a list of questions in one request; resolves with its answers in order (anything, to be checked). */
export type SendQuestions = (questions: readonly FileQuestion[]) => Promise<unknown>;

/**
 * The browser server's file questions, gathered per turn: every question asked before the next
 * turn (`schedule`) goes to the client in one request. The core asks one file at a time (a walk
 * lists 24 folders at once, a check reads its pages in slices); across a worker boundary and a
 * virtual file system each request costs a round trip, so they travel together. An answer that
 * did not come (the request failed, the client answered less) is undefined: the caller treats it
 * as a file that cannot be read, as before.
 */
export class FileQuestions {
	#waiting: { readonly question: FileQuestion; readonly answer: (value: unknown) => void }[] = [];

	constructor(
		private readonly send: SendQuestions,
		private readonly schedule: (callback: () => void) => void,
	) {}

	/** The client's answer, unchecked (see FileAnswers for what it should be), or undefined when none came. */
	ask(question: FileQuestion): Promise<unknown> {
		return new Promise(answer => {
			this.#waiting.push({ question, answer });
			if (this.#waiting.length === 1) this.schedule(() => this.#flush());
		});
	}

	#flush(): void {
		const waiting = this.#waiting;
		this.#waiting = [];
		for (let start = 0; start < waiting.length; start += maxQuestionsPerRequest) {
			const part = waiting.slice(start, start + maxQuestionsPerRequest);
			this.send(part.map(w => w.question)).then(
				answers => part.forEach((w, i) => w.answer(Array.isArray(answers) ? answers[i] : undefined)),
				() => part.forEach(w => w.answer(undefined)),
			);
		}
	}
}
