import { readFile, readdir, rm, writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/types.js';
import { CLI_ENTRY, runCli } from '../helpers/cli.js';
import { writeBoilerplateSite } from '../helpers/boilerplate-site.js';
import { makeRepo, type TestRepo } from '../helpers/git-repo.js';
import { FIXTURE_DOCS } from '../helpers/fixture-docs.js';

const root = new URL('../../', import.meta.url).pathname;

/**
 * Runs every slice of `argv` (with `--shard I/3 --format json`) and `each`, writes their reports
 * and merges them; `--jobs 2` with `threads`, for the second slice only (one slice on worker threads
 * shows they change nothing, and each pool starts the bundle twice).
 */
async function shardedAndMerged(argv: string[], cwd: string, dir: string, options: { each?: string[]; threads?: boolean } = {}) {
  const slices: string[] = [];
  for (let index = 1; index <= 3; index += 1) {
    const extra = [...(options.each ?? []), ...(options.threads && index === 2 ? ['--jobs', '2'] : [])];
    const slice = await runCli([...argv, '--shard', `${index}/3`, ...extra], { cwd, ...(extra.includes('--jobs') ? { workerUrl: CLI_ENTRY } : {}) });
    expect([0, 1], slice.stderr).toContain(slice.code);
    slices.push(slice.stdout);
  }
  return mergeSlices(slices, cwd, dir);
}

/** Writes the three slice reports `slices` (in slice order) and merges them. */
async function mergeSlices(slices: string[], cwd: string, dir: string) {
  const files: string[] = [];
  for (const [index, slice] of slices.entries()) {
    const file = join(dir, `slice-${index + 1}.json`);
    await writeFile(file, slice);
    files.push(file);
  }
  // Given in any order: merge sorts them by slice number.
  return runCli(['merge', files[2]!, files[0]!, files[1]!], { cwd });
}

describe('chunkgate eval --shard and merge', () => {
  let dir: string;
  beforeAll(async () => void (dir = await mkdtemp(join(tmpdir(), 'chunkgate-shard-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('merges the slices into the report of one run, byte for byte', async () => {
    const argv = ['eval', ...FIXTURE_DOCS, '--format', 'json'];
    const whole = await runCli(argv, { cwd: root });
    const outputs: string[] = [];
    for (let index = 1; index <= 3; index += 1) {
      const slice = await runCli([...argv, '--shard', `${index}/3`], { cwd: root });
      expect([0, 1], slice.stderr).toContain(slice.code);
      outputs.push(slice.stdout);
    }
    const slices = outputs.map((output) => JSON.parse(output) as Report);
    // Every file in exactly one slice, and no slice empty on these fixtures.
    const paths = slices.flatMap((slice) => slice.files.map((file) => file.path)).sort();
    expect(paths).toEqual((JSON.parse(whole.stdout) as Report).files.map((file) => file.path));
    for (const slice of slices) expect(slice.files.length).toBeGreaterThan(0);
    expect(slices[1]!.shard).toMatchObject({ index: 2, count: 3, command: 'eval', failOn: ['threshold'] });
    // The same slices, merged (running them again would give the same bytes: eval is deterministic).
    const merged = await mergeSlices(outputs, root, dir);
    // eval exits 0 whatever the verdict (these fixtures fail a threshold), and so does its merge.
    expect(JSON.parse(merged.stdout).summary.verdict).toBe('fail');
    expect(merged.code).toBe(0);
    expect(merged.stdout).toBe(whole.stdout);
  });

  it("adds the cross-file findings no slice could see alone, from every slice's pages", async () => {
    const site = await writeBoilerplateSite();
    try {
      const argv = ['eval', '--format', 'json'];
      const whole = await runCli(argv, { cwd: site });
      const footers = (JSON.parse(whole.stdout) as Report).files.map((file) => file.head!.chunks.flatMap((chunk) => chunk.issues.filter((issue) => issue.tag === 'boilerplate')).length);
      expect(footers).toEqual(Array.from({ length: 9 }, () => 1));
      // A slice leaves the check to merge (it sees a third of the pages), and lists its pages for it.
      const slice = JSON.parse((await runCli([...argv, '--shard', '1/3'], { cwd: site })).stdout) as Report;
      expect(JSON.stringify(slice.files)).not.toContain('"boilerplate"');
      expect(slice.shard!.pages.head.map((page) => page.path)).toEqual(slice.files.map((file) => file.path));
      const merged = await shardedAndMerged(argv, site, dir, { threads: true });
      expect(merged.stdout).toBe(whole.stdout);
    } finally {
      await rm(site, { recursive: true, force: true });
    }
  });

  it('refuses slices that are missing, repeated or from another run', async () => {
    // Small corpora: merge refuses these before it reads a file's scores.
    const argv = ['eval', 'fixtures/demo', '--format', 'json'];
    const write = async (name: string, args: string[]) => {
      const result = await runCli(args, { cwd: root });
      await writeFile(join(dir, name), result.stdout);
      return join(dir, name);
    };
    const one = await write('a1.json', [...argv, '--shard', '1/2']);
    const two = await write('a2.json', [...argv, '--shard', '2/2']);
    const other = await write('b2.json', ['eval', 'fixtures/retrieval', '--format', 'json', '--shard', '2/2']);
    const whole = await write('whole.json', argv);
    const missing = await runCli(['merge', one], { cwd: root });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('slices 2/2 are missing');
    expect((await runCli(['merge', one, one, two], { cwd: root })).stderr).toContain('slice 1/2 is given twice');
    expect((await runCli(['merge', one, other], { cwd: root })).stderr).toContain('not slices of one run: their file lists differ');
    expect((await runCli(['merge', whole], { cwd: root })).stderr).toContain('is not the report of a slice');
    expect((await runCli(['eval', 'fixtures', '--shard', '3/2'], { cwd: root })).stderr).toContain('Unexpected --shard "3/2"');
  });
});

describe('chunkgate diff --shard and merge, golden set included', () => {
  let repo: TestRepo;
  let dir: string;
  let base: string;
  let head: string;

  beforeAll(async () => {
    repo = await makeRepo();
    dir = await mkdtemp(join(tmpdir(), 'chunkgate-shard-diff-'));
    const tree = async (side: 'base' | 'head') => {
      const files: Record<string, string> = {};
      const walk = async (at: string, prefix: string): Promise<void> => {
        for (const entry of await readdir(at, { withFileTypes: true })) {
          if (entry.isDirectory()) await walk(join(at, entry.name), `${prefix}${entry.name}/`);
          else files[`${prefix}${entry.name}`] = await readFile(join(at, entry.name), 'utf8');
        }
      };
      await walk(join(root, 'fixtures', 'retrieval', side), '');
      return files;
    };
    const extra = (edit: string) =>
      Object.fromEntries(
        ['guide', 'faq', 'setup', 'limits', 'api'].map((name) => [`docs/more/${name}.md`, `# ${name}\n\nThe ${name} page explains ${name}. ${edit}\n\n## Details\n\nMore about ${name}: it is configured once and read at start-up.\n`]),
      );
    base = await repo.commit({ ...(await tree('base')), ...extra('First version.') }, 'base');
    head = await repo.commit({ ...(await tree('head')), ...extra('It changed: now it is shorter.') }, 'head');
  });
  afterAll(async () => {
    await repo.remove();
    await rm(dir, { recursive: true, force: true });
  });

  it('merges the slices into the report of one run, retrieval included', async () => {
    const argv = ['diff', '--repo', repo.dir, '--base', base, '--head', head, '--format', 'json', '--no-fail'];
    const whole = await runCli(argv, { cwd: repo.dir });
    const report = JSON.parse(whole.stdout) as Report;
    expect(report.files.length).toBeGreaterThanOrEqual(6);
    expect(report.retrieval?.queries.length).toBeGreaterThanOrEqual(12);
    const merged = await shardedAndMerged(argv, repo.dir, dir, { each: ['--cache-dir', join(dir, 'cache')], threads: true });
    expect(merged.stdout).toBe(whole.stdout);
    // The golden set's mrrDrop limit fails in the whole run, so the merged verdict fails too.
    expect(report.summary.verdict).toBe('fail');
    expect(merged.code).toBe(1);
    // As Markdown, the merged slices give the comment of the whole run (no notices, no commits: the merge has neither).
    const slices = [1, 2, 3].map((index) => join(dir, `slice-${index}.json`));
    const comment = await runCli(['merge', ...slices, '--format', 'md'], { cwd: repo.dir });
    const wholeComment = await runCli(['diff', '--repo', repo.dir, '--base', base, '--head', head, '--format', 'md', '--no-fail'], { cwd: repo.dir });
    expect(comment.stdout).toContain('### 🔎 Retrieval on the golden set');
    expect(comment.stdout.split('\n').slice(0, 3)).toEqual(wholeComment.stdout.split('\n').slice(0, 3));
  });
});
