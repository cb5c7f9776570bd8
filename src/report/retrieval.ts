import { QUERY_TYPES, type QueryType } from '../golden/schema.js';
import type { RetrievalScores } from '../types.js';
import type { RetrievalReport } from '../types.js';
import { codeSpan, escapeInline, escapeMessage } from './escape.js';

const METRICS: readonly { key: keyof RetrievalScores; label: (k: number) => string }[] = [
  { key: 'recall', label: (k) => `Recall@${k}` },
  { key: 'precision', label: (k) => `Precision@${k}` },
  { key: 'mrr', label: () => 'MRR' },
  { key: 'iou', label: () => 'IoU (tokens)' },
];

const fixed = (value: number) => value.toFixed(2);

function delta(base: number, head: number): string {
  const change = Math.round((head - base) * 100) / 100;
  if (change === 0) return '';
  return change < 0 ? `▼${fixed(-change)}` : `▲${fixed(change)}`;
}

const rank = (value: number | null) => (value === null ? '—' : String(value));

/** The query types (docs/config.md#retrieval-on-a-golden-set-optional), as the per-type rows name them. */
const TYPE_NAMES: Readonly<Record<QueryType, string>> = {
  A: 'A · single fact',
  B: 'B · several facts, one page',
  C: 'C · several pages',
  D: 'D · multi-hop',
};

/** `0.80 → 0.75 ▼0.05`: a metric base → head with its delta. */
function change(base: number, head: number): string {
  const moved = delta(base, head);
  return `${fixed(base)} → ${fixed(head)}${moved ? ` ${moved}` : ''}`;
}

/**
 * The A–D rows (docs/scores.md#do-the-scores-track-retrieval): per query type, how many queries
 * and their MRR and recall, base → head.
 */
function typeRows(retrieval: RetrievalReport): string[] {
  const rows: string[] = [];
  for (const type of QUERY_TYPES) {
    const scores = retrieval.byType[type];
    if (!scores) continue;
    const count = retrieval.queries.filter((query) => query.type === type).length;
    rows.push(`| ${TYPE_NAMES[type]} | ${count} | ${change(scores.base.mrr, scores.head.mrr)} | ${change(scores.base.recall, scores.head.recall)} |`);
  }
  return rows.length === 0 ? [] : ['', `| Query type | Queries | MRR | Recall@${retrieval.k} |`, '|---|--:|--:|--:|', ...rows];
}

/** A query got worse when its first relevant chunk fell, or left the top k. */
function worse(base: number | null, head: number | null): boolean {
  if (base === null) return false;
  return head === null || head > base;
}

/**
 * The golden-set section of the PR comment and job summary: the metrics base → head with
 * deltas (❌ on a metric whose limit failed), MRR and recall per query type A–D, the queries
 * whose first relevant chunk ranks worse (query, type, file, rank before → after), stale
 * evidence, and the failed limits. `null` without a golden set. The comment leads with it: when a
 * golden set exists, its retrieval limits are the primary gate (docs/scores.md#do-the-scores-track-retrieval).
 */
export function retrievalSection(retrieval: RetrievalReport | undefined, options: { limit?: number } = {}): string | null {
  if (!retrieval) return null;
  const limit = options.limit ?? 20;
  const failed = new Set(retrieval.failures.map((failure) => failure.rule.replace(/Drop$/, '')));
  const lines = [
    `### 🔎 Retrieval on the golden set`,
    '',
    `${retrieval.queries.length} queries · ${retrieval.retriever.toUpperCase()} · top ${retrieval.k}`,
    '',
    ...(retrieval.partial ? [`> ⚠️ Partial: ${escapeMessage(retrieval.partialReason ?? 'retrieval ran without part of what it needs')}.`, ''] : []),
    '| Metric | Base | Head | Δ |',
    '|---|--:|--:|--:|',
    ...METRICS.map(({ key, label }) => {
      const base = retrieval.base[key];
      const head = retrieval.head[key];
      return `| ${label(retrieval.k)} | ${fixed(base)} | ${fixed(head)} | ${delta(base, head)}${failed.has(key) ? ' ❌' : ''} |`;
    }),
    ...typeRows(retrieval),
  ];
  for (const failure of retrieval.failures) lines.push('', `- ❌ ${escapeMessage(failure.message)}`);
  const slipped = retrieval.queries.filter((query) => worse(query.baseRank, query.headRank));
  if (slipped.length > 0) {
    lines.push('', '**Queries whose answer ranks worse**', '', '| Query | Type | File | First relevant rank |', '|---|---|---|--:|');
    for (const query of slipped.slice(0, limit)) {
      lines.push(`| ${escapeInline(query.query)} | ${query.type} | ${codeSpan(query.file, { table: true })} | ${rank(query.baseRank)} → ${rank(query.headRank)} |`);
    }
    if (slipped.length > limit) lines.push('', `… ${slipped.length - limit} more queries: see the job summary`);
  }
  const stale = retrieval.queries.filter((query) => query.stale);
  if (stale.length > 0) {
    lines.push('', '**Stale evidence** — this PR removes passages the golden set expects; update the evidence or restore the text:', '');
    for (const query of stale.slice(0, limit)) {
      lines.push(`- ${codeSpan(query.id)} ${escapeInline(query.query)}: ${query.missing.map((item) => escapeInline(item)).join('; ')}`);
    }
  }
  return lines.join('\n');
}
