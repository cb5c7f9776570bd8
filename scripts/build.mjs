// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild.
// The output must be byte-identical from any folder: paths are relative to the repo
// root, and nothing time- or machine-dependent goes into the bundle.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// ESM bundles of CommonJS dependencies need `require`; esbuild's shim alone throws.
const requireShim = "import { createRequire as __chunkgateCreateRequire } from 'node:module';\nconst require = __chunkgateCreateRequire(import.meta.url);";

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
};

await build({
  ...shared,
  entryPoints: ['src/action/index.ts'],
  outfile: 'dist/index.js',
  banner: { js: requireShim },
});
await build({
  ...shared,
  entryPoints: ['src/cli/index.ts'],
  outfile: 'dist/cli.js',
  banner: { js: `#!/usr/bin/env node\n${requireShim}` },
});
