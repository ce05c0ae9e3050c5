import { openApiSite } from './arbitraries/site';
import { siteProperty } from './property';

/** OpenAPI 3.0/3.1 (and 2.0, and none) in JSON and YAML: `$ref` cycles, missing sections, 1,000-level schemas, webhooks, text damage. */
export const openApiProperty = siteProperty('openapi', 'fuzzed OpenAPI document used by docs.json, a tab and frontmatter', openApiSite);
