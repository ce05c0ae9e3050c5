import fc from 'fast-check';
import { docsJsonFiles } from './arbitraries/docsJson';
import { mdxPage } from './arbitraries/mdx';
import { openApiText } from './arbitraries/openapi';
import { siteProperty } from './property';

/** Everything fuzzed at once, so a broken configuration meets broken pages and a broken spec. */
export const wholeSiteProperty = siteProperty(
	'site',
	'fuzzed docs.json, pages and spec together',
	fc.record({ config: docsJsonFiles, index: mdxPage, setup: mdxPage, spec: openApiText }).map(({ config, index, setup, spec }) => {
		const files = { ...config, 'index.mdx': index, 'guides/setup.mdx': setup, [spec.format === 'json' ? 'openapi.json' : 'openapi.yaml']: spec.text };
		return { files, probe: Object.keys(files) };
	}),
);
