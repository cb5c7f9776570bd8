import { createHash } from 'node:crypto';
import type { EvaluatedChunk, Grade, Report } from '../types.js';

/** One chunk drawn for people to score. */
export interface SampleItem {
  /** The chunk's id (hash of path + text): how `calibrate score` finds the judge's verdict again. */
  id: string;
  file: string;
  /** 0-based chunk index in the file. */
  index: number;
  startLine: number;
  endLine: number;
  headingPath: string[];
  /** The stratum it was drawn from (not written to the sheet: people score blind). */
  grade: Grade;
  text: string;
}

/** Options of {@link drawSample}. */
export interface SampleOptions {
  /** Most chunks per document (default: `24`, min(24, all), docs/cli.md#calibrating-the-judge). */
  perDocument?: number;
  /** Chunks per grade stratum first, where available (default: `4`, docs/cli.md#calibrating-the-judge). */
  perStratum?: number;
  /** Seed of the draw: the same seed and report give the same sample (default: `chunkgate`). */
  seed?: string;
}

/** Strata in the order they get the scarce first picks: failing chunks matter most to calibrate. */
const STRATA: readonly Grade[] = ['fail', 'warn', 'pass'];

/**
 * Draws the calibration sample (docs/cli.md#calibrating-the-judge) from the chunks the LLM judge scored: per document
 * min(`perDocument`, judged chunks), stratified by grade. Allocation: each stratum first gets
 * min(`perStratum`, its size) — round-robin fail → warn → pass when even that exceeds the
 * document's quota — then the rest is shared in proportion to what each stratum has left
 * (largest remainder, ties to the order above). Within a stratum the chunks are ranked by
 * SHA-256 of `seed` + chunk id, so the draw is reproducible and a chunk's chance does not
 * depend on the other chunks. Items come in file order, then chunk order. Chunks the judge
 * did not score (heuristic runs, fallbacks) are never drawn.
 */
export function drawSample(report: Report, options: SampleOptions = {}): SampleItem[] {
  const perDocument = Math.max(0, Math.floor(options.perDocument ?? 24));
  const perStratum = Math.max(0, Math.floor(options.perStratum ?? 4));
  const seed = options.seed ?? 'chunkgate';
  const rank = (chunk: EvaluatedChunk) => createHash('sha256').update(seed).update('\0').update(chunk.id).digest('hex');
  const items: SampleItem[] = [];
  for (const file of [...report.files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    const judged = (file.head?.chunks ?? []).filter((chunk) => chunk.judge !== undefined);
    const strata = new Map(STRATA.map((grade) => [grade, judged.filter((chunk) => chunk.grade === grade).sort((a, b) => (rank(a) < rank(b) ? -1 : 1))]));
    const quota = allocate(STRATA.map((grade) => strata.get(grade)!.length), Math.min(perDocument, judged.length), perStratum);
    const drawn = STRATA.flatMap((grade, position) => strata.get(grade)!.slice(0, quota[position]));
    for (const chunk of drawn.sort((a, b) => a.index - b.index)) {
      items.push({
        id: chunk.id,
        file: file.path,
        index: chunk.index,
        startLine: chunk.startLine,
        endLine: chunk.endLine,
        headingPath: chunk.headingPath,
        grade: chunk.grade,
        text: chunk.text,
      });
    }
  }
  return items;
}

/** How many to draw from each stratum of the given sizes, `total` in all (see {@link drawSample}). */
export function allocate(sizes: readonly number[], total: number, perStratum: number): number[] {
  const quota = sizes.map(() => 0);
  const floor = sizes.map((size) => Math.min(size, perStratum));
  let left = total;
  // Round-robin up to the per-stratum floor, so a small quota still spreads over the grades.
  while (left > 0 && quota.some((count, index) => count < floor[index]!)) {
    for (let index = 0; index < sizes.length && left > 0; index++) {
      if (quota[index]! < floor[index]!) {
        quota[index]! += 1;
        left -= 1;
      }
    }
  }
  if (left <= 0) return quota;
  const spare = sizes.map((size, index) => size - quota[index]!);
  const room = spare.reduce((sum, value) => sum + value, 0);
  if (room === 0) return quota;
  const share = spare.map((value) => (left * value) / room);
  const whole = share.map((value, index) => Math.min(spare[index]!, Math.floor(value)));
  let rest = left - whole.reduce((sum, value) => sum + value, 0);
  const order = share.map((value, index) => ({ index, fraction: value - Math.floor(value) })).sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (rest === 0) break;
    if (whole[index]! < spare[index]!) {
      whole[index]! += 1;
      rest -= 1;
    }
  }
  return quota.map((count, index) => count + whole[index]!);
}
