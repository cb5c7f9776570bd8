import { fileFacts } from '../compare/facts.js';
import type { PairRunner } from '../engine/compare-files.js';
import type { PairResult, PairTask } from '../engine/pair.js';
import type { ContentCache } from '../sources/content-cache.js';
import type { DocDiff } from '../types.js';
import { inFlightFiles, type Pool } from './pool.js';

/** What the content cache keeps of a pair: its report entry, notices and pages; the rest is derived from the entry. */
interface CachedPair {
  entry: string;
  warnings: string[];
  pages: PairResult['pages'];
}

/**
 * Runs pair tasks on `pool`, behind the content cache when one is given: a task whose every input
 * (texts, settings, the external chunker's chunks, thresholds) was seen by an earlier run
 * gets that run's result. Results that need the analysis itself (sources for the HTML page,
 * chunks for retrieval) are always computed, and so are files that could not be checked (a
 * spent time budget depends on the machine, not on the file).
 */
export function pairRunner(pool: Pool, cache: ContentCache | null): PairRunner {
  return {
    inFlight: inFlightFiles(pool),
    async run(task) {
      const key = cache && !task.want.sources && !task.want.chunks ? cache.key({ ...task, want: null }) : null;
      if (cache && key !== null) {
        const cached = await cache.get<CachedPair>(key);
        if (cached) return fromCache(cached, task);
      }
      const answer = await pool.run({ kind: 'pair', task: key === null ? task : { ...task, want: { ...task.want, json: true } } });
      if (answer.kind !== 'pair') throw new Error(`evaluating ${task.pair.path}: unexpected ${answer.kind} result`);
      const { result } = answer;
      if (cache && key !== null && result.json !== undefined && !result.facts.diff.findings.some((finding) => finding.kind === 'unchecked')) {
        await cache.set(key, { entry: result.json, warnings: result.warnings, pages: result.pages } satisfies CachedPair);
      }
      return result;
    },
  };
}

/** A cache hit: the entry is written as it was; the diff behind it is parsed back for the summary and the text reports. */
function fromCache(cached: CachedPair, task: PairTask): PairResult {
  const diff = JSON.parse(cached.entry) as DocDiff;
  return {
    facts: fileFacts(diff),
    warnings: cached.warnings,
    pages: cached.pages,
    ...(task.want.json ? { json: cached.entry } : {}),
    ...(task.want.diff ? { diff } : {}),
  };
}
