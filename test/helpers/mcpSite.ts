import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** A throw-away copy of the example site (examples/acme) for tests that edit it. */
export function copyExample() {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'mintdoc-mcp-'));
	cpSync(path.resolve(__dirname, '../../examples/acme'), dir, { recursive: true });
	return {
		dir,
		path: (relative: string) => path.join(dir, relative),
		dispose: () => rmSync(dir, { recursive: true, force: true }),
	};
}
