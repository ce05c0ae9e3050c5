// Writes schemas/mintdoc.schema.json from the rules table: `node --import tsx scripts/mintdoc-schema.ts`.
// test/unit/core/teamConfigSchema.test.ts fails when the file and server/src/core/rules.ts differ.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { teamConfigSchema } from '../server/src/core/config/teamConfigSchema';

writeFileSync(path.resolve(__dirname, '../schemas/mintdoc.schema.json'), JSON.stringify(teamConfigSchema(), null, 2) + '\n');
