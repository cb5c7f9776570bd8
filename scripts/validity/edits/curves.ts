/**
 * `tsx scripts/validity/edits/curves.ts FILE.json [corpus]`: how well one kind of probe tells
 * the cases that got worse from the others, read from a harness run with `--judge probes
 * --dump-probes --json FILE.json`. Per probe kind: where its passages stand on the base (ranks
 * 1–5, beyond: to compare with the golden queries' own base ranks on the typo cases, an edit
 * that moves nothing), the AUC of the case score, and precision, recall and the neutral families'
 * false-alarm rate when a case is gated at each threshold of that score.
 *
 * A case's score is the largest, over the page's passages (all of them, or those whose chunks
 * the change touched: a cause), of the share of the passage's probes that lost ground minus the
 * share that gained: lost ground as the truth counts it for a golden query (out of the context
 * budget, out of the top 5, or 2 ranks or more down from it).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { NEUTRAL } from './families.js';

/** A probe's stand as `--dump-probes` writes it: kind, base rank, base fits, head rank, head fits. */
export type DumpedStand = [kind: string, baseRank: number | null, baseFits: boolean, headRank: number | null, headFits: boolean];
/** A passage as `--dump-probes` writes it: its cause (or `null`) and its probes' stands. */
export interface DumpedPassage {
  c: string | null;
  p: DumpedStand[];
}

/** Whether a probe lost ground (1), gained (−1) or held (0); `null` when it did not find its passage in the top 5 of the base. Pure. */
export function moved([, baseRank, baseFits, headRank, headFits]: DumpedStand): 1 | 0 | -1 | null {
  if (baseRank === null || baseRank > 5) return null;
  if ((baseFits && !headFits) || headRank === null || headRank > 5 || headRank - baseRank >= 2) return 1;
  if (headRank < baseRank || (headFits && !baseFits)) return -1;
  return 0;
}

/** A case's score for probes of `kind`: the largest net share of a passage's probes that lost ground (−1 when none had a say). Pure. */
export function caseScore(passages: readonly DumpedPassage[], kind: string, caused: boolean): number {
  let best = -1;
  for (const passage of passages) {
    if (caused && passage.c === null) continue;
    const moves = passage.p.filter((stand) => stand[0] === kind).map(moved).filter((move) => move !== null);
    if (moves.length === 0) continue;
    best = Math.max(best, moves.reduce<number>((sum, move) => sum + move, 0) / moves.length);
  }
  return best;
}

/** The area under the ROC curve of `scores` for `labels` (ties count half); `NaN` without both labels. Pure. */
export function auc(scores: readonly number[], labels: readonly boolean[]): number {
  const positive = scores.filter((_, at) => labels[at]);
  const negative = scores.filter((_, at) => !labels[at]);
  if (positive.length === 0 || negative.length === 0) return Number.NaN;
  let wins = 0;
  for (const p of positive) for (const n of negative) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / positive.length / negative.length;
}

interface DumpedCase {
  corpus: string;
  family: string;
  outcome: string;
  base: { rank: number | null };
  verdicts: { probes?: { reasons: string[] } };
}

const THRESHOLDS = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.75, 0.9];
const percent = (part: number, whole: number) => (whole === 0 ? '—' : `${Math.round((100 * part) / whole)}%`);
/** Rank buckets 1–5 and beyond (6). */
const bucket = (rank: number | null) => Math.min(rank ?? 6, 6);

/** The report of a dump, as lines. */
export function curves(cases: readonly DumpedCase[]): string[] {
  const lines: string[] = [];
  const dumped = cases.filter((item) => item.outcome !== 'n/a' && item.verdicts.probes);
  const passagesOf = (item: DumpedCase) => JSON.parse(item.verdicts.probes!.reasons[0] ?? '[]') as DumpedPassage[];
  const worse = dumped.map((item) => item.outcome === 'worse');
  const neutral = dumped.map((item) => (NEUTRAL as readonly string[]).includes(item.family));
  const distribution = (ranks: (number | null)[]) => [1, 2, 3, 4, 5, 6].map((rank) => `${rank === 6 ? '>5' : rank}: ${percent(ranks.filter((r) => bucket(r) === rank).length, ranks.length)}`).join(' ');
  const typos = dumped.filter((item) => item.family === 'typo');
  lines.push(`${dumped.length} cases, ${worse.filter(Boolean).length} worse; golden queries' base ranks (typo cases): ${distribution(typos.map((item) => item.base.rank))}`);
  const kinds = [...new Set(dumped.flatMap((item) => passagesOf(item).flatMap((passage) => passage.p.map((stand) => stand[0]))))].sort();
  for (const kind of kinds) {
    const ranks = typos.flatMap((item) => passagesOf(item).flatMap((passage) => passage.p.filter((stand) => stand[0] === kind).map((stand) => stand[1])));
    lines.push('', `${kind}: base ranks ${distribution(ranks)}`);
    for (const caused of [false, true]) {
      const scores = dumped.map((item) => caseScore(passagesOf(item), kind, caused));
      const cells = THRESHOLDS.map((threshold) => {
        const gated = scores.map((score) => score >= threshold);
        const hits = gated.filter((gate, at) => gate && worse[at]).length;
        const alarms = gated.filter((gate, at) => gate && neutral[at]).length;
        return `≥${threshold} P ${percent(hits, gated.filter(Boolean).length)} R ${percent(hits, worse.filter(Boolean).length)} FA ${percent(alarms, neutral.filter(Boolean).length)}`;
      });
      lines.push(`  ${caused ? 'passages with a cause' : 'every passage'}: AUC ${auc(scores, worse).toFixed(2)}`, `    ${cells.join(' · ')}`);
    }
  }
  return lines;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, corpus = ''] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx scripts/validity/edits/curves.ts FILE.json [corpus name part]');
  const report = JSON.parse(readFileSync(file, 'utf8')) as { cases: DumpedCase[] };
  process.stdout.write(`${curves(report.cases.filter((item) => item.corpus.includes(corpus))).join('\n')}\n`);
}
