import { lengthStats, type LengthStats } from './stats.js';

/** How a candidate `max` would treat the sections. */
interface MaxCandidate {
  value: number;
  /** Sections whose body is longer than `value` (they would be split). */
  split: number;
  /** Share (0–1) of sections left whole. */
  unsplitShare: number;
}

/** How a candidate `min` would treat the sections. */
interface MinCandidate {
  value: number;
  /** Sections whose body is shorter than `value` (they would be merged). */
  merged: number;
  /** Share (0–1) of sections merged. */
  mergedShare: number;
}

/** `chunkgate advise`'s answer for a set of section lengths (docs/cli.md#choosing-max-and-min). */
export interface LimitAdvice {
  stats: LengthStats;
  max: { recommended: number; range: [number, number]; candidates: MaxCandidate[]; reason: string };
  min: { recommended: number; range: [number, number]; candidates: MinCandidate[]; reason: string };
  /** How the config's current values treat the sections (when {@link RecommendOptions.current} is given). */
  current?: { max: MaxCandidate; min: MinCandidate };
}

/** Options for {@link recommendLimits}. */
export interface RecommendOptions {
  /** Extra `max` values to show (default: common sizes 128 … 2048). */
  maxCandidates?: number[];
  /** Extra `min` values to show (default: common sizes 16 … 512). */
  minCandidates?: number[];
  /** Embedding model input limit in the same unit; `max` stays ≤ a third of it (default: none). */
  embeddingLimit?: number;
  /** The config's current `max` and `min`, listed as candidates and reported as `current` (default: none). */
  current?: { max: number; min: number };
}

const MAX_CANDIDATES = [128, 256, 384, 512, 768, 1000, 1024, 1500, 2000, 2048];
const MIN_CANDIDATES = [16, 32, 50, 64, 100, 128, 200, 300, 500];

/**
 * Recommends `max` and `min` from section body lengths, with the rules of docs/cli.md#choosing-max-and-min:
 * `max` ≈ P75 × 2–3, the smallest such value that leaves ≥ 90% of sections unsplit
 * (and ≤ a third of the embedding limit when given); `min` ≈ P25, the largest value
 * up to P25 × 1.5 that merges < 20% of sections. Every candidate is listed with how
 * many sections it would split or merge; the embedding ceiling and the config's current values
 * are candidates too.
 */
export function recommendLimits(lengths: readonly number[], options: RecommendOptions = {}): LimitAdvice {
  const stats = lengthStats(lengths);
  const total = lengths.length;
  const ceiling = options.embeddingLimit ? Math.floor(options.embeddingLimit / 3) : Infinity;

  const maxLow = Math.max(1, Math.round(stats.p75 * 2));
  const maxHigh = Math.max(maxLow, Math.round(stats.p75 * 3));
  // The ceiling itself is a candidate: with a limit, the largest allowed value is often the answer.
  const extraMax = [maxLow, maxHigh, ...(Number.isFinite(ceiling) && ceiling >= 1 ? [ceiling] : []), ...(options.current ? [options.current.max] : [])];
  const maxValues = unique([...(options.maxCandidates ?? MAX_CANDIDATES), ...extraMax]);
  const maxCandidates = maxValues.map((value) => {
    const split = lengths.filter((length) => length > value).length;
    return { value, split, unsplitShare: total === 0 ? 1 : (total - split) / total };
  });
  const fits = (candidate: MaxCandidate) => candidate.unsplitShare >= 0.9 && candidate.value <= ceiling;
  const inRange = maxCandidates.find((c) => c.value >= maxLow && c.value <= maxHigh && fits(c));
  const above = maxCandidates.find((c) => c.value >= maxLow && fits(c));
  const maxPick = inRange ?? above ?? maxCandidates.filter((c) => c.value <= ceiling).at(-1) ?? maxCandidates.at(-1)!;
  const maxReason = inRange
    ? `P75 × 2–3 = ${maxLow}–${maxHigh}; ${maxPick.value} leaves ${percent(maxPick.unsplitShare)} of sections unsplit (≥ 90%)`
    : above
      ? `nothing in P75 × 2–3 = ${maxLow}–${maxHigh} leaves 90% unsplit; ${maxPick.value} is the smallest that does`
      : `no candidate leaves 90% of sections unsplit within the limits; ${maxPick.value} is the largest allowed`;

  const minHigh = Math.max(1, Math.round(stats.p25 * 1.5));
  const minValues = unique([...(options.minCandidates ?? MIN_CANDIDATES), stats.p25, minHigh, ...(options.current ? [options.current.min] : [])].filter((v) => v > 0));
  const minCandidates = minValues.map((value) => {
    const merged = lengths.filter((length) => length < value).length;
    return { value, merged, mergedShare: total === 0 ? 0 : merged / total };
  });
  const gentle = minCandidates.filter((c) => c.mergedShare < 0.2 && c.value < maxPick.value);
  const minPick = gentle.filter((c) => c.value <= minHigh).at(-1) ?? gentle.at(0) ?? { value: 0, merged: 0, mergedShare: 0 };
  const minReason =
    minPick.value === 0
      ? 'every candidate would merge 20% of sections or more; keep min at 0'
      : `P25 = ${stats.p25}; ${minPick.value} merges ${minPick.merged} of ${total} sections (${percent(minPick.mergedShare)}, < 20%)`;

  const advice: LimitAdvice = {
    stats,
    max: { recommended: maxPick.value, range: [maxLow, maxHigh], candidates: maxCandidates, reason: maxReason },
    min: { recommended: minPick.value, range: [stats.p25, minHigh], candidates: minCandidates, reason: minReason },
  };
  if (options.current) {
    const { max, min } = options.current;
    const merged = lengths.filter((length) => length < min).length;
    advice.current = {
      max: maxCandidates.find((c) => c.value === max)!,
      min: minCandidates.find((c) => c.value === min) ?? { value: min, merged, mergedShare: total === 0 ? 0 : merged / total },
    };
  }
  return advice;
}

function unique(values: number[]): number[] {
  return [...new Set(values)].sort((a, b) => a - b);
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}
