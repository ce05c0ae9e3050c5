import type { DocsWorkspace, FileKind } from '../workspace';

/** One folder's entries, as {@link DocsWorkspace.readDirectory} gives them. */
export type FolderListing = ReadonlyArray<readonly [string, FileKind, string?]>;

/**
 * The workspace, remembering every folder listing read through it. The search for docs roots lists
 * every folder of a site; the site's page index then lists them all again: on a 25,000-page site
 * the second walk was a third of the time to the first diagnostics.
 */
export function recordListings(workspace: DocsWorkspace): { readonly workspace: DocsWorkspace; readonly listings: Map<string, FolderListing> } {
	const listings = new Map<string, FolderListing>();
	const recording = listingFrom(workspace, async uri => {
		const listing = await workspace.readDirectory(uri);
		listings.set(uri, listing);
		return listing;
	});
	return { workspace: recording, listings };
}

/**
 * The workspace, answering folder listings from `listings` where it has them (each once: a later
 * walk reads the folder again) and reading the others. Whoever holds `listings` must stop handing
 * them out once a file event arrives (see SiteState).
 */
export function withListings(workspace: DocsWorkspace, listings: Map<string, FolderListing>): DocsWorkspace {
	return listingFrom(workspace, uri => {
		const listing = listings.get(uri);
		if (!listing) return workspace.readDirectory(uri);
		listings.delete(uri);
		return Promise.resolve(listing);
	});
}

/** The workspace with another way to list folders (delegating, as workspaces keep private state). */
function listingFrom(workspace: DocsWorkspace, readDirectory: DocsWorkspace['readDirectory']): DocsWorkspace {
	return {
		get folders() {
			return workspace.folders;
		},
		readDocument: uri => workspace.readDocument(uri),
		stat: uri => workspace.stat(uri),
		readDirectory,
		...(workspace.realUri && { realUri: (uri: string) => workspace.realUri!(uri) }),
		...(workspace.readsAtOnce !== undefined && { readsAtOnce: workspace.readsAtOnce }),
	};
}
