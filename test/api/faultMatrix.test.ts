import * as assert from 'node:assert/strict';
import { startApiServer, type ApiServerProcess } from '../helpers/apiServerProcess';
import { familyLabels, matrixRows } from './faultMatrix';
import { checkOutcome, matrixKeys, outcomeMessage, runRow } from './faultMatrixRunner';
import { startRawFaultServer, type RawFaultServer } from './rawFaultServer';

/**
 * The HTTP fault matrix (test/api/faultMatrix.ts), every row through the real client against the
 * built stand-in (a child process) or the raw socket server: the error kind or assistant event,
 * the words of the message, bounded attempts, a time bound, no key in any message, and no
 * unhandled rejection anywhere in the process while it runs.
 */
describe('HTTP fault matrix (built stand-in + raw socket server, real client)', function () {
	// Past the patient client limits (faultMatrix.ts) and the wait for the stand-in's request log,
	// so a row that goes wrong fails with its own report rather than mocha's timeout.
	this.timeout(120_000);
	let server: ApiServerProcess;
	let raw: RawFaultServer;
	const rejections: unknown[] = [];
	const onRejection = (reason: unknown) => rejections.push(reason);

	before(async () => {
		process.on('unhandledRejection', onRejection);
		[server, raw] = await Promise.all([
			startApiServer(['--port', '0', '--docs', 'examples/acme', '--assistant-delay-ms', '0', '--quiet']),
			startRawFaultServer(),
		]);
	});
	after(async () => {
		await raw?.close();
		assert.equal(await server?.stop(), 0);
		process.off('unhandledRejection', onRejection);
	});
	afterEach(async () => {
		// A rejection may surface a tick after the call returned.
		await new Promise(resolve => setImmediate(resolve));
		assert.deepEqual(rejections.map(String), [], 'no unhandled rejection');
	});

	for (const row of matrixRows) {
		it(`${row.fault.symptom} → ${familyLabels[row.family]} (${row.id})`, async () => {
			const outcome = await runRow(row, { standIn: server.url, raw });
			assert.deepEqual(checkOutcome(row, outcome), [], `${row.id}: ${outcomeMessage(outcome)}`);
		});
	}
});
