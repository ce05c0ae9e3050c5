import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';

const fixtures = path.resolve(__dirname, '../fixtures/sites');

/** A throw-away copy of fixture sites (tests may edit files); `dispose()` removes it. */
export function copyFixtures(...names: string[]) {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-test-'));
	return copyInto(dir, dir, names);
}

/**
 * Like copyFixtures, in a folder named `folderName` (inside a fresh temporary folder): a path with
 * characters URIs are spelled in several ways (`+`, a space, `%`, `#`).
 */
export function copyFixturesNamed(folderName: string, ...names: string[]) {
	const parent = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-test-'));
	const dir = path.join(parent, folderName);
	mkdirSync(dir);
	return copyInto(dir, parent, names);
}

function copyInto(dir: string, removed: string, names: readonly string[]) {
	for (const name of names) cpSync(path.join(fixtures, name), path.join(dir, name), { recursive: true });
	return {
		dir,
		uri: URI.file(dir).toString(),
		/** URI of a path inside the copy. */
		fileUri: (relative: string) => URI.file(path.join(dir, relative)).toString(),
		path: (relative: string) => path.join(dir, relative),
		dispose: () => rmSync(removed, { recursive: true, force: true }),
	};
}
