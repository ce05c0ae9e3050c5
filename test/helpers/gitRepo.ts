import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * A git repository in a temporary folder for tests of `--since` and `mintdoc.compareWith`. Git
 * never reads the user's configuration (no system file, HOME and XDG_CONFIG_HOME in the folder)
 * and commits with a fixed author, so the tests behave the same on every machine.
 */
export class GitRepo {
	readonly dir: string;
	readonly home: string;

	constructor(prefix = 'mintdoc-git-') {
		const base = mkdtempSync(path.join(os.tmpdir(), prefix));
		this.home = path.join(base, 'home');
		this.dir = path.join(base, 'repo');
		mkdirSync(this.home);
		mkdirSync(this.dir);
		this.git('init', '-q', '-b', 'main');
	}

	/** What git (and the processes under test) get in their environment. */
	get env(): Record<string, string> {
		return gitEnv(this.home);
	}

	git(...args: string[]): string {
		return execFileSync('git', args, { cwd: this.dir, encoding: 'utf8', env: { ...process.env, ...this.env } });
	}

	write(files: Record<string, string>): void {
		for (const [relative, text] of Object.entries(files)) {
			const file = path.join(this.dir, relative);
			mkdirSync(path.dirname(file), { recursive: true });
			writeFileSync(file, text);
		}
	}

	commit(message: string): void {
		this.git('add', '-A');
		this.git('commit', '-q', '-m', message);
	}

	dispose(): void {
		rmSync(path.dirname(this.dir), { recursive: true, force: true });
	}
}

/** Git's environment for tests: no system or user configuration, a fixed author and committer. */
export function gitEnv(home: string): Record<string, string> {
	return {
		GIT_CONFIG_NOSYSTEM: '1',
		GIT_CONFIG_GLOBAL: path.join(home, '.gitconfig'),
		HOME: home,
		XDG_CONFIG_HOME: path.join(home, '.config'),
		XDG_CACHE_HOME: path.join(home, '.cache'),
		GIT_AUTHOR_NAME: 'Test',
		GIT_AUTHOR_EMAIL: 'test@example.com',
		GIT_COMMITTER_NAME: 'Test',
		GIT_COMMITTER_EMAIL: 'test@example.com',
		GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
		GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
	};
}

/** A page long enough for git's rename detection to pair it with its moved copy. */
export function pageText(title: string): string {
	return `---\ntitle: "${title}"\ndescription: "The ${title} page."\n---\n\n${title}: a page with enough lines that git pairs it with its moved copy.\n\nSecond paragraph.\n\nThird paragraph.\n`;
}
