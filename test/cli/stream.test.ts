import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/load.js';
import { processIO } from '../../src/cli/io.js';
import { main } from '../../src/cli/main.js';
import { evaluateSnapshot, type SnapshotFile } from '../../src/engine/snapshot.js';
import { renderJson } from '../../src/report/json.js';
import { discoverFiles, readDocFile } from '../../src/sources/files.js';
import type { Report } from '../../src/types.js';
import { writeBoilerplateSite } from '../helpers/boilerplate-site.js';
import { FIXTURE_DOCS } from '../helpers/fixture-docs.js';

const root = new URL('../../', import.meta.url).pathname;

/** The report as the in-memory path makes it (the action's audits): every file evaluated, one report object, one string. */
async function wholeReport(paths: string[], cwd = root): Promise<string> {
  const config = parseConfig('', '(defaults)');
  const files: SnapshotFile[] = [];
  for (const path of (await discoverFiles(cwd, config, paths)).files) {
    const read = await readDocFile(cwd, path);
    files.push('text' in read ? { path, text: read.text } : { path, text: null, unreadable: read.problem });
  }
  return renderJson((await evaluateSnapshot(files, { config })).report);
}

describe('the streaming JSON writer', () => {
  it('writes, file by file to a real file, what the whole-report renderer writes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chunkgate-stream-'));
    try {
      const paths = FIXTURE_DOCS;
      const io = processIO();
      io.cwd = root;
      io.stderr = () => undefined;
      const out = join(dir, 'report.json');
      expect(await main(['eval', ...paths, '--format', 'json', '--jobs', '1', '--out', out], io)).toBe(0);
      const streamed = await readFile(out, 'utf8');
      expect(JSON.parse(streamed).files.length).toBeGreaterThan(10);
      expect(streamed).toBe(await wholeReport(paths));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('adds the cross-file boilerplate findings to entries written before every page was seen', async () => {
    const site = await writeBoilerplateSite();
    try {
      const io = processIO();
      io.cwd = site;
      io.stderr = () => undefined;
      expect(await main(['eval', '--format', 'json', '--jobs', '1', '--out', 'report.json'], io)).toBe(0);
      const streamed = await readFile(join(site, 'report.json'), 'utf8');
      const report = JSON.parse(streamed) as Report;
      const lines = report.files.map((file) => file.head!.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate').map((issue) => issue.line)));
      // the footer is line 9 of each of the 9 pages
      expect(lines).toEqual(Array.from({ length: 9 }, () => [9]));
      expect(streamed).toBe(await wholeReport(['docs'], site));
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });
});
