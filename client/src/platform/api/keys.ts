// Shapes of the platform's keys, checked loosely: a key that looks wrong gets a warning, never a
// refusal (the platform is the judge). Pure, so the input box and the tests share it.

/** Admin API keys start with this prefix (dashboard, API keys page). */
export const adminKeyPrefix = 'mint_';
/** Public assistant keys start with this prefix. */
export const assistantKeyPrefix = 'mint_dsc_';

/** A warning for a pasted admin key, or undefined when it looks right. Never echoes the key. */
export function adminKeyWarning(key: string): string | undefined {
	const value = key.trim();
	if (!value) return undefined;
	if (/\s/.test(value)) return 'The key contains spaces; check that only the key was copied.';
	if (value.startsWith(assistantKeyPrefix))
		return `This looks like an assistant key (${assistantKeyPrefix}…); feedback and update status need an admin key (${adminKeyPrefix}…). You can still save it.`;
	if (!value.startsWith(adminKeyPrefix)) return `Admin API keys start with '${adminKeyPrefix}'; this one does not. You can still save it.`;
	if (value.length < adminKeyPrefix.length + 8) return 'This key looks too short. You can still save it.';
	return undefined;
}

/** A warning for a pasted assistant key, or undefined when it looks right. */
export function assistantKeyWarning(key: string): string | undefined {
	const value = key.trim();
	if (!value) return undefined;
	if (/\s/.test(value)) return 'The key contains spaces; check that only the key was copied.';
	if (!value.startsWith(assistantKeyPrefix)) return `Assistant keys start with '${assistantKeyPrefix}'; this one does not. You can still save it.`;
	return undefined;
}
