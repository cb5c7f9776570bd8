/**
 * `npm run replay`: replays real docs commits as pull requests and measures what chunkgate flags
 * (docs/development.md#replaying-real-pull-requests). Prints one table row per repository and
 * mode (commits, flagged items, gating items, failing verdicts, triage labels, time) and writes
 * every gating item, with its triage label, as JSON to `--dump`.
 *
 *   npm run replay -- [--root ../shared/replay] [--mode folder|git|both] [--repo NAME]…
 *                     [--triage fixtures/replay/triage.yml] [--dump replay-gating.json] [--check]
 *
 * `--check` exits 1 when a gating item is not in the triage file.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { flaggedCount, gatingItems, type GatingItem } from './replay/items.js';
import { listCommits, replayFolder, replayGit, type ReplayResult } from './replay/run.js';
import { parseTriage, triageOf, type TriageEntry } from './replay/triage.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    root: { type: 'string', default: join(repoRoot, '..', 'shared', 'replay') },
    mode: { type: 'string', default: 'both' },
    repo: { type: 'string', multiple: true },
    triage: { type: 'string', default: join(repoRoot, 'fixtures', 'replay', 'triage.yml') },
    dump: { type: 'string', default: 'replay-gating.json' },
    check: { type: 'boolean', default: false },
  },
});
if (!['folder', 'git', 'both'].includes(values.mode)) throw new Error(`--mode ${values.mode}: expected folder, git or both`);
const modes = values.mode === 'both' ? (['folder', 'git'] as const) : ([values.mode] as ('folder' | 'git')[]);

const triage: TriageEntry[] = await readFile(values.triage, 'utf8').then(
  (text) => parseTriage(text, values.triage),
  () => [],
);
const commits = await listCommits(values.root, values.repo ? { repos: values.repo } : {});
if (commits.length === 0) {
  console.error(`no replay commits under ${values.root}`);
  process.exit(2);
}

interface Row {
  mode: string;
  repo: string;
  commits: number;
  flagged: number;
  gating: number;
  failing: number;
  real: number;
  noise: number;
  untriaged: number;
  loudQuiet: string[];
  ms: number;
}

const dump: (GatingItem & { mode: string; category: string; verdict: string; reason?: string })[] = [];
const rows: Row[] = [];
for (const mode of modes) {
  const byRepo = new Map<string, Row>();
  for (const commit of commits) {
    let result: ReplayResult;
    try {
      result = await (mode === 'folder' ? replayFolder(commit) : replayGit(commit));
    } catch (error) {
      console.error(`${mode} ${commit.repo}/${commit.commit}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const row =
      byRepo.get(commit.repo) ??
      byRepo.set(commit.repo, { mode, repo: commit.repo, commits: 0, flagged: 0, gating: 0, failing: 0, real: 0, noise: 0, untriaged: 0, loudQuiet: [], ms: 0 }).get(commit.repo)!;
    const items = gatingItems(commit.repo, commit.commit, result.report);
    row.commits += 1;
    row.flagged += flaggedCount(result.report);
    row.gating += items.length;
    row.failing += result.report.summary.verdict === 'fail' ? 1 : 0;
    row.ms += result.ms;
    // A typo/wording commit or a pure rename must stay silent: name the ones that do not.
    if ((commit.category === 'small' || commit.category === 'rename') && items.length > 0) row.loudQuiet.push(`${commit.category}:${commit.commit}`);
    for (const item of items) {
      const entry = triageOf(item, triage);
      if (entry?.verdict === 'real') row.real += 1;
      else if (entry?.verdict === 'noise') row.noise += 1;
      else row.untriaged += 1;
      dump.push({ ...item, mode, category: commit.category, verdict: entry?.verdict ?? 'untriaged', ...(entry ? { reason: entry.reason } : {}) });
    }
  }
  const repos = [...byRepo.values()];
  rows.push(...repos);
  const total = repos.reduce<Row>(
    (sum, row) => ({
      ...sum,
      commits: sum.commits + row.commits,
      flagged: sum.flagged + row.flagged,
      gating: sum.gating + row.gating,
      failing: sum.failing + row.failing,
      real: sum.real + row.real,
      noise: sum.noise + row.noise,
      untriaged: sum.untriaged + row.untriaged,
      loudQuiet: [...sum.loudQuiet, ...row.loudQuiet],
      ms: sum.ms + row.ms,
    }),
    { mode, repo: 'total', commits: 0, flagged: 0, gating: 0, failing: 0, real: 0, noise: 0, untriaged: 0, loudQuiet: [], ms: 0 },
  );
  rows.push(total);
}

const precision = (row: Row) => (row.gating === 0 ? '—' : `${Math.round((100 * row.real) / row.gating)}%`);
const header = ['mode', 'repo', 'commits', 'flagged', 'gating', 'failing verdicts', 'real', 'noise', 'untriaged', 'precision', 'loud small/rename', 'time'];
const table = [
  `| ${header.join(' | ')} |`,
  `|${header.map((_, index) => (index < 2 ? '---' : '--:')).join('|')}|`,
  ...rows.map(
    (row) =>
      `| ${row.mode} | ${row.repo === 'total' ? '**total**' : row.repo} | ${row.commits} | ${row.flagged} | ${row.gating} | ${row.failing} | ${row.real} | ${row.noise} | ${row.untriaged} | ${precision(row)} | ${row.loudQuiet.length} | ${(row.ms / 1000).toFixed(1)} s |`,
  ),
];
console.log(table.join('\n'));
const loud = rows.filter((row) => row.repo === 'total').flatMap((row) => row.loudQuiet.map((name) => `${row.mode} ${name}`));
if (loud.length > 0) console.log(`\nsmall or rename commits with a gating item: ${loud.join(', ')}`);
await writeFile(values.dump, `${JSON.stringify(dump, null, 2)}\n`);
console.log(`\n${dump.length} gating items written to ${values.dump}`);
const untriaged = dump.filter((item) => item.verdict === 'untriaged');
if (values.check && untriaged.length > 0) {
  console.error(`${untriaged.length} gating items are not triaged in ${values.triage}`);
  process.exit(1);
}
