/**
 * A one-file pull request on a 2,000-file synthetic docs repo, compared with `chunkgate diff` as
 * the action's checkout does it (real git, two commits): with a golden set of 40 queries against
 * the same PR without one (target ≤ 3×, docs/design.md#speed). With the content cache (`--cache-dir`) restored, as
 * docs/cli.md's workflow keeps it with actions/cache, and cold, for reference. The repository's
 * objects are packed, as in a fetched checkout.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { interleaved, line, median, ms, runNode, verdict } from './measure.js';
import { random, writeSite } from './synthetic.js';

const scale = Number(process.env.BENCH_SCALE ?? 1);

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'bench@example.test', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'bench@example.test' },
  }).trim();
}

/** 40 queries (types A–D) whose evidence is a verbatim sentence of the site's files. */
function goldenSet(repo: string, paths: readonly string[]): string {
  const rng = random(404);
  const sentence = (path: string): string => {
    const prose = readFileSync(join(repo, path), 'utf8')
      .split('\n')
      .filter((text) => /^[A-Z][a-z]+ [a-z]+ [a-z]+/.test(text) && !text.includes('`') && !text.includes('['));
    const pick = prose[Math.floor(rng() * prose.length)] ?? 'Will';
    return pick.split(/(?<=[.?]) /)[0]!.slice(0, 120);
  };
  const types = ['A', 'B', 'C', 'D'] as const;
  const queries = Array.from({ length: 40 }, (_, index) => {
    const type = types[index % 4]!;
    const files = Array.from({ length: type === 'C' || type === 'D' ? 2 : 1 }, () => paths[Math.floor(rng() * paths.length)]!);
    const evidence = files.map((file) => ({ file, text: sentence(file) }));
    const words = evidence.flatMap((item) => item.text.toLowerCase().replace(/[^a-z ]/g, '').split(' ')).filter((word) => word.length > 4);
    return { id: `q${index}`, type, query: `How does ${words.slice(0, 4).join(' ')} work?`, evidence };
  });
  return stringify({ queries });
}

/**
 * A git repository under `dir/repo` of `files` synthetic docs and a golden set, a one-file change
 * on top, and two configs naming a golden file that exists (`dir/with.yml`) or does not
 * (`dir/without.yml`). Returns the repository and both commits.
 */
export function goldenRepo(dir: string, files: number): { repo: string; base: string; head: string; paths: string[] } {
  const repo = join(dir, 'repo');
  mkdirSync(repo, { recursive: true });
  git(repo, 'init', '-q', '-b', 'main');
  const paths = writeSite(repo, files, (files * 19_000_000) / 2476, 2000);
  mkdirSync(join(repo, '.chunkgate'));
  writeFileSync(join(repo, '.chunkgate', 'golden.yml'), goldenSet(repo, paths));
  git(repo, 'add', '-A');
  git(repo, 'commit', '-q', '-m', 'base');
  const base = git(repo, 'rev-parse', 'HEAD');
  appendFileSync(join(repo, paths[Math.floor(files / 2)]!), '\n## A new section\n\nIt documents one more option, added by this pull request, with a sentence or two about its default.\n');
  git(repo, 'commit', '-q', '-am', 'one file');
  const head = git(repo, 'rev-parse', 'HEAD');
  // Objects in a pack, as the action's checkout has them (actions/checkout fetches a pack): the
  // commits above leave ~4,000 loose objects, each a file for git to open and inflate.
  git(repo, 'repack', '-a', '-d', '-q');
  // Both runs name their config, identical but for the golden file: the PR is the same.
  // The retrieval probes are off in both: this measures the golden set (`benchProbesPr` the probes).
  writeFileSync(join(dir, 'with.yml'), 'golden: { file: .chunkgate/golden.yml }\nretrieval: { probes: off }\n');
  writeFileSync(join(dir, 'without.yml'), 'golden: { file: .chunkgate/none.yml }\nretrieval: { probes: off }\n');
  writeFileSync(join(dir, 'probes.yml'), 'golden: { file: .chunkgate/none.yml }\n');
  return { repo, base, head, paths };
}

/** Prints the golden-set PR ratio (warm cache) and returns it. */
export async function benchGoldenPr(cli: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-bench-golden-'));
  try {
    const files = Math.round(2000 * scale);
    const { repo, base, head, paths } = goldenRepo(dir, files);
    const cache = join(dir, 'cache');
    const diff = (config: string, extra: string[] = []) => () =>
      runNode([cli, 'diff', '--repo', repo, '--base', base, '--head', head, '--config', join(dir, config), '--format', 'json', '--out', join(dir, 'report.json'), '--no-fail', ...extra], repo);
    const cold = await diff('with.yml', ['--cache-dir', cache])();
    const results = await interleaved({ without: diff('without.yml'), golden: diff('with.yml', ['--cache-dir', cache]) });
    const wall = (name: string) => median(results[name]!.map((run) => run.wallMs));
    const cpu = (name: string) => median(results[name]!.map((run) => run.cpuMs));
    const ratio = wall('golden') / wall('without');
    const bytes = paths.reduce((sum, path) => sum + readFileSync(join(repo, path)).length, 0);
    console.log(`  ${files} files, ${(bytes / 1e6).toFixed(1)} MB, 40 golden queries, one file changed; median of ${results.golden!.length} interleaved rounds`);
    line('chunkgate diff, no golden set', `${ms(wall('without'))} wall · ${ms(cpu('without'))} CPU`);
    line('chunkgate diff, golden set, --cache-dir restored', `${ms(wall('golden'))} wall · ${ms(cpu('golden'))} CPU · ${verdict(ratio, '≤ 3×', ratio <= 3)}`);
    line('chunkgate diff, golden set, empty cache (first run)', `${ms(cold.wallMs)} wall · ${ms(cold.cpuMs)} CPU · ${(cold.wallMs / wall('without')).toFixed(2)}×`);
    return ratio;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same one-file PR with the retrieval probes (the default: every kept passage of the changed
 * page looked for over both sides' whole corpus) against it with `retrieval.probes: off`
 * (target ≤ 3×, docs/design.md#speed), content cache restored. Prints the ratio and returns it.
 */
export async function benchProbesPr(cli: string): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'chunkgate-bench-probes-'));
  try {
    const files = Math.round(2000 * scale);
    const { repo, base, head } = goldenRepo(dir, files);
    const cache = join(dir, 'cache');
    const diff = (config: string, extra: string[] = []) => () =>
      runNode([cli, 'diff', '--repo', repo, '--base', base, '--head', head, '--config', join(dir, config), '--format', 'json', '--out', join(dir, 'report.json'), '--no-fail', ...extra], repo);
    await diff('probes.yml', ['--cache-dir', cache])();
    const results = await interleaved({ off: diff('without.yml'), probes: diff('probes.yml', ['--cache-dir', cache]) });
    const wall = (name: string) => median(results[name]!.map((run) => run.wallMs));
    const cpu = (name: string) => median(results[name]!.map((run) => run.cpuMs));
    const ratio = wall('probes') / wall('off');
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { probes?: { passages: number; probes: number } };
    console.log(`  ${files} files, one file changed, ${report.probes?.passages ?? 0} passages, ${report.probes?.probes ?? 0} probes; median of ${results.probes!.length} interleaved rounds`);
    line('chunkgate diff, retrieval.probes: off', `${ms(wall('off'))} wall · ${ms(cpu('off'))} CPU`);
    line('chunkgate diff, probes, --cache-dir restored', `${ms(wall('probes'))} wall · ${ms(cpu('probes'))} CPU · ${verdict(ratio, '≤ 3×', ratio <= 3)}`);
    return ratio;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
