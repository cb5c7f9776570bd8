import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

/** LangChain's recursive splitter at 120 characters: it packs paragraphs and headings alike, so a heading can close a chunk. */
const CONFIG = 'chunking: { strategy: langchain-recursive, unit: chars, chunkSize: 120, chunkOverlap: 0 }\n';
const REST = ['Upload', 'Retry', 'Rotate', 'Verify'].map((name) => `## ${name}\n\nThe agent does the ${name.toLowerCase()} step once an hour.\n`).join('\n');
const PAGE = `# Keys\n\nThe keys are listed below.\n\n${REST}`;
/**
 * The same page with the first paragraph grown (still over 50% the same): the packing shifts, and
 * "## Upload" (L5) and "## Rotate" (L13) now close chunks, away from their text — on the base
 * side no heading did.
 */
const EDITED = `# Keys\n\nThe keys are listed below, one per line, with what each one does and which service reads it.\n\n${REST}`;

async function folders(base: Record<string, string>, head: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'chunkgate-renames-'));
  for (const [side, files] of [['base', base], ['head', head]] as const) {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, side, path)), { recursive: true });
      await writeFile(join(root, side, path), text);
    }
  }
  return root;
}

describe('renames in folder mode', () => {
  const roots: string[] = [];
  afterAll(() => Promise.all(roots.map((root) => rm(root, { recursive: true, force: true }))));

  it('reports nothing for a pure rename, and says so once in the comment', async () => {
    const root = await folders({ '.chunkgate.yml': CONFIG, 'docs/keys.md': PAGE }, { '.chunkgate.yml': CONFIG, 'docs/reference/keys.md': PAGE });
    roots.push(root);
    const json = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json'], { cwd: root });
    const report = JSON.parse(json.stdout) as Report;
    expect(report.files.map((file) => [file.path, file.previousPath, file.status, file.regressions.length, file.failures.length, file.findings.length])).toEqual([
      ['docs/reference/keys.md', 'docs/keys.md', 'renamed', 0, 0, 0],
    ]);
    expect(json.code).toBe(0);
    const md = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'md'], { cwd: root });
    expect(md.stdout).toContain('- `docs/reference/keys.md`: renamed from `docs/keys.md`, text unchanged — nothing to report.');
  });

  it('judges a rename with an edit as an edit: the heading it strands is a finding', async () => {
    const root = await folders({ '.chunkgate.yml': CONFIG, 'docs/keys.md': PAGE }, { '.chunkgate.yml': CONFIG, 'docs/reference/keys.md': EDITED });
    roots.push(root);
    const result = await runCli(['diff', '--base-dir', 'base', '--head-dir', 'head', '--format', 'json'], { cwd: root });
    const [file] = (JSON.parse(result.stdout) as Report).files;
    expect([file!.path, file!.previousPath, file!.status]).toEqual(['docs/reference/keys.md', 'docs/keys.md', 'renamed']);
    expect(file!.findings.map((finding) => [finding.kind, finding.origin, finding.gating, finding.line])).toEqual([
      ['orphan-heading', 'new', true, 5],
      ['orphan-heading', 'new', true, 13],
    ]);
    expect(result.code).toBe(1);
  });
});

describe('renames in git mode', () => {
  let repo: TestRepo;
  beforeAll(async () => {
    repo = await makeRepo();
    await repo.commit({ '.chunkgate.yml': CONFIG, 'docs/keys.md': PAGE }, 'base');
  });
  afterAll(() => repo.remove());

  it('follows a rename with an edit the way git does, and finds the same stranded heading', async () => {
    const base = await repo.git('rev-parse', 'HEAD');
    const head = await repo.commit({ 'docs/keys.md': null, 'docs/reference/keys.md': EDITED }, 'move and edit');
    const result = await runCli(['diff', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
    const [file] = (JSON.parse(result.stdout) as Report).files;
    expect([file!.path, file!.previousPath, file!.status]).toEqual(['docs/reference/keys.md', 'docs/keys.md', 'renamed']);
    expect(file!.findings.map((finding) => [finding.kind, finding.origin, finding.gating, finding.line])).toEqual([
      ['orphan-heading', 'new', true, 5],
      ['orphan-heading', 'new', true, 13],
    ]);
  });
});
