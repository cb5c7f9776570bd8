import { defineConfig } from 'vitest/config';

/**
 * Tests that run the bundle in dist/ or another process (the CLI, the action, git, python, a
 * browser), or read a whole corpus: the `e2e` project. Everything else is `unit`, the quick subset
 * (`npm run test:unit`, ARCHITECTURE.md "Tests"). A new test that spawns or runs dist/ goes here.
 */
const E2E = [
  'test/action/**/*.test.ts',
  'test/browser/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/replay/**/*.test.ts',
  'test/scripts/**/*.test.ts',
  'test/validity/**/*.test.ts',
  'test/sources/{git,git-blobs,files,external-chunker-group}.test.ts',
  'test/chunking/external-e2e.test.ts',
  'test/tokens/{encodings,rank-table}.test.ts',
  'test/golden/upkeep.test.ts',
  'test/history/compare-runs.test.ts',
  'test/report/{html-shells,terminal}.test.ts',
  'test/retrieval/golden-fixture.test.ts',
  'test/text/segments.corpus.test.ts',
  'test/readme.test.ts',
  'test/user-text.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: E2E, testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        // No wall-clock limit: on a loaded runner a process takes what it takes; a hang is caught by
        // the CI job's own limit, and speed is measured by `npm run bench`, not by a timeout.
        extends: true,
        test: { name: 'e2e', include: E2E, testTimeout: 0, hookTimeout: 0 },
      },
    ],
  },
});
