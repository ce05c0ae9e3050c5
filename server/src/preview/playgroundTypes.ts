/**
 * The API playground's request and response, as the preview page's script hands them to its host
 * (the extension host in VS Code, the `mintdoc preview` server in a browser), which sends the
 * request: the page never talks to the network itself.
 */

export interface PlaygroundRequest {
	readonly method: string;
	/** Absolute http(s) URL: a server of the spec plus the path with parameters filled in. */
	readonly url: string;
	readonly headers: readonly (readonly [string, string])[];
	readonly body?: string;
}

export interface PlaygroundResponse {
	readonly status: number;
	readonly statusText: string;
	readonly headers: readonly (readonly [string, string])[];
	/** The body as text, cut at a size limit (then `truncated`). */
	readonly body: string;
	readonly truncated?: boolean;
	readonly timeMs: number;
	/** Set when no response arrived (network error, timeout, refused by the host). */
	readonly error?: string;
}
