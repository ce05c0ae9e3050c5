import { readFileSync } from 'node:fs';
import { schemaDiff } from '/work/main/conformance/schemaDiff';
const roots = ['unkeyed+unkey/docs/engineering','unkeyed+unkey/docs/product','lightdash+mintlify-docs','PolyAI-LDN+polyai-mintlify-doc','0xsequence+docs','box+box-mintlify','ClickHouse+mintlify-docs-dev','mintlify+docs','0xsequence+trails-docs'].map(r => `/work/corpus/${r}/docs.json`);
const seeds = [...roots, '/work/main/examples/acme/docs.json'].map(f => readFileSync(f, 'utf8')).filter(t => !t.includes('"$ref"')).map(t => JSON.parse(t));
schemaDiff(seeds, '/work/cache/conf/official/schemaVerdict.mjs', Number(process.argv[2] ?? 100), Number(process.argv[3] ?? 1501)).then(r => {
  console.log(r.cases, r.agreed, 'fa', r.falseAlarms.length, 'miss', r.misses.length);
  for (const d of r.falseAlarms.slice(0, 25)) console.log('FA', d.mutation, '|', d.mintdocFindings.slice(0,2).join(' || ').slice(0, 250));
  for (const d of r.misses.slice(0, 25)) console.log('MISS', d.mutation, '|', d.officialPaths.slice(0,3).join(', '));
});
