// `npm run fuzz -- --runs N [--seed S] [--path P] [--only name]`: runs test/fuzz/cli.ts under tsx (the
// properties are TypeScript shared with test/unit/fuzz.test.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const child = spawn(process.execPath, ['--require', 'tsx/cjs', 'test/fuzz/cli.ts', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
