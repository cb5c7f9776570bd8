// Writes the JSON Schemas editors use for `.chunkgate.yml` and the golden file, generated from
// the zod schemas: `npm run schema`. With `--check` (CI), writes nothing and fails when a
// committed file differs from what the zod schemas generate.
import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configJsonSchema } from '../src/config/json-schema.js';
import { goldenJsonSchema } from '../src/golden/json-schema.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = {
  'schema/chunkgate.schema.json': configJsonSchema(),
  'schema/golden.schema.json': goldenJsonSchema(),
};
const check = process.argv.includes('--check');
let stale = 0;
for (const [path, schema] of Object.entries(files)) {
  const text = `${JSON.stringify(schema, null, 2)}\n`;
  const target = join(root, path);
  if (check) {
    const committed = await readFile(target, 'utf8').catch(() => null);
    if (committed !== text) {
      stale++;
      console.error(`${path} is ${committed === null ? 'missing' : 'stale'}: run 'npm run schema' and commit the result`);
    }
  } else {
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
    console.log(`wrote ${path}`);
  }
}
if (stale > 0) process.exitCode = 1;
