import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { mintdoc } from '../helpers/cli';

/**
 * The bundled example is what a new user formats first: it must already be in the form, so that
 * `mintdoc format --check` (the CI step docs/ci.md suggests) is green on it.
 */
describe('the bundled example site is in the platform form', function () {
	this.timeout(120_000);
	it('mintdoc format --check examples/acme: no page would change, exit 0', () => {
		const run = mintdoc(['format', '--check', '--no-cache', 'examples/acme'], path.resolve(__dirname, '../..'));
		assert.equal(run.stdout, '');
		assert.equal(run.stderr, 'would change 0 of 26 pages\n');
		assert.equal(run.status, 0);
	});
});
