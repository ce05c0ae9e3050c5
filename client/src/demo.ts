import * as vscode from 'vscode';
import type { Ctx } from './ctx';

/**
 * `npm run demo` sets MINTDOC_DEMO=1 so a newcomer lands on MintDoc's main job rather than an
 * empty editor: once the site is checked, open its docs.json and show the Site view. Once only.
 */
export function startDemoTour(ctx: Ctx): void {
	if (process.env.MINTDOC_DEMO !== '1') return;
	const listener = ctx.status.onDidChange(async status => {
		if (status.state !== 'ready' || status.roots.length === 0) return;
		listener.dispose();
		const docsJson = vscode.Uri.joinPath(vscode.Uri.parse(status.roots[0]), 'docs.json');
		await vscode.window.showTextDocument(docsJson, { preview: false });
		await vscode.commands.executeCommand('workbench.view.extension.mintdoc');
	});
	ctx.pushCleanup(listener);
}
