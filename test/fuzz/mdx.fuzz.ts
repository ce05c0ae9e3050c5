import { mdxSite } from './arbitraries/site';
import { siteProperty } from './property';

/** MDX pages: frontmatter variants (`---js`, unterminated, broken YAML), unbalanced JSX, expressions, fences, links, binary noise, huge and deep pages. */
export const mdxProperty = siteProperty('mdx', 'fuzzed MDX pages in a valid site', mdxSite);
