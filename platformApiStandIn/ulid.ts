/**
 * ULIDs (https://github.com/ulid/spec): 48 bits of milliseconds and 80 random bits in Crockford
 * base32, 26 characters. The platform's assistant conversation and thread ids are ULIDs and its
 * conversation cursor is one; ids of the same millisecond order by their random part.
 */
const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ulidPattern = /^[0-7][0-9A-HJKMNP-TV-Z]{25}$/;

/** A ULID for `time` whose random part comes from `random` (0 ≤ value < 1; a seeded one for fixed data). */
export function ulid(time: number, random: () => number): string {
	let t = Math.max(0, Math.floor(time));
	let head = '';
	for (let i = 0; i < 10; i++) {
		head = alphabet[t % 32] + head;
		t = Math.floor(t / 32);
	}
	let tail = '';
	for (let i = 0; i < 16; i++) tail += alphabet[Math.floor(random() * 32) % 32];
	return head + tail;
}

/** The millisecond time a ULID carries (NaN when it is not one). */
export function ulidTime(id: string): number {
	if (!ulidPattern.test(id)) return NaN;
	let t = 0;
	for (const ch of id.slice(0, 10)) t = t * 32 + alphabet.indexOf(ch);
	return t;
}
