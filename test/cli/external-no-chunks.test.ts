/**
 * An external chunker that drops text, through the CLI (in process: `runCli`) with a fake chunker
 * script in a temp repo: no chunks at all for a page with text makes the file `unchecked` (a gating
 * finding naming the command and the file), while a page with only front matter and rule comments
 * may have none; chunks that hold part of the text are source loss, which gates when the pull
 * request brings it.
 */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';

/** Prints no chunks, whatever the page. */
const EMPTY = 'process.stdin.resume();\nprocess.stdin.on("end", () => console.log(JSON.stringify({ chunks: [] })));\n';
/** One chunk: the page's first paragraph after its heading (the text up to the first blank line after it). */
const FIRST_PARAGRAPH = [
  'let input = "";',
  'process.stdin.on("data", (part) => (input += part));',
  'process.stdin.on("end", () => {',
  '  const { markdown } = JSON.parse(input);',
  '  const start = markdown.indexOf("\\n\\n") + 2;',
  '  const end = markdown.indexOf("\\n\\n", start);',
  '  const stop = end === -1 ? markdown.length : end;',
  '  console.log(JSON.stringify({ chunks: [{ text: markdown.slice(0, stop), start: 0, end: stop }] }));',
  '});',
  '',
].join('\n');

const PAGE = '# Setup\n\nInstall the package with npm. Run the setup command once.\n\nThe second paragraph explains the cache. It expires after an hour.\n';
const BLANK = '---\ntitle: Placeholder\n---\n\n<!-- chunkgate-disable-file -->\n\n';

async function repo(script: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chunkgate-external-empty-'));
  await writeFile(join(dir, 'chunk.mjs'), script);
  const config = `chunking:\n  strategy: external\n  command: [${JSON.stringify(process.execPath)}, "chunk.mjs"]\n  unit: chars\n  max: 400\n`;
  await writeFile(join(dir, '.chunkgate.yml'), config);
  for (const side of ['base', 'head']) await mkdir(join(dir, side, 'docs'), { recursive: true });
  await writeFile(join(dir, 'base/.chunkgate.yml'), config);
  return dir;
}

describe('an external chunker that returns no chunks', () => {
  it('makes a page with text unchecked, naming the command and the file; a page of front matter and a rule comment passes', async () => {
    const dir = await repo(EMPTY);
    await mkdir(join(dir, 'docs'));
    await writeFile(join(dir, 'docs/a.md'), PAGE);
    await writeFile(join(dir, 'docs/blank.md'), BLANK);
    const result = await runCli(['eval', 'docs', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    const page = report.files.find((file) => file.path === 'docs/a.md')!;
    expect(page.head).toBeUndefined();
    expect(page.findings).toEqual([
      expect.objectContaining({
        kind: 'unchecked',
        gating: true,
        severity: 'high',
        message: `Not checked: external chunker \`${process.execPath} chunk.mjs\` returned no chunks for docs/a.md, a page with text`,
      }),
    ]);
    // Nothing outside front matter and rule comments: no chunk is owed.
    const blank = report.files.find((file) => file.path === 'docs/blank.md')!;
    expect(blank.findings.filter((finding) => finding.kind === 'unchecked')).toEqual([]);
    expect(blank.head!.chunks).toEqual([]);
  });

  it('fails a pull request whose head page gets no chunks', async () => {
    const dir = await repo(EMPTY);
    await writeFile(join(dir, 'head/docs/a.md'), PAGE);
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'md'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Not checked');
    expect(result.stdout).toContain('returned no chunks for docs/a.md, a page with text');
  });
});

describe('an external chunker that returns chunks covering part of the text', () => {
  it('is source loss: a chunk capped at 59 with source-loss, coverage below 1, and a gating regression when the PR brings it', async () => {
    const dir = await repo(FIRST_PARAGRAPH);
    // The base page is one paragraph, which the chunker holds whole; the head adds a second, which it drops.
    await writeFile(join(dir, 'base/docs/a.md'), '# Setup\n\nInstall the package with npm. Run the setup command once.\n');
    await writeFile(join(dir, 'head/docs/a.md'), PAGE);
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(1);
    const [file] = (JSON.parse(result.stdout) as Report).files;
    expect(file!.base!.coverage).toBe(1);
    // Non-whitespace characters: "#Setup" 6 + "Installthepackagewithnpm.Runthesetupcommandonce." 48 held,
    // "Thesecondparagraphexplainsthecache.Itexpiresafteranhour." 56 lost: 54 / 110.
    expect(file!.head!.coverage).toBeCloseTo(54 / 110, 6);
    const [chunk] = file!.head!.chunks;
    expect(chunk!.issues.map((issue) => issue.tag)).toContain('source-loss');
    expect(chunk!.score).toBeLessThanOrEqual(59);
    expect(file!.regressions).toEqual([expect.objectContaining({ gating: true, origin: 'new' })]);
  });
});
