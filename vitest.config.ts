import { availableParallelism } from 'node:os';
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

/**
 * Unit test files that replace a module (`vi.mock`): they run in a fresh module graph of their own,
 * since in the shared one (`isolate: false`) the mock would reach other files, or miss a module
 * another file had loaded first.
 */
const MOCKS = ['test/repository-url.test.ts'];

const cores = availableParallelism();

/**
 * No wall-clock limit, in any project: on a loaded runner a test takes what it takes (at load 18 on
 * 2 cores, a 60 s limit failed unit tests of 10 s of CPU). A hang is caught by the CI job's own
 * limit, a stall on hostile input by the engine's CPU budget (limits.cpuSeconds), and speed is
 * measured by `npm run bench`, not by a timeout.
 */
const NO_LIMIT = { testTimeout: 0, hookTimeout: 0 };

export default defineConfig({
  test: {
    projects: [
      {
        // Pure code, CPU-bound: one worker per core, and the workers keep their modules from file to
        // file (`isolate: false`) instead of loading src/ again for each of some 190 files.
        extends: true,
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: [...E2E, ...MOCKS], isolate: false, maxWorkers: cores, ...NO_LIMIT },
      },
      {
        extends: true,
        test: { name: 'unit-mocks', include: MOCKS, maxWorkers: cores, ...NO_LIMIT },
      },
      {
        // One worker more than cores: these files wait now and then, on a child process (git, a
        // browser, the bundle) or on a double's timer, and the extra file fills the core meanwhile.
        // Since most action and CLI runs happen in the worker itself, they are CPU-bound: on two
        // cores, three workers took 101–110 s, two 114 s, four 121 s (each worker loads src/ and
        // grows, and a fork from a larger process costs more). Modules are
        // shared from file to file too (`isolate: false`): loading src/ for each of some 75 files
        // was a fifth of the project's CPU. They run after the unit files (`groupOrder`): run
        // together, six workers on two cores took longer than the two groups one after the other.
        extends: true,
        test: { name: 'e2e', include: E2E, isolate: false, maxWorkers: cores + 1, sequence: { groupOrder: 1 }, ...NO_LIMIT },
      },
    ],
  },
});
