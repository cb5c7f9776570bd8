// Lint only, never a formatter: the rules below catch bugs (promises left floating, a
// `[object Object]` in a message, a union case left unhandled, an unused value) and guard
// the architecture (SPEC §1: the core does no I/O). Run by `.ci/run` and `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Modules only the shells (src/action, src/cli, src/sources) may import. */
const IO_MODULES = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'worker_threads']
  .flatMap((name) => [name, `node:${name}`])
  .map((name) => ({ name, message: 'The core does no I/O (SPEC §1): read or write in src/action, src/cli or src/sources and pass the data in.' }));
const IO_PACKAGES = ['@actions/*', '@octokit/*', 'openai', 'openai/*'];

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
    files: ['src/{markdown,chunking,metrics,retrieval,compare,report}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: IO_MODULES, patterns: IO_PACKAGES }] },
  },
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
