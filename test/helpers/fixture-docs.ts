import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The repository's `fixtures/` folder. */
const FIXTURES_ROOT = join(import.meta.dirname, '..', '..', 'fixtures');

/**
 * The folders of `fixtures/` a test walks for "every fixture": all but `validity`, which holds two
 * whole docs sites (the golden-set corpora, 1.1 MB) that make each walk ten times longer and add no
 * kind of page the others lack; the corpus tests read the same sites from ../shared/corpus.
 */
const FOLDERS = readdirSync(FIXTURES_ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'validity')
  .map((entry) => entry.name)
  .sort();

/** {@link FOLDERS} as absolute paths. */
export const FIXTURE_DOC_DIRS = FOLDERS.map((folder) => join(FIXTURES_ROOT, folder));

/**
 * The folders of hand-made pages (all of {@link FOLDERS} but `replay`), as paths from the repository
 * root, for the tests that run `chunkgate eval …` there several times to compare two ways of running
 * it (slices, worker threads, streaming): some 65 pages in nine folders, every rule and strategy.
 * The replay pages are three quarters of the fixtures' text and add no way of running, so they are
 * left to the tests of what a run finds.
 */
export const FIXTURE_DOCS = FOLDERS.filter((folder) => folder !== 'replay').map((folder) => `fixtures/${folder}`);
