// An in-process harness for profiling the editor's hot paths on a real site without the LSP
// transport: loads the site's model, then times docs.json page-entry renames (made and undone) →
// checkSite, and page-path completion in the middle of docs.json, after the rehearsal of edits the server runs once
// the site is loaded (MINTDOC_REHEARSE=0 skips it). Run with --cpu-prof to see where
// the time goes: with MINTDOC_PROFILE=file.cpuprofile, the edits and completions alone are profiled.
//   node --require tsx/cjs bench/editProfile.ts DIR [edits]
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { writeHeapSnapshot } from 'node:v8';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { URI } from 'vscode-uri';
import { CancellationTokenSource } from 'vscode-languageserver';
import { createLanguageService } from '../server/src/core/languageService';
import { createFsWorkspace } from '../server/src/node/runtime/fsWorkspace';
import { describeRealSite } from './realSite';
import { percentile } from './stats';

async function main(): Promise<void> {
	const dir = path.resolve(process.argv[2]);
	const edits = Number(process.argv[3] ?? 20);
	const site = describeRealSite(dir, 'real');
	const root = URI.file(dir).toString();
	const configUri = `${root}/docs.json`;
	let config = TextDocument.create(configUri, 'json', 1, readFileSync(path.join(dir, 'docs.json'), 'utf8'));
	const workspace = createFsWorkspace(
		() => [root],
		uri => (uri === configUri ? config : undefined),
	);
	const service = createLanguageService({ workspace, changesReported: true });
	const token = new CancellationTokenSource().token;
	let started = performance.now();
	await service.findDocsRoots(token);
	await service.checkSite(root, token);
	console.log(`first checkSite ${(performance.now() - started).toFixed(0)} ms`);
	// As the language server does once the pages are checked (MINTDOC_REHEARSE=0: the cold first edits).
	if (process.env.MINTDOC_REHEARSE !== '0') {
		started = performance.now();
		const built = await service.rehearseConfigEdits(root, token);
		console.log(`rehearsal: ${built} models in ${(performance.now() - started).toFixed(0)} ms`);
	}
	// With --expose-gc: the live heap after load and after the edits (what the edits keep, not what they allocate).
	const live = () => ((globalThis as { gc?: () => void }).gc?.(), (process.memoryUsage().heapUsed / 2 ** 20).toFixed(0));
	const liveAfterLoad = live();
	const middle = Math.floor(site.navPages.length / 2);
	const profile = process.env.MINTDOC_PROFILE;
	const inspector = new Session();
	if (profile) {
		inspector.connect();
		await inspector.post('Profiler.enable');
		await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
		await inspector.post('Profiler.start');
	}
	// MINTDOC_HEAP_PROFILE=file.heapprofile: what the edits allocate (sampled), by function.
	const heapProfile = process.env.MINTDOC_HEAP_PROFILE;
	if (heapProfile) {
		inspector.connect();
		// MINTDOC_HEAP_PROMOTED=1: also what survived a scavenge and died later (what makes scavenges slow).
		const promoted = !!process.env.MINTDOC_HEAP_PROMOTED;
		await inspector.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMajorGC: promoted });
	}
	const samples: number[] = [];
	const cpu: number[] = [];
	for (let i = 0; i < edits; i++) {
		const entry = `"${site.navPages[middle + (i % 20)]}"`;
		for (const [from, to] of [
			[entry, `"${site.navPages[middle + (i % 20)]}-renamed"`],
			[`"${site.navPages[middle + (i % 20)]}-renamed"`, entry],
		]) {
			const text = config.getText();
			const offset = text.indexOf(from);
			config = TextDocument.update(
				config,
				[{ range: { start: config.positionAt(offset), end: config.positionAt(offset + from.length) }, text: to }],
				config.version + 1,
			);
			started = performance.now();
			const cpuStart = process.cpuUsage();
			service.didChangeDocument(configUri);
			const results = await service.checkSite(root, token);
			JSON.stringify(results);
			samples.push(performance.now() - started);
			const used = process.cpuUsage(cpuStart);
			cpu.push((used.user + used.system) / 1000);
		}
	}
	console.log(
		`first edits ${samples
			.slice(0, 6)
			.map(ms => ms.toFixed(0))
			.join(', ')} ms`,
	);
	console.log(`live heap after load ${liveAfterLoad} MB, after the edits ${live()} MB`);
	if (process.env.MINTDOC_HEAP_SNAPSHOT) writeHeapSnapshot(process.env.MINTDOC_HEAP_SNAPSHOT);
	console.log(
		`docs.json edit → checkSite p50 ${percentile(samples, 50).toFixed(0)} / p95 ${percentile(samples, 95).toFixed(0)} ms (cpu p50 ${percentile(cpu, 50).toFixed(0)} ms)`,
	);
	if (heapProfile) writeFileSync(heapProfile, JSON.stringify((await inspector.post('HeapProfiler.stopSampling')).profile));
	const text = config.getText();
	const at = config.positionAt(text.indexOf(`"${site.navPages[middle + 3]}"`) + 4);
	const completion: number[] = [];
	for (let i = 0; i < 30; i++) {
		started = performance.now();
		await service.doComplete(config, at, token);
		completion.push(performance.now() - started);
	}
	if (profile) writeFileSync(profile, JSON.stringify((await inspector.post('Profiler.stop')).profile));
	console.log(`page completion p50 ${percentile(completion, 50).toFixed(0)} / p95 ${percentile(completion, 95).toFixed(0)} ms`);
}

void main().then(
	() => process.exit(0),
	e => {
		console.error(e);
		process.exit(1);
	},
);
