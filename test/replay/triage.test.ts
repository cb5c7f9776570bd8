/**
 * Replays the real pull requests kept in fixtures/replay and holds the result to the
 * triage: every gating item must be labelled in fixtures/replay/triage.yml, at least 80% of them
 * real, typo/wording and rename commits silent, and the real problems still found.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatingItems, type GatingItem } from '../../scripts/replay/items.js';
import { listCommits, replayFolder, replayGit, type ReplayCommit } from '../../scripts/replay/run.js';
import { parseTriage, triageOf, type TriageEntry } from '../../scripts/replay/triage.js';

const root = fileURLToPath(new URL('../../fixtures/replay/', import.meta.url));

const key = (item: GatingItem) => `${item.repo}/${item.commit} ${item.file} ${item.item} [${item.heading}]`;

describe('replayed pull requests (fixtures/replay)', () => {
  let commits: ReplayCommit[];
  let triage: TriageEntry[];
  const items = new Map<string, GatingItem[]>();

  beforeAll(async () => {
    commits = await listCommits(root);
    triage = parseTriage(await readFile(`${root}triage.yml`, 'utf8'), 'fixtures/replay/triage.yml');
    for (const commit of commits) items.set(`folder ${commit.commit}`, gatingItems(commit.repo, commit.commit, (await replayFolder(commit)).report));
    // Git finds renames itself: replay those through a real repository as well.
    for (const commit of commits.filter((candidate) => candidate.category === 'rename')) {
      items.set(`git ${commit.commit}`, gatingItems(commit.repo, commit.commit, (await replayGit(commit)).report));
    }
  });

  it('replays every case', () => {
    expect(commits.length).toBe(17);
  });

  it('has every gating item triaged', () => {
    const untriaged = [...items.values()].flat().filter((item) => !triageOf(item, triage));
    expect(untriaged.map(key)).toEqual([]);
  });

  it('keeps at least 80% of gating items real', () => {
    const all = [...items.values()].flat();
    const real = all.filter((item) => triageOf(item, triage)?.verdict === 'real');
    expect(all.length).toBeGreaterThan(0);
    expect(real.length / all.length).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps typo, wording and rename commits free of noise', () => {
    const loud = commits
      .filter((commit) => commit.category === 'small' || commit.category === 'rename')
      .flatMap((commit) => [...(items.get(`folder ${commit.commit}`) ?? []), ...(items.get(`git ${commit.commit}`) ?? [])])
      .filter((item) => triageOf(item, triage)?.verdict !== 'real');
    expect(loud.map(key)).toEqual([]);
  });

  it('still finds the real problems: a new code example cut in two', () => {
    const found = [...items.entries()].flatMap(([mode, list]) => list.map((item) => `${mode.split(' ')[0]} ${key(item)}`));
    expect(found).toContain(
      'folder react-dev/29743d0e4983 src/content/reference/react/useOptimistic.md regression/code-fence-split [useOptimistic › Usage {/usage/} › Handling multiple action types {/handling-multiple-action-types/}]',
    );
    // A page's H1 deleted (mkdocs-material 0c498b434560) no longer gates: the retrieval probes
    // measured no passage of the page harder to find, so `heading-lost` is listed, not gating.
    expect(found.some((item) => item.includes('0c498b434560') && item.includes('heading-lost'))).toBe(false);
  });
});
