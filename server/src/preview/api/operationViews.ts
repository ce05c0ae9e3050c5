/** The parts of an API operation as the reference pages show them (OpenAPI 3 and Swagger 2 both read into these). */

export type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface ParameterView {
	readonly name: string;
	readonly in: ParameterLocation;
	readonly required: boolean;
	readonly deprecated: boolean;
	readonly description?: string;
	/** The raw schema value (maybe a `$ref`), expanded by the schema model. */
	readonly schema: unknown;
	readonly example?: unknown;
}

export interface MediaView {
	readonly mediaType: string;
	readonly schema: unknown;
	/** Examples the document gives (`example`, `examples`), in order. */
	readonly examples: readonly { readonly name?: string; readonly value: unknown }[];
}

export interface RequestBodyView {
	readonly required: boolean;
	readonly description?: string;
	readonly contents: readonly MediaView[];
}

export interface ResponseView {
	readonly status: string;
	readonly description?: string;
	readonly contents: readonly MediaView[];
	readonly headers: readonly { readonly name: string; readonly description?: string; readonly schema: unknown }[];
}

/** A security scheme of `components.securitySchemes` (or 2.0 `securityDefinitions`). */
export interface SecuritySchemeView {
	readonly name: string;
	readonly type: string;
	/** `bearer`, `basic` … for type `http`. */
	readonly scheme?: string;
	readonly bearerFormat?: string;
	/** For `apiKey`. */
	readonly in?: 'header' | 'query' | 'cookie';
	readonly parameterName?: string;
	readonly description?: string;
	/** Set when the name in `security` has no definition. */
	readonly undefinedScheme?: boolean;
}

export interface ServerView {
	/** The URL template as written (`https://{region}.example.com/v1`), resolved against a hosted spec's URL. */
	readonly url: string;
	readonly description?: string;
	readonly variables: readonly { readonly name: string; readonly default: string; readonly enum?: readonly string[]; readonly description?: string }[];
}
