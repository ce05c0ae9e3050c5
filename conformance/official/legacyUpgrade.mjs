// Runs inside the installed official packages (see officialInstall.ts): the platform's own mint.json
// upgrade, as its CLI ran it inside `mint dev` / `mint broken-links` (validate mint.json with the v1
// schema, convert with the theme upgrade on), then its docs.json validator on the result.
//   node legacyUpgrade.mjs <folder with mint.json>         → {"valid", "issues", "docs", "verdict"}
//   node legacyUpgrade.mjs --validate <docs.json>           → {"success", "issues"} (after $ref resolution)
// Written for MintDoc's conformance harness; it only calls the packages' exported functions.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

process.env.DO_NOT_TRACK = '1';
process.env.MINTLIFY_TELEMETRY_DISABLED = '1';
const { validateMintConfig, upgradeToDocsConfig, validateDocsConfig } = await import('@mintlify/validation');
const { resolveFileRefs } = await import('@mintlify/prebuild');

const where = segments =>
	segments
		.map(s => (typeof s === 'number' ? `[${s}]` : `.${s}`))
		.join('')
		.replace(/^\./, '');
const issues = error => (error?.issues ?? []).map(i => ({ path: where(i.path ?? []), message: i.message }));

async function verdict(config, root) {
	let resolved = config;
	try {
		resolved = (await resolveFileRefs(config, root)).resolved;
	} catch (e) {
		return { success: false, issues: [{ path: '', message: `$ref: ${e.message}` }] };
	}
	const result = validateDocsConfig(resolved);
	return { success: result.success, issues: result.success ? [] : issues(result.error) };
}

const [first, second] = process.argv.slice(2);
if (first === '--validate') {
	const file = path.resolve(second);
	process.stdout.write(JSON.stringify(await verdict(JSON.parse(readFileSync(file, 'utf8')), path.dirname(file))) + '\n');
} else {
	const root = path.resolve(first);
	const mint = JSON.parse(readFileSync(path.join(root, 'mint.json'), 'utf8'));
	const checked = validateMintConfig(mint);
	if (!checked.success) process.stdout.write(JSON.stringify({ valid: false, issues: issues(checked.error) }) + '\n');
	else {
		const docs = upgradeToDocsConfig(checked.data, { shouldUpgradeTheme: true });
		process.stdout.write(JSON.stringify({ valid: true, issues: [], docs, verdict: await verdict(docs, root) }) + '\n');
	}
}
