/**
 * The global `Buffer` for the browser bundle: @apidevtools/json-schema-ref-parser asks
 * `Buffer.isBuffer` of what it dereferences (a bundler for the browser is expected to supply one),
 * and in the worker nothing is a Buffer: documents arrive as text and are parsed to plain objects.
 * scripts/build.mjs injects it into dist/browserServer.js only. Without it every OpenAPI document
 * failed validation with "Buffer is not defined".
 */
export const Buffer = {
	isBuffer: (value: unknown): boolean => {
		void value;
		return false;
	},
	/** Bytes as a Uint8Array (only reached for binary files, which the worker never resolves). */
	from: (data: ArrayLike<number> | ArrayBufferLike): Uint8Array => new Uint8Array(data as ArrayLike<number>),
	alloc: (size: number): Uint8Array => new Uint8Array(size),
};
