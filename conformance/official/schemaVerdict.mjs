// Reads docs.json configurations (one JSON document per line) on stdin and prints, per line, the
// verdict of the platform's own validator (`validateDocsConfig` of @mintlify/validation):
// { "valid": boolean, "paths": ["navigation.tabs.0", ...] }. Copied beside the installed packages
// by conformance/officialInstall.ts; used by the schema differential test of the harness.
import { createInterface } from 'node:readline';

const { validateDocsConfig } = await import('@mintlify/validation');
const out = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
	if (!line.trim()) continue;
	let verdict;
	try {
		const result = validateDocsConfig(JSON.parse(line));
		verdict = result.success ? { valid: true, paths: [] } : { valid: false, paths: result.error.issues.map(i => i.path.join('.')) };
	} catch (e) {
		verdict = { valid: false, paths: [], crashed: String(e?.message ?? e).slice(0, 200) };
	}
	out.push(JSON.stringify(verdict));
}
await new Promise(resolve => process.stdout.write(out.join('\n') + '\n', resolve));
