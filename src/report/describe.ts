import type { ChunkChange, DocDiff, IssueTag, ThresholdFailure } from '../types.js';
import { explainRegression } from './explain.js';
import { chunkTitle, formatNumber, lineRange, plural } from './format.js';
import { TAG_HINTS } from './hints.js';
import { ruleOf } from './rule-links.js';
import { BLOCK_NOUN, RULES } from '../shared/rules.js';
import type { ReportItem } from './items.js';

/**
 * One item in words, unescaped (renderers escape for their medium; `what` and `todo` may hold
 * code spans): where it is, what happened, the change in numbers, and what to do.
 */
export interface ItemText {
  path: string;
  /** `L14–L79`, when the item has lines. */
  lines?: string;
  /** The heading path joined with ` › `, when the item sits in a section. */
  heading?: string;
  what: string;
  /** Before → after in numbers (`1 chunk → 7 pieces · overall 92 → 59`), or `—`. */
  change: string;
  todo: string;
  /** The rule the item is about, when it has a page under `docs/rules/` (renderers link to it). */
  rule?: IssueTag;
}


function sizeOf(file: DocDiff, chunk: { tokens: number; chars: number }): string {
  const unit = file.head?.chunking.unit ?? 'tokens';
  return unit === 'chars' ? `${formatNumber(chunk.chars)} chars` : `${formatNumber(chunk.tokens)} tokens`;
}

function scoreOf(file: DocDiff, kind: 'structural' | 'content' | 'overall'): { base: number | null; head: number | null } {
  const delta = file.deltas.find((candidate) => candidate.kind === kind);
  return { base: delta?.baseValue ?? null, head: delta?.headValue ?? null };
}

/**
 * The chunk changes behind a score, in line order, neighbouring chunks of one section with the
 * same tag merged: `L14–L79 Deploying › Rolling restart 92 → 59 (3 chunks, `code-fence-split`)`,
 * joined with `; `.
 */
function driverText(changes: readonly ChunkChange[]): string {
  const sorted = [...changes].sort((a, b) => a.startLine - b.startLine);
  const groups: { first: ChunkChange; last: ChunkChange; count: number; before: number | null; after: number | null }[] = [];
  for (const change of sorted) {
    const group = groups.at(-1);
    const same = group && group.last.tag === change.tag && group.last.headingPath.join('\u0000') === change.headingPath.join('\u0000') && change.startLine <= group.last.endLine + 2;
    if (group && same) {
      group.last = change;
      group.count += 1;
      if (change.before !== null) group.before = group.before === null ? change.before : Math.min(group.before, change.before);
      group.after = Math.min(group.after ?? Infinity, change.after ?? Infinity);
    } else groups.push({ first: change, last: change, count: 1, before: change.before, after: change.after });
  }
  return groups
    .map(({ first, last, count, before, after }) => {
      const where = lineRange({ startLine: first.startLine, endLine: last.endLine });
      const heading = first.headingPath.length > 0 ? ` ${first.headingPath.join(' › ')}` : '';
      const scores = `${before === null ? 'new' : formatNumber(before)} → ${formatNumber(after)}`;
      const notes = [count > 1 ? `${count} chunks` : null, first.tag ? `\`${first.tag}\`` : null].filter(Boolean).join(', ');
      return `${where}${heading} ${scores}${notes ? ` (${notes})` : ''}`;
    })
    .join('; ');
}

/** Describes one report item (see {@link ItemText}). */
export function describeItem(item: ReportItem): ItemText {
  const { file } = item;
  switch (item.type) {
    case 'split': {
      const first = item.pieces[0]!;
      const last = item.pieces.at(-1)!;
      const noun = BLOCK_NOUN[RULES[item.tag].block];
      const count = Math.max(item.pieces.length, first.split?.parts ?? 0);
      const total = item.pieces.reduce((sum, piece) => ({ tokens: sum.tokens + piece.tokens, chars: sum.chars + piece.chars }), { tokens: 0, chars: 0 });
      const max = formatNumber(file.head?.chunking.max ?? null);
      const bases = new Set(item.regressions.flatMap((regression) => (regression.base ? [regression.base] : [])));
      const baseScores = [...bases].map((chunk) => chunk.score);
      const headScore = Math.min(...item.regressions.map((regression) => regression.head.score));
      const change =
        bases.size > 0
          ? `${plural(bases.size, 'chunk')} → ${plural(count, 'piece')} · overall ${formatNumber(Math.min(...baseScores))} → ${formatNumber(headScore)}`
          : `new · ${plural(count, 'piece')} · overall ${formatNumber(headScore)}`;
      const issue = first.issues.find((candidate) => candidate.tag === item.tag) ?? item.regressions[0]!.head.issues.find((candidate) => candidate.tag === item.tag);
      const what =
        item.bucket === 'base'
          ? `a ${noun} split into ${plural(count, 'piece')}, as on the base branch`
          : `The ${noun} (${sizeOf(file, total)}, \`max\` ${max}) is cut into ${plural(count, 'piece')}; a question about it retrieves a fragment`;
      return { path: file.path, lines: lineRange({ startLine: first.startLine, endLine: last.endLine }), heading: chunkTitle({ headingPath: first.headingPath, text: first.text }), what, change, todo: issue?.hint ?? TAG_HINTS[item.tag], rule: item.tag };
    }
    case 'regression': {
      const { regression } = item;
      const why = explainRegression(regression);
      const metric = why.before !== null && why.after !== null ? ` (\`${why.cause}\` ${formatNumber(why.before)} → ${formatNumber(why.after)})` : ` (\`${why.cause}\`)`;
      const change = regression.base ? `overall ${formatNumber(regression.base.score)} → ${formatNumber(regression.head.score)}` : `new · overall ${formatNumber(regression.head.score)}`;
      const text: ItemText = { path: file.path, lines: lineRange(regression.head), heading: chunkTitle(regression.head), what: `${why.reason}${metric}`, change, todo: why.hint };
      const rule = ruleOf(why.cause);
      if (rule) text.rule = rule;
      return text;
    }
    case 'finding': {
      const { finding } = item;
      const text: ItemText = { path: file.path, what: finding.message, change: findingChange(item.finding), todo: finding.hint ?? 'open the job summary for details' };
      if (finding.line !== undefined) text.lines = lineRange({ startLine: finding.line, endLine: finding.endLine ?? finding.line });
      if (finding.headingPath && finding.headingPath.length > 0) text.heading = finding.headingPath.join(' › ');
      const rule = ruleOf(finding.kind);
      if (rule) text.rule = rule;
      return text;
    }
    case 'failure': {
      const { failures } = item;
      const kinds = [...new Set(failures.map((failure) => failure.score))];
      const change = kinds
        .map((kind) => {
          const { base, head } = scoreOf(file, kind);
          return `${kind} ${formatNumber(base)} → ${formatNumber(head)}`;
        })
        .join(' · ');
      const message = failuresSentence(failures);
      const drivers = failures.find((failure) => failure.drivers && failure.drivers.length > 0)?.drivers ?? [];
      const driven = drivers.length > 0 ? driverText(drivers) : '';
      if (item.bucket === 'breaks') {
        return { path: file.path, what: driven ? `${message}; driven by ${driven}` : message, change, todo: 'fix the chunk findings listed for this file' };
      }
      const what =
        item.bucket === 'worth' ? `${message}, with no chunk finding of weight behind it${driven ? ` (largest chunk changes: ${driven})` : ''}` : message;
      return { path: file.path, what, change, todo: 'open the job summary for every metric of this file' };
    }
    case 'rename':
      return { path: file.path, what: `renamed from \`${file.previousPath ?? ''}\`, text unchanged — nothing to report`, change: '—', todo: '—' };
  }
}

/**
 * A file's threshold failures in one sentence: its minimums as they are, its drops together
 * (`structural and overall fell past the 5-point limit (`thresholds.fileDrop`)`); the numbers are
 * in the before → after column.
 */
function failuresSentence(failures: readonly ThresholdFailure[]): string {
  const minimums = failures.filter((failure) => failure.rule !== 'fileDrop').map((failure) => failure.message);
  const drops = failures.filter((failure) => failure.rule === 'fileDrop');
  if (drops.length > 0) {
    const names = drops.map((failure) => failure.score);
    const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
    minimums.push(
      drops.length === 1 ? drops[0]!.message : `${list} fell past the ${drops[0]!.limit}-point limit (\`thresholds.fileDrop\`)`,
    );
  }
  return minimums.join('; ');
}

function findingChange(finding: { kind: string; actual?: number | string; expected?: number | string }): string {
  if (finding.expected !== undefined && finding.actual !== undefined) return `${finding.expected} → ${finding.actual}`;
  switch (finding.kind) {
    case 'text-removed':
      return `${finding.actual ?? '?'} tokens left`;
    case 'page-removed':
      return typeof finding.actual === 'number' ? `${plural(finding.actual, 'chunk')} → 0` : '—';
    case 'heading-lost':
      return 'in a heading path → in none';
    case 'lead-in-cut':
      return 'lead-in and list: 1 chunk → 2';
    default:
      return '—';
  }
}
