/**
 * The shape of the one table of built-in components (componentTable.ts). Completion, hover, prop
 * help and the component rules all read that table, so a prop documented there is completed,
 * explained and checked alike.
 */

/**
 * What a prop takes. `string`, `number` and `boolean` are checked when the value is a literal;
 * `node`, `object`, `array` and `any` are never judged (an expression can compute anything).
 */
export type PropType = 'string' | 'boolean' | 'number' | 'node' | 'object' | 'array' | 'any';

/** A prop of a built-in component, as the platform's component documentation describes it. */
export interface ComponentProp {
	readonly type: PropType;
	readonly doc: string;
	readonly required?: boolean;
	/** The documented values; any other literal is reported (with this list). */
	readonly values?: readonly string[];
	/** Why the prop is deprecated and what replaces it (shown in hover and completion). */
	readonly deprecated?: string;
	/** A number prop whose component also reads a numeric string (`cols="2"`): only non-numeric strings are wrong. */
	readonly numericString?: boolean;
	/** An icon name (checked against `icons.library`, completed from it) or its Font Awesome style. */
	readonly icon?: 'name' | 'style';
}

/** A built-in component of the platform, as its component docs describe it. */
export interface ComponentSpec {
	readonly doc: string;
	readonly props: Readonly<Record<string, ComponentProp>>;
	/** Props of which at least one is required (ParamField's location, Icon's icon or src). */
	readonly oneOf?: readonly string[];
	/** Whether it usually wraps content (completion inserts a closing tag). */
	readonly container: boolean;
	/**
	 * The documentation lists every prop, so a prop outside the table (and outside the HTML props
	 * the platform passes through) is reported as unknown. Components whose documentation lists no
	 * props are open: nothing is guessed about them.
	 */
	readonly closed: boolean;
}
