import { docsJsonProperty } from './docsJson.fuzz';
import { mdxProperty } from './mdx.fuzz';
import { openApiProperty } from './openapi.fuzz';
import type { FuzzProperty } from './property';
import { wholeSiteProperty } from './site.fuzz';

/** Every fuzzed property, in the order the quick test and `npm run fuzz` run them. */
export const fuzzProperties: readonly FuzzProperty[] = [docsJsonProperty, mdxProperty, openApiProperty, wholeSiteProperty];
