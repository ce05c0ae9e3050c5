// What may reach the UI or a log (the output channel, error text, a webview) is stripped of secrets
// here, for the whole client: the platform's keys, bearer tokens and credentials in playground traffic.

/**
 * Removes secrets from text that may reach the UI or a log: the given keys, anything shaped like
 * a platform key (`mint_…`), and bearer tokens. Servers sometimes echo what they were sent.
 */
export function redact(text: string, secrets: readonly (string | undefined)[] = []): string {
	let result = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4) result = result.split(secret).join('***');
	}
	return result.replace(/\bBearer\s+[^\s"',;]+/gi, 'Bearer ***').replace(/\bmint_[A-Za-z0-9_\-.]{3,}/g, 'mint_***');
}

/** Header names (and JSON keys) whose values are credentials: the API playground sends them to the user's API. */
const credentialNames = String.raw`(?:proxy-)?authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey|x-auth-token|x-access-token|access[-_]?token|[\w-]*secret|password|x-thread-key`;

/**
 * Credentials anywhere in a log line: header pairs as the playground sends them (`["Authorization", "…"]`,
 * one per line in a verbose LSP trace), JSON properties (`"api_key": "…"`), query parameters
 * (`?api_key=…`), and what {@link redact} removes. Values become `***`.
 */
export function redactCredentials(text: string, secrets: readonly (string | undefined)[] = []): string {
	return redact(text, secrets)
		.replace(new RegExp(String.raw`("(?:${credentialNames})"\s*[:,]\s*)"(?:[^"\\]|\\.)*"`, 'gi'), '$1"***"')
		.replace(new RegExp(String.raw`([?&](?:${credentialNames}|key|token)=)[^&\s"']+`, 'gi'), '$1***')
		.replace(/(Basic|Digest)\s+[A-Za-z0-9+/=._~-]{4,}/g, '$1 ***');
}
