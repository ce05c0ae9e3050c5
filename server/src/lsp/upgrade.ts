import { DiagnosticSeverity, type Connection } from 'vscode-languageserver';
import { MintSchemaValidator } from '../core/legacy/mintSchema';
import { prepareUpgrade } from '../core/legacy/prepareUpgrade';
import { formatUpgradeReport } from '../core/legacy/upgradeReport';
import type { Logger } from '../core/logger';
import type { DocsWorkspace } from '../core/workspace';
import { UpgradePlanRequest, type UpgradePlan } from '../protocol';
import { describeError } from './runner';

/** Answers the client's upgrade request from the open buffer (or the file) of a mint.json. */
export function registerUpgrade(connection: Connection, workspace: DocsWorkspace, logger: Logger): void {
	const schema = new MintSchemaValidator();
	connection.onRequest(UpgradePlanRequest.type, async ({ uri }): Promise<UpgradePlan> => {
		try {
			const document = await workspace.readDocument(uri);
			if (!document) return { text: null, report: '', errors: [`${uri} cannot be read.`] };
			const prepared = await prepareUpgrade(document, schema);
			const errors = prepared.findings
				.filter(d => d.severity === DiagnosticSeverity.Error)
				.map(d => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.message}`);
			return { text: prepared.text ?? null, report: prepared.upgrade ? formatUpgradeReport(prepared.upgrade.report) : '', errors };
		} catch (e) {
			// Never a failed request: the client shows the reason.
			logger.error(`upgrade plan failed: ${describeError(e)}`);
			return { text: null, report: '', errors: [`The upgrade failed: ${describeError(e)}`] };
		}
	});
}
