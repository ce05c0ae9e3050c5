/**
 * Whether a URI lies inside a docs root by its text alone: the check the browser entry makes before
 * opening a file the preview's webview names (vscode.dev has no real paths to compare: workspace.fs
 * resolves no symbolic links, and the language server in the worker follows none). The desktop entry
 * compares real paths instead (pathGuards.isReallyInside). No `vscode` here: vscode.Uri fits the shape.
 */

/** The parts of a URI compared (vscode.Uri has them, its `path` percent-decoded). */
export interface UriParts {
	readonly scheme: string;
	readonly authority: string;
	readonly path: string;
}

/**
 * True when `target` is below one of `roots` (not a root itself): same scheme and authority, and its
 * path, once `.` and `..` segments are resolved, starts with the root's folder. `..` above the top is
 * refused rather than clamped, so `/site/../../etc` never passes as `/etc`.
 */
export function isLexicallyInside(roots: readonly UriParts[], target: UriParts): boolean {
	const segments = normalizedSegments(target.path);
	if (!segments) return false;
	return roots.some(root => {
		const base = normalizedSegments(root.path);
		return (
			base !== undefined &&
			root.scheme.toLowerCase() === target.scheme.toLowerCase() &&
			root.authority.toLowerCase() === target.authority.toLowerCase() &&
			segments.length > base.length &&
			base.every((segment, i) => segments[i] === segment)
		);
	});
}

/** The path's segments with `.`, `..` and empty ones resolved; undefined when `..` climbs above the top. */
function normalizedSegments(path: string): string[] | undefined {
	const out: string[] = [];
	for (const segment of path.split(/[/\\]/)) {
		if (segment === '' || segment === '.') continue;
		if (segment === '..') {
			if (out.length === 0) return undefined;
			out.pop();
		} else out.push(segment);
	}
	return out;
}
