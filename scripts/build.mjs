// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild, each token table
// apart (dist/tokenizer/), and writes the licences of every
// bundled package to dist/licenses.txt.
// The output must be byte-identical from any folder: paths are relative to the repo
// root, and nothing time- or machine-dependent goes into the bundle.
import { build } from 'esbuild';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { Buffer } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { licenseReport } from './licenses.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
// ESM bundles of CommonJS dependencies need `require`; esbuild's shim alone throws.
const requireShim = "import { createRequire as __chunkgateCreateRequire } from 'node:module';\nconst require = __chunkgateCreateRequire(import.meta.url);";
// Legal comments are dropped from the bundle; this line points at where they went.
const legal = '// Licences of the bundled third-party packages: dist/licenses.txt';

// The encodings src/tokens/encodings.ts loads: `loadModule('gpt-tokenizer/encoding/<name>')`
// (the library's encoder) and `loadModule('gpt-tokenizer/bpeRanks/<name>')` (its rank table).
const ENCODINGS = ['o200k_base', 'cl100k_base'];
const ENCODING_MODULE = /^gpt-tokenizer\/(encoding|bpeRanks)\/([a-z0-9_]+)$/;

// A token table is megabytes of JavaScript (o200k: 4 MB as esbuild prints it): compiled with the
// bundle, it would cost every process, whatever it runs. So each encoding is a CommonJS file of
// its own, dist/tokenizer/<name>.cjs, and src/tokens/encodings.ts loads it with a synchronous
// `require` on first use: there `loadModule(…)` requires from node_modules; in the bundle it
// becomes a plain `require(…)` of the file beside the bundle, left to Node (external): the
// encoder as the library builds it, and the rank table packed (src/tokens/rankTable.ts), all
// that counting tokens loads.
const lazyEncodings = (tables) => ({
  name: 'lazy-encodings',
  setup(builder) {
    builder.onLoad({ filter: /[\\/]src[\\/]tokens[\\/]encodings\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(/\bloadModule\(/g, 'require(');
      if (contents === source) throw new Error(`${args.path}: no loadModule( call to bundle`);
      return { contents, loader: 'ts' };
    });
    builder.onResolve({ filter: ENCODING_MODULE }, (args) => {
      if (!/[\\/]src[\\/]tokens[\\/]encodings\.ts$/.test(args.importer)) return undefined;
      const [, kind, name] = ENCODING_MODULE.exec(args.path);
      if (!ENCODINGS.includes(name)) throw new Error(`${args.importer}: encoding ${name} is not built (scripts/build.mjs ENCODINGS)`);
      return { path: `${tables}tokenizer/${name}${kind === 'bpeRanks' ? '.ranks' : ''}.cjs`, external: true };
    });
  },
});

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
  plugins: [lazyEncodings('./')],
  entryPoints: ['src/action/index.ts'],
  outfile: 'dist/index.js',
  banner: { js: `${legal}\n${requireShim}` },
});
const cli = await build({
  ...shared,
  plugins: [lazyEncodings('./')],
  entryPoints: ['src/cli/index.ts'],
  outfile: 'dist/cli.js',
  banner: { js: `#!/usr/bin/env node\n${legal}\n${requireShim}` },
});

// The token tables, from the pinned gpt-tokenizer's own files: per encoding, the encoder as one
// CommonJS bundle, and the rank table packed by src/tokens/rankTable.ts (bundled here to run).
// dist/tokenizer/ is emptied first, so no file of an older build lingers (CI: a stale or extra
// file in dist/ fails `git diff`/`git status`).
const requireFromRoot = createRequire(join(root, 'package.json'));
await rm(join(dist, 'tokenizer'), { recursive: true, force: true });
await mkdir(join(dist, 'tokenizer'), { recursive: true });
const packer = await build({ ...shared, metafile: false, entryPoints: ['src/tokens/rankTable.ts'], write: false });
const { packRanks } = await import(`data:text/javascript;base64,${Buffer.from(packer.outputFiles[0].contents).toString('base64')}`);
const tables = [];
for (const name of ENCODINGS) {
  const packed = packRanks(requireFromRoot(`gpt-tokenizer/bpeRanks/${name}`).default);
  await writeFile(join(dist, 'tokenizer', `${name}.ranks.cjs`), `${legal}\n// The ${name} rank table of gpt-tokenizer, packed by src/tokens/rankTable.ts (scripts/build.mjs).\nmodule.exports = { packed: ${JSON.stringify(packed)} };\n`);
  tables.push(
    await build({
      ...shared,
      format: 'cjs',
      entryPoints: [relative(root, requireFromRoot.resolve(`gpt-tokenizer/encoding/${name}`))],
      outfile: `dist/tokenizer/${name}.cjs`,
      banner: { js: legal },
    }),
  );
}

const inputs = [action, cli, ...tables].flatMap((result) => Object.keys(result.metafile.inputs));
await writeFile(join(dist, 'licenses.txt'), licenseReport(root, inputs));
