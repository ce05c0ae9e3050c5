import { docsJsonSite } from './arbitraries/site';
import { siteProperty } from './property';

/** docs.json from valid shapes to wreckage: wrong types, missing keys, deep nesting, huge arrays, odd Unicode, duplicate keys, `$ref` cycles, garbage. */
export const docsJsonProperty = siteProperty('docs-json', 'mutated docs.json (and $ref files) over valid pages', docsJsonSite);
