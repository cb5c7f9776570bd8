/**
 * `chunkgate diff` in git mode runs the external chunker from a copy of the base commit's tree,
 * as the action does (docs/config.md#external-chunker): a real temp repository whose head changes the chunker
 * script. The base's script runs; the head's (in the working tree or the head commit) never does.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

/** The base's chunker: one chunk per paragraph (blank-line separated), as printed. */
const BASE_SCRIPT = [
  'let input = "";',
  'process.stdin.on("data", (part) => (input += part));',
  'process.stdin.on("end", () => {',
  '  const { markdown } = JSON.parse(input);',
  '  const chunks = markdown.split("\\n\\n").map((text) => text.trim()).filter(Boolean).map((text) => ({ text }));',
  '  console.log(JSON.stringify({ chunks }));',
  '});',
  '',
].join('\n');
/** The head's chunker: it must never run. */
const HEAD_SCRIPT = 'process.stderr.write("the head chunker ran\\n");\nprocess.exit(3);\n';
const CONFIG = `chunking:\n  strategy: external\n  command: [${JSON.stringify(process.execPath)}, "tools/chunk.mjs"]\n  unit: chars\n  max: 400\n`;

describe('chunkgate diff --base REF with an external chunker', () => {
  let repo: TestRepo;
  let base: string;
  let temp: string;
  const savedTmp = process.env.TMPDIR;

  beforeAll(async () => {
    repo = await makeRepo();
    // A temp folder of this test's own, so the copy of the base tree can be seen and seen gone.
    temp = await mkdtemp(join(tmpdir(), 'chunkgate-base-tree-test-'));
    process.env.TMPDIR = temp;
    base = await repo.commit(
      {
        '.chunkgate.yml': CONFIG,
        'tools/chunk.mjs': BASE_SCRIPT,
        'docs/setup.md': '# Setup\n\nInstall the package with npm.\n\nRun the setup command once.\n',
      },
      'base',
    );
    await repo.git('checkout', '-q', '-b', 'feature');
  });
  afterAll(async () => {
    if (savedTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = savedTmp;
    await repo.remove();
    await rm(temp, { recursive: true, force: true });
  });

  const temps = () => readdir(temp);

  it("runs the base commit's script, not the working tree's, and removes its copy of the base tree", async () => {
    await repo.write({
      'tools/chunk.mjs': HEAD_SCRIPT,
      'docs/setup.md': '# Setup\n\nInstall the package with npm.\n\nRun the setup command once.\n\nThe cache expires after an hour.\n',
    });
    const result = await runCli(['diff', '--base', base, '--format', 'json'], { cwd: repo.dir });
    expect(result.stderr).not.toContain('head chunker');
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files.map((file) => file.path)).toEqual(['docs/setup.md']);
    const [file] = report.files;
    expect(file!.findings.filter((finding) => finding.kind === 'unchecked')).toEqual([]);
    // The base's script cut the head page at its blank lines.
    expect(file!.head!.chunks.map((chunk) => chunk.text)).toEqual(['# Setup', 'Install the package with npm.', 'Run the setup command once.', 'The cache expires after an hour.']);
    expect(file!.base!.chunks).toHaveLength(3);
    expect(await temps()).toEqual([]);
  });

  it('runs the base commit\'s script with --head REF too', async () => {
    const head = await repo.commit({}, 'head: the chunker and the page change');
    const result = await runCli(['diff', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
    const report = JSON.parse(result.stdout) as Report;
    expect(report.files[0]!.findings.filter((finding) => finding.kind === 'unchecked')).toEqual([]);
    expect(report.files[0]!.head!.chunks).toHaveLength(4);
  });
});
