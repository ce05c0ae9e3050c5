/**
 * What the language server may do in a workspace the user has not trusted (VS Code's Restricted
 * Mode). Reading and checking files never executes them, so that all runs; what the workspace can
 * aim elsewhere does not: hosted OpenAPI documents named by its docs.json are not fetched.
 */

/** `initializationOptions.workspaceTrusted` as the client sends it; absent (the CLI, older clients) means trusted. */
export function isTrustedInit(initializationOptions: unknown): boolean {
	return (initializationOptions as { workspaceTrusted?: unknown } | undefined)?.workspaceTrusted !== false;
}

/** The message a hosted spec's reference gets instead of a fetch in an untrusted workspace. */
export const untrustedFetchMessage = 'not fetched: this workspace is not trusted (Restricted Mode). Trust the workspace to load hosted OpenAPI documents.';

/** Wraps a fetcher so that it refuses, without any network access, while the workspace is untrusted. */
export function guardFetch(fetchText: (url: string) => Promise<string>, trusted: () => boolean): (url: string) => Promise<string> {
	return url => (trusted() ? fetchText(url) : Promise.reject(new Error(untrustedFetchMessage)));
}
