import { codeSpan, escapeInline } from '../report/escape.js';
import { formatScore } from '../report/format.js';
import { renderTable } from '../report/table.js';
import type { ChunkScoreDelta, RunComparison, RunDelta, RunSummary } from './compare-runs.js';

/** Options of {@link renderComparison}. */
export interface RenderComparisonOptions {
  /** GitHub Markdown instead of plain text (default: `false`). */
  markdown?: boolean;
  /** Most chunk rows listed per table before "… N more" (default: `20`). */
  limit?: number;
}

/** `+1.5`, `−0.5`, `0`; `—` for `null`. */
function signed(value: number | null): string {
  if (value === null) return '—';
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0';
  return rounded > 0 ? `+${rounded}` : `−${Math.abs(rounded)}`;
}

function percent(share: number): string {
  return `${Math.round(share * 100)}%`;
}

/** A share change in percentage points: `+8 pts`, `−8 pts`. */
function points(change: number): string {
  const rounded = Math.round(change * 100);
  return rounded === 0 ? '0 pts' : `${rounded > 0 ? '+' : '−'}${Math.abs(rounded)} pts`;
}

/**
 * Renders a run comparison (docs/cli.md#comparing-runs): a table of every run (files, chunks, pass/warn/fail rates,
 * mean scores, issues by severity, verdict, config hash, scorer), then each run against the first:
 * score and rate changes, issue changes by tag and severity, per-file scores, the chunks whose grade
 * changed and the largest chunk score changes. Repository text is escaped for Markdown.
 */
export function renderComparison(comparison: RunComparison, options: RenderComparisonOptions = {}): string {
  const markdown = options.markdown ?? false;
  const limit = options.limit ?? 20;
  const text = (value: string) => (markdown ? escapeInline(value) : value);
  const code = (value: string) => (markdown ? codeSpan(value, { table: true }) : value);
  const blocks: string[] = [markdown ? '## chunkgate compare' : 'chunkgate compare'];
  blocks.push(
    renderTable(
      ['Run', 'Files', 'Chunks', 'Pass', 'Warn', 'Fail', 'Structural', 'Content', 'Overall', 'Issues (high/medium/low)', 'Verdict', 'Config', 'Scorer'],
      comparison.runs.map((run) => runRow(run, code)),
      markdown,
    ),
  );
  for (const delta of comparison.deltas) blocks.push(deltaBlock(delta, { markdown, limit, text, code }));
  return `${blocks.join('\n\n')}\n`;
}

function runRow(run: RunSummary, code: (value: string) => string): string[] {
  const { grades, scores, issues, provenance } = run;
  const scorer = provenance ? (provenance.model ? `${provenance.scorer} (${provenance.model})` : provenance.scorer) : '—';
  return [
    code(run.label),
    String(run.files),
    String(run.chunks),
    `${percent(grades.rates.pass)} (${grades.pass})`,
    `${percent(grades.rates.warn)} (${grades.warn})`,
    `${percent(grades.rates.fail)} (${grades.fail})`,
    formatScore(scores.structural),
    formatScore(scores.content),
    formatScore(scores.overall),
    `${issues.total} (${issues.bySeverity.high}/${issues.bySeverity.medium}/${issues.bySeverity.low})`,
    `${run.verdict}${run.partial ? ' (partial)' : ''}`,
    provenance ? provenance.configHash : '—',
    scorer,
  ];
}

interface Style {
  markdown: boolean;
  limit: number;
  text: (value: string) => string;
  code: (value: string) => string;
}

function deltaBlock(delta: RunDelta, style: Style): string {
  const { markdown, limit, text, code } = style;
  const lines: string[] = [];
  lines.push(markdown ? `### ${code(delta.to)} vs ${code(delta.from)}` : `${delta.to} vs ${delta.from}`);
  lines.push('');
  lines.push(
    `Scores: structural ${signed(delta.scores.structural)} · content ${signed(delta.scores.content)} · overall ${signed(delta.scores.overall)} · ` +
      `pass ${points(delta.rates.pass)} · warn ${points(delta.rates.warn)} · fail ${points(delta.rates.fail)}`,
  );
  const tags = Object.entries(delta.issues.byTag).map(([tag, change]) => `${tag} ${signed(change ?? 0)}`);
  const severities = (['high', 'medium', 'low'] as const).map((severity) => `${severity} ${signed(delta.issues.bySeverity[severity])}`);
  lines.push(`Issues: ${[...(tags.length > 0 ? tags : ['no tag changed']), ...severities].join(' · ')}`);
  const changed = delta.files.filter((file) => [file.structural, file.content, file.overall].some(([, , change]) => change !== 0));
  if (changed.length > 0) {
    const cell = ([before, after, change]: [number | null, number | null, number | null]) =>
      `${formatScore(before)} → ${formatScore(after)}${change === null ? '' : ` (${signed(change)})`}`;
    lines.push('', renderTable(['File', 'Structural', 'Content', 'Overall'], changed.map((file) => [code(file.path), cell(file.structural), cell(file.content), cell(file.overall)]), markdown));
  } else {
    lines.push('', 'No file score changed.');
  }
  const table = (title: string, rows: readonly ChunkScoreDelta[]) => {
    if (rows.length === 0) return;
    lines.push('', `${title} (${rows.length}${rows.length > limit ? `, first ${limit}` : ''}):`, '');
    lines.push(
      renderTable(
        ['File', 'Lines', 'Heading path', 'Score', 'Grade', 'Aligned by'],
        rows.slice(0, limit).map((row) => [
          code(row.path),
          `L${row.lines.from[0]}–L${row.lines.from[1]} → L${row.lines.to[0]}–L${row.lines.to[1]}`,
          text(row.headingPath.join(' › ') || '(before the first heading)'),
          `${formatScore(row.score[0])} → ${formatScore(row.score[1])} (${signed(row.score[2])})`,
          `${row.grade[0]} → ${row.grade[1]}`,
          row.match,
        ]),
        markdown,
      ),
    );
  };
  table('Chunks whose grade changed', delta.gradeChanges);
  table('Largest chunk score changes', delta.chunks);
  if (delta.unmatched.from > 0 || delta.unmatched.to > 0) {
    lines.push('', `Unaligned chunks: ${delta.unmatched.from} in ${delta.from}, ${delta.unmatched.to} in ${delta.to} (in a file only one run has, or cut differently; the file scores above include them).`);
  }
  return lines.join('\n');
}
