// Lint only, never a formatter: the rules below catch bugs (promises left floating, a
// `[object Object]` in a message, a union case left unhandled, an unused value) and guard
// the architecture (ARCHITECTURE.md: the core does no I/O). Run by `.ci/run` and `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules only the shells (src/action, src/cli, src/sources) may import. */
const IO_MODULES = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'worker_threads']
  .flatMap((name) => [name, `node:${name}`])
  .map((name) => ({ name, message: 'The core does no I/O (ARCHITECTURE.md): read or write in src/action, src/cli or src/sources and pass the data in.' }));
const IO_PACKAGES = ['@actions/*', '@octokit/*', 'openai', 'openai/*'];

/**
 * The layers of src/, bottom up (ARCHITECTURE.md): `shared/` (words every layer uses), `types.ts`
 * (the plain data), the core folders, `engine/`, then the shells `sources/`, `cli/`, `action/`.
 * Imports run down only; `test/architecture.test.ts` checks that no import cycle is left.
 */
const layer = (regex, message) => ({ regex, message: `${message} (layers: ARCHITECTURE.md)` });
const LAYERS = {
  shared: layer('^\\.\\./(?!version\\.js$)', 'src/shared/ is the ground floor: it imports no other part of src/ but src/version.ts (which imports nothing)'),
  types: layer('^\\.\\.?/(?!shared/)', 'src/types.ts imports only src/shared/: every layer imports it, so it reaches up to none'),
  core: layer('^(\\.\\./)+(engine|sources|cli|action)/', 'the core imports neither the engine nor the shells: pass what it needs in as data'),
  engine: layer('^(\\.\\./)+(sources|cli|action)/', 'the engine imports no shell: the shells call it'),
  sources: layer('^(\\.\\./)+(cli|action)/', 'src/sources/ imports neither the CLI nor the action'),
  shells: layer('^(\\.\\./)+(cli|action)/', 'the CLI and the action do not import each other: share through the engine or src/sources/'),
};
/** Token counting is one interface: from outside src/tokens/, only its index.ts is imported. */
const TOKENS = layer('(^|/)tokens/(?!index\\.js$)', 'src/tokens/ is imported through src/tokens/index.ts only');
/** The core folders: pure functions over plain data (no I/O is enforced for the first six). */
const CORE = '{text,markdown,tokens,chunking,golden,retrieval,metrics,config,advise,probes,compare,report,calibration,history}';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-output/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.ts', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a value left out on purpose (rest destructuring that drops keys).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      eqeqeq: ['error', 'smart'],
      // Style, not bugs: an async function without await still returns a promise as declared.
      '@typescript-eslint/require-await': 'off',
      // Our interfaces declare closures (a Measure's `tokens`) with method syntax; none uses `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['src/{markdown,tokens,chunking,metrics,retrieval,compare,report}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [{ group: IO_PACKAGES }, LAYERS.core, TOKENS] }] },
  },
  {
    files: [`src/${CORE}/**/*.ts`],
    ignores: ['src/{markdown,tokens,chunking,metrics,retrieval,compare,report}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [LAYERS.core, TOKENS] }] },
  },
  { files: ['src/shared/**/*.ts'], rules: { 'no-restricted-imports': ['error', { paths: IO_MODULES, patterns: [{ group: IO_PACKAGES }, LAYERS.shared] }] } },
  { files: ['src/types.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [LAYERS.types] }] } },
  { files: ['src/engine/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [LAYERS.engine, TOKENS] }] } },
  { files: ['src/sources/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [LAYERS.sources, TOKENS] }] } },
  { files: ['src/{cli,action}/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [LAYERS.shells, TOKENS] }] } },
  { files: ['{test,bench}/**/*.ts'], ignores: ['test/tokens/**'], rules: { 'no-restricted-imports': ['error', { patterns: [TOKENS] }] } },
  {
    // Tests read JSON and YAML (the doubles, workflow files) and run callbacks in the browser (DOM
    // types are not in our lib); an `any` there is checked by the assertion that follows.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    // Keep disableTypeChecked's parser options (no project service): a plain script in bench/ or
    // test/helpers/ is in no tsconfig, and needs none for untyped rules.
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
