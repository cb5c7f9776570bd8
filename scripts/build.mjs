// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild, and writes the
// licences of every bundled package to dist/licenses.txt.
// The output must be byte-identical from any folder: paths are relative to the repo
// root, and nothing time- or machine-dependent goes into the bundle.
import { build } from 'esbuild';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { licenseReport } from './licenses.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// ESM bundles of CommonJS dependencies need `require`; esbuild's shim alone throws.
const requireShim = "import { createRequire as __chunkgateCreateRequire } from 'node:module';\nconst require = __chunkgateCreateRequire(import.meta.url);";
// Legal comments are dropped from the bundle; this line points at where they went.
const legal = '// Licences of the bundled third-party packages: dist/licenses.txt';

const shared = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  charset: 'utf8',
  legalComments: 'none',
  sourcemap: false,
  logLevel: 'warning',
  metafile: true,
};

const action = await build({
  ...shared,
  entryPoints: ['src/action/index.ts'],
  outfile: 'dist/index.js',
  banner: { js: `${legal}\n${requireShim}` },
});
const cli = await build({
  ...shared,
  entryPoints: ['src/cli/index.ts'],
  outfile: 'dist/cli.js',
  banner: { js: `#!/usr/bin/env node\n${legal}\n${requireShim}` },
});
const inputs = [...Object.keys(action.metafile.inputs), ...Object.keys(cli.metafile.inputs)];
await writeFile(join(root, 'dist', 'licenses.txt'), licenseReport(root, inputs));
