import { isIP } from 'node:net';

/**
 * Which IP addresses MintDoc may connect to for what a repository names (hosted OpenAPI documents,
 * the external link check): public ones only. A `docs.json` from an untrusted pull request must not
 * make a CI runner or an editor request its cloud's metadata service (169.254.169.254), a service on
 * 127.0.0.1 or the office network, which the platform's own build, running in its cloud, could not
 * reach either. Pure functions on address strings: unit-tested without connecting anywhere.
 */

/** IPv4 ranges that are not the public internet (RFC 6890 and friends), as [first octets, prefix length]. */
const privateV4: readonly (readonly [string, number])[] = [
	['0.0.0.0', 8], // "this network"
	['10.0.0.0', 8], // private
	['100.64.0.0', 10], // carrier-grade NAT
	['127.0.0.0', 8], // loopback
	['169.254.0.0', 16], // link-local (cloud metadata services)
	['172.16.0.0', 12], // private
	['192.0.0.0', 24], // protocol assignments
	['192.0.2.0', 24], // documentation
	['192.88.99.0', 24], // 6to4 relay
	['192.168.0.0', 16], // private
	['198.18.0.0', 15], // benchmarking
	['198.51.100.0', 24], // documentation
	['203.0.113.0', 24], // documentation
	['224.0.0.0', 4], // multicast
	['240.0.0.0', 4], // reserved, broadcast
];

function v4Number(address: string): number {
	return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function inV4Range(address: string, [base, bits]: readonly [string, number]): boolean {
	const size = 2 ** (32 - bits);
	return Math.floor(v4Number(address) / size) === Math.floor(v4Number(base) / size);
}

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included). */
function v6Groups(address: string): number[] | undefined {
	let text = address.toLowerCase().replace(/%.*$/, '');
	const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
	if (v4Tail) {
		const n = v4Number(v4Tail[1]);
		text = text.slice(0, -v4Tail[1].length) + `${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
	}
	const [head, tail] = text.split('::');
	const parse = (part: string | undefined) => (part ? part.split(':').map(g => parseInt(g, 16)) : []);
	const front = parse(head);
	const back = parse(tail);
	const groups = text.includes('::') ? [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back] : front;
	return groups.length === 8 && groups.every(g => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : undefined;
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedV4(groups: readonly number[]): string | undefined {
	const v4 = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
	if (groups.slice(0, 5).every(g => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6], groups[7]);
	if (groups[0] === 0x64 && groups[1] === 0xff9b) return v4(groups[6], groups[7]);
	if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
	return undefined;
}

/** Whether `address` (an IP address as text) is on the public internet. Anything unreadable is not. */
export function isPublicAddress(address: string): boolean {
	const family = isIP(address.replace(/%.*$/, ''));
	if (family === 4) return !privateV4.some(range => inV4Range(address, range));
	if (family !== 6) return false;
	const groups = v6Groups(address);
	if (!groups) return false;
	const inner = embeddedV4(groups);
	if (inner !== undefined) return groups.every(g => g === 0) || (groups.slice(0, 7).every(g => g === 0) && groups[7] === 1) ? false : isPublicAddress(inner);
	const first = groups[0];
	if ((first & 0xfe00) === 0xfc00) return false; // unique local fc00::/7
	if ((first & 0xffc0) === 0xfe80) return false; // link-local fe80::/10
	if ((first & 0xffc0) === 0xfec0) return false; // site-local (deprecated)
	if ((first & 0xff00) === 0xff00) return false; // multicast
	if (first === 0x2001 && groups[1] === 0x0db8) return false; // documentation
	if (first === 0x0100 && groups.slice(1, 4).every(g => g === 0)) return false; // discard
	return true;
}

/** Whether `address` is a loopback address (127.0.0.0/8, ::1, ::ffff:127.x): the one exception tests may allow. */
export function isLoopbackAddress(address: string): boolean {
	if (isIP(address) === 4) return inV4Range(address, ['127.0.0.0', 8]);
	const groups = isIP(address) === 6 ? v6Groups(address) : undefined;
	if (!groups) return false;
	if (groups.slice(0, 7).every(g => g === 0) && groups[7] === 1) return true;
	const inner = embeddedV4(groups);
	return inner !== undefined && groups[5] === 0xffff && inV4Range(inner, ['127.0.0.0', 8]);
}
