// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild, and writes the
// licences of every bundled package to dist/licenses.txt.
// The output must be byte-identical from any folder: paths are relative to the repo
// root, and nothing time- or machine-dependent goes into the bundle.
import { build } from 'esbuild';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { licenseReport } from './licenses.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// ESM bundles of CommonJS dependencies need `require`; esbuild's shim alone throws.
const requireShim = "import { createRequire as __chunkgateCreateRequire } from 'node:module';\nconst require = __chunkgateCreateRequire(import.meta.url);";
// Legal comments are dropped from the bundle; this line points at where they went.
const legal = '// Licences of the bundled third-party packages: dist/licenses.txt';

// Token tables load on first use (src/chunking/encodings.ts): there, `loadModule(…)` is a
// synchronous require from node_modules; in the bundle it becomes a plain `require(…)`, which
// esbuild inlines as a module initialised on the first call, so a run pays only for its encoding.
const lazyEncodings = {
  name: 'lazy-encodings',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]chunking[\\/]encodings\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(/\bloadModule\(/g, 'require(');
      if (contents === source) throw new Error(`${args.path}: no loadModule( call to bundle`);
      return { contents, loader: 'ts' };
    });
  },
};

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
  plugins: [lazyEncodings],
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
