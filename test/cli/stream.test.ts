import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import { parseConfig } from '../../src/config/load.js';
import { settingsFor } from '../../src/config/resolve.js';
import { processIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { evaluateDocument } from '../../src/engine/evaluate.js';
import { renderJson } from '../../src/report/json.js';
import { discoverFiles, readDocFile } from '../../src/sources/files.js';
import { VERSION } from '../../src/version.js';

const root = new URL('../../', import.meta.url).pathname;

/** The report as the renderer before streaming made it: every file evaluated, one report object, one string. */
async function wholeReport(paths: string[]): Promise<string> {
  const config = parseConfig('', '(defaults)');
  const files = (await discoverFiles(root, config, paths)).files;
  const diffs = [];
  for (const path of files) {
    const read = await readDocFile(root, path);
    if (!('text' in read)) continue;
    const settings = settingsFor(config, path);
    const head = evaluateDocument(path, read.text, { chunking: settings.chunking, weights: config.scoring.weights });
    diffs.push(compareDoc({ path, status: 'added', head }, settings.thresholds));
  }
  return renderJson(buildReport({ version: VERSION, config, scorer: 'heuristic', files: diffs, failOn: config.thresholds.failOn, partial: false, cost: null }));
}

describe('the streaming JSON writer', () => {
  it('writes, file by file to a real file, what the whole-report renderer writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-stream-'));
    try {
      const paths = ['fixtures', 'test/fixtures'];
      const io = processIO();
      io.cwd = root;
      io.stderr = () => undefined;
      const out = join(dir, 'report.json');
      expect(await main(['eval', ...paths, '--format', 'json', '--jobs', '1', '--out', out], io)).toBe(0);
      const streamed = await readFile(out, 'utf8');
      expect(JSON.parse(streamed).files.length).toBeGreaterThan(10);
      expect(streamed).toBe(await wholeReport(paths));
      // No file at all: the frame alone, as the renderer writes an empty report.
      const empty = join(dir, 'empty.json');
      expect(await main(['eval', 'no-such-dir', '--format', 'json', '--out', empty], io)).toBe(0);
      expect(await readFile(empty, 'utf8')).toBe(await wholeReport(['no-such-dir']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
