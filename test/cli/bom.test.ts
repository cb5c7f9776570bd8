/**
 * A file that starts with a byte-order mark (U+FEFF) reads the same through git and from a folder
 * alike: byte for byte the same report, and no false source loss from an offset shifted by one.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';

const BOM = '\uFEFF';
const BASE = `${BOM}# Setup\n\nInstall the agent on every host and start it as a service.\n\n## Upgrade\n\nStop the agent, replace the binary, and start it again.\n`;
const HEAD = BASE.replace('start it again.', 'start it again. Check the version it prints.');

describe('a byte-order mark', () => {
  let repo: TestRepo;
  let root: string;
  let base: string;
  let head: string;
  beforeAll(async () => {
    repo = await makeRepo();
    base = await repo.commit({ 'docs/setup.md': BASE }, 'base');
    head = await repo.commit({ 'docs/setup.md': HEAD }, 'head');
    root = await mkdtemp(join(tmpdir(), 'chunkgate-bom-'));
    for (const [side, text] of [['base', BASE], ['head', HEAD]] as const) {
      await mkdir(join(root, side, 'docs'), { recursive: true });
      await writeFile(join(root, side, 'docs', 'setup.md'), text);
    }
  });
  afterAll(async () => {
    await repo.remove();
    await rm(root, { recursive: true, force: true });
  });

  it('gives the same report through git and from folders, without source loss', async () => {
    const viaGit = await runCli(['diff', '--base', base, '--head', head, '--format', 'json'], { cwd: repo.dir });
    const viaFolders = await runCli(['diff', '--base-dir', join(root, 'base'), '--head-dir', join(root, 'head'), '--format', 'json'], { cwd: root });
    const files = (text: string) => JSON.stringify((JSON.parse(text) as Report).files);
    expect(files(viaGit.stdout)).toBe(files(viaFolders.stdout));
    const [file] = (JSON.parse(viaGit.stdout) as Report).files;
    expect(file!.head!.coverage).toBe(1);
    expect(file!.head!.chunks.flatMap((chunk) => chunk.issues.map((issue) => issue.tag))).not.toContain('source-loss');
    // The mark is not text: the first chunk starts at the heading.
    expect(file!.head!.chunks[0]!.text.startsWith('# Setup')).toBe(true);
  });
});
