import * as vscode from 'vscode';
import type { Ctx } from './ctx';

/**
 * `npm run demo` sets MINTDOC_DEMO=1 so a newcomer lands on MintDoc's main job rather than an
 * empty editor: once the site is checked, open its docs.json and show the Site view, then the
 * quickstart page with the site preview beside it. Once only.
 */
export function startDemoTour(ctx: Ctx): void {
	if (process.env.MINTDOC_DEMO !== '1') return;
	const listener = ctx.status.onDidChange(async status => {
		if (status.state !== 'ready' || status.roots.length === 0) return;
		listener.dispose();
		const docsJson = vscode.Uri.joinPath(vscode.Uri.parse(status.roots[0]), 'docs.json');
		await vscode.window.showTextDocument(docsJson, { preview: false });
		await vscode.commands.executeCommand('workbench.view.extension.mintdoc');
		// Then a page with its live preview beside it (the site as it will render, following the editor).
		const quickstart = vscode.Uri.joinPath(vscode.Uri.parse(status.roots[0]), 'quickstart.mdx');
		const page = await vscode.workspace.fs.stat(quickstart).then(
			() => quickstart,
			() => undefined,
		);
		if (page) await vscode.window.showTextDocument(page, { preview: false });
		await vscode.commands.executeCommand('mintdoc.preview.openToSide');
		// With the local API stand-in (its assistant key and domain come from the demo's environment),
		// the assistant answers from this site: a question waits in its input box. The view stays
		// collapsed (expanding it is one click) so the preview stays the tour's last step.
		if (process.env.MINTDOC_API_URL)
			await vscode.commands.executeCommand('mintdoc.assistant.open', { draft: 'How do I authenticate API requests?', show: false });
	});
	ctx.pushCleanup(listener);
}
