/**
 * Headless Chromium for the browser tests, and the demo comparison they (and the report tests)
 * render. Chromium is Debian's `/usr/bin/chromium` (installed by `.ci/run`), driven by
 * playwright-core; tests skip when it is missing. Nothing leaves 127.0.0.1: the browser is
 * started with networking features off, and the pages under test load nothing.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext } from 'playwright-core';
import { parseConfig } from '../../src/config/load.js';
import { compareFiles, type FilePair } from '../../src/engine/compare-files.js';
import type { FileSources } from '../../src/report/html/index.js';
import type { Report } from '../../src/types.js';
import { readTree } from './action-run.js';

/** Debian's Chromium, or the Chromium-based browser `CHUNKGATE_CHROMIUM` names (GitHub's runners ship Google Chrome). */
const CHROMIUM = process.env.CHUNKGATE_CHROMIUM || '/usr/bin/chromium';

/** True when the browser tests can run. */
export const hasChromium = existsSync(CHROMIUM);

/** Folder for screenshots and pages the browser tests write (git-ignored). */
const OUTPUT_DIR = fileURLToPath(new URL('../../test-output/browser/', import.meta.url));

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A running browser with a fresh profile; `close()` stops it and removes the profile. */
export interface TestBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh `--user-data-dir` (playwright's persistent context). */
export async function launchBrowser(viewport = { width: 1400, height: 900 }): Promise<TestBrowser> {
  const profile = await mkdtemp(join(tmpdir(), 'chunkgate-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport });
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Makes sure {@link OUTPUT_DIR} exists and returns a path inside it. */
export function outputPath(name: string): string {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  return join(OUTPUT_DIR, name);
}

const demo = fileURLToPath(new URL('../../fixtures/demo/', import.meta.url));

/**
 * The demo comparison (fixtures/demo base → head, with the base's .chunkgate.yml), plus any
 * `extra` pairs: the changed files only, in path order, as `chunkgate diff --base-dir` sees them.
 */
export async function demoComparison(extra: FilePair[] = []): Promise<{ report: Report; sources: FileSources[] }> {
  const base = await readTree(`${demo}base`);
  const head = await readTree(`${demo}head`);
  const config = parseConfig(readFileSync(`${demo}base/.chunkgate.yml`, 'utf8'), '.chunkgate.yml');
  const pairs: FilePair[] = Object.keys(base)
    .filter((path) => path.endsWith('.md') && base[path] !== head[path])
    .sort()
    .map((path) => ({ path, status: 'modified' as const, base: base[path]!, head: head[path]! }));
  const { report, sources } = await compareFiles([...pairs, ...extra], { config });
  return { report, sources };
}

/** A changed file whose text tries to run script and load things: `window.__pwned` must stay unset. */
export const HOSTILE_PAIR: FilePair = {
  path: 'docs/evil"><img src=x onerror=alert(1)>.md',
  status: 'modified',
  base: '# Evil\n\nA harmless page that will grow an injection.\n',
  head: [
    '# Evil <script>window.__pwned = 1</script>',
    '',
    'It has <script>window.__pwned = 2</script> and <img src="https://example.com/x.png" onerror="window.__pwned = 3">.',
    '',
    '<iframe src="https://example.com/"></iframe>',
    '',
    '```html',
    '</pre></div><script>window.__pwned = 4</script>',
    '```',
    '',
  ].join('\n'),
};
