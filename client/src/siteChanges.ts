import * as vscode from 'vscode';
import { SiteChangedNotification } from '../../server/src/protocol';
import type { Ctx } from './ctx';

/**
 * One listener of the server's `mintdoc/siteChanged` (a site was checked again after a change),
 * shared by every view that needs it: a JSON-RPC connection keeps one handler per notification, so
 * a second `onNotification` would silently replace the first.
 */
const emitters = new WeakMap<Ctx, vscode.EventEmitter<string>>();

/** Calls `listener` with the root of each site the server checked again, on this and every later client. */
export function onSiteChanged(ctx: Ctx, listener: (rootUri: string) => void): vscode.Disposable {
	let emitter = emitters.get(ctx);
	if (!emitter) {
		const created = new vscode.EventEmitter<string>();
		emitters.set(ctx, created);
		ctx.pushCleanup(created);
		ctx.onClientReady(client => client.onNotification(SiteChangedNotification.type, ({ rootUri }) => created.fire(rootUri)));
		emitter = created;
	}
	return emitter.event(listener);
}
