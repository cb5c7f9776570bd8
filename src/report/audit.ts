import type { BaselineDelta, GatingItem } from '../compare/baseline.js';
import type { Decision } from '../compare/verdict.js';
import type { ChunkingOptions, DocEval, EvaluatedChunk, Report } from '../types.js';
import type { Annotation, CheckRunOutput } from './check.js';
import { codeSpan, escapeHtml, escapeInline, escapeMessage, neutralizeMarker } from './escape.js';
import { chunkTitle, describeChunking, formatScore, lineRange, plural } from './format.js';
import { chunkMapLine } from './html/link.js';
import { quickChecksSection } from './quick-checks.js';

/** How the audit compares with an earlier run's report. */
export type AuditBaseline =
  | {
      status: 'compared';
      /** Where the baseline was read from, for the reader. */
      name: string;
      delta: BaselineDelta;
      /** True when the baseline was made with other rules (its `provenance.configHash` differs). */
      configChanged: boolean;
    }
  | { status: 'missing'; name: string }
  | { status: 'invalid'; name: string; /** Why it could not be read. */ error: string };

/** Everything the audit renderers draw from. */
export interface AuditView {
  report: Report;
  /** The report's gating findings (`gatingItems`). */
  gating: GatingItem[];
  /** `null`: no baseline was asked for. When compared, `delta.added` holds items of `gating` itself. */
  baseline: AuditBaseline | null;
  decision: Decision;
  /** The commit audited, the ref it was found at and the event that asked. */
  commit: { sha: string; ref: string; event: string };
  /** The config's default chunking. */
  chunking: ChunkingOptions;
  version: string;
  /** Plain-text notices from the shell; escaped when rendered. */
  notices?: string[];
  /** Config file path (default: `.chunkgate.yml`), and whether the commit has one (default: `true`). */
  configPath?: string;
  configFound?: boolean;
  artifactName?: string;
  artifactUrl?: string;
}

/** How many entries each list shows before pointing at the JSON report. */
interface AuditLimits {
  /** Gating findings, and new and resolved ones (default: `50` each). */
  findings: number;
  /** Lowest-scoring files (default: `10`). */
  files: number;
  /** Lowest-scoring chunks (default: `20`). */
  chunks: number;
}

const DEFAULT_LIMITS: AuditLimits = { findings: 50, files: 10, chunks: 20 };

/** Smaller lists tried in turn when a body must fit a limit (the check run's 65,535 characters). */
const SHRINKING: AuditLimits[] = [DEFAULT_LIMITS, { findings: 20, files: 10, chunks: 10 }, { findings: 5, files: 5, chunks: 5 }, { findings: 0, files: 0, chunks: 0 }];

/** GitHub's limits: a job summary 1 MiB, a check run's summary 65,535 characters. */
const SUMMARY_LIMIT = 1_000_000;
const CHECK_LIMIT = 65_535;

function heads(report: Report): DocEval[] {
  return report.files.flatMap((file) => (file.head ? [file.head] : []));
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function share(count: number, total: number): string {
  return total === 0 ? '0%' : `${Math.round((count / total) * 100)}%`;
}

/** `✅`/`⚠️`/`❌` for a chunk grade. */
function gradeIcon(grade: EvaluatedChunk['grade']): string {
  return grade === 'pass' ? '✅' : grade === 'warn' ? '⚠️' : '❌';
}

/** The first line: what the audit concluded, on which commit. */
function verdictLine(view: AuditView): string {
  const { report, gating, baseline } = view;
  const scope = `in ${plural(report.summary.files, 'Markdown file')}`;
  let verdict: string;
  if (baseline?.status === 'invalid') {
    verdict = `❌ **Fails: the baseline report could not be read** (${plural(gating.length, 'gating finding')} ${scope})`;
  } else if (baseline?.status === 'compared' && baseline.delta.added.length > 0) {
    verdict = `❌ **Fails: ${plural(baseline.delta.added.length, 'new gating finding')}** since the baseline ${scope}`;
  } else if (baseline?.status === 'compared') {
    verdict = `✅ **Passes**: no new gating finding since the baseline ${scope} (${plural(gating.length, 'gating finding')} in all)`;
  } else if (gating.length > 0) {
    verdict = `ℹ️ **${plural(gating.length, 'gating finding')}** ${scope}; with no baseline to compare with, this audit only reports`;
  } else {
    verdict = `✅ **No gating finding** ${scope}`;
  }
  const ref = view.commit.ref ? ` on ${codeSpan(view.commit.ref)}` : '';
  return [verdict, `${codeSpan(view.commit.sha.slice(0, 7))}${ref} (${escapeInline(view.commit.event)})`, describeChunking(view.chunking), `${report.scorer} scorer`].join(' · ');
}

/** Where the docs stand: files, chunks, mean scores per file, and the chunk grades. */
function standing(report: Report): string {
  const docs = heads(report);
  const chunks = docs.flatMap((doc) => doc.chunks);
  const score = (pick: (doc: DocEval) => number) => formatScore(mean(docs.map(pick)));
  const count = (grade: EvaluatedChunk['grade']) => chunks.filter((chunk) => chunk.grade === grade).length;
  const grades = (['pass', 'warn', 'fail'] as const).map((grade) => `${count(grade)} (${share(count(grade), chunks.length)})`).join(' / ');
  return [
    '### 📍 Where the docs stand',
    '| Files | Chunks | Structural | Content | Overall | Chunks pass / warn / fail |',
    '|--:|--:|--:|--:|--:|---|',
    `| ${docs.length} | ${chunks.length} | ${score((doc) => doc.scores.structural)} | ${score((doc) => doc.scores.content)} | ${score((doc) => doc.scores.overall)} | ${grades} |`,
    '',
    'Scores are the mean over files, each file counting once.',
  ].join('\n');
}

function itemLine(item: GatingItem): string {
  const where = `${codeSpan(item.path)}${item.line !== undefined ? ` L${item.line}` : ''}`;
  const heading = item.headingPath.length > 0 ? ` · ${escapeInline(item.headingPath.join(' › '))}` : '';
  return `- ${where}${heading} · ${codeSpan(item.kind)}: ${escapeMessage(item.message)}`;
}

/** A titled list of findings, at most `limit` shown; `null` when empty. */
function itemList(title: string, items: readonly GatingItem[], limit: number): string | null {
  if (items.length === 0) return null;
  const lines = [`### ${title} (${items.length})`, ...items.slice(0, limit).map(itemLine)];
  if (items.length > limit) lines.push(`- … ${items.length - limit} more: see the JSON report`);
  return lines.join('\n');
}

function baselineBlock(view: AuditView, limit: number): string[] {
  const { baseline } = view;
  if (!baseline) return [];
  if (baseline.status === 'missing') {
    return [`> ℹ️ No baseline report at ${codeSpan(baseline.name)}: nothing to compare with, so nothing fails this run. This run's report can be the next run's baseline.`];
  }
  if (baseline.status === 'invalid') {
    return [`> ⛔ The baseline report could not be read, so this run fails: ${escapeMessage(baseline.error)}. This run's report can replace it as the next run's baseline.`];
  }
  const blocks: string[] = [];
  const { added, resolved, kept } = baseline.delta;
  blocks.push(`Against the baseline ${codeSpan(baseline.name)}: ${plural(added.length, 'new gating finding')}, ${resolved.length} resolved, ${kept} unchanged.`);
  if (baseline.configChanged) blocks.push('> ⚠️ The baseline was made with other rules (its config differs): findings the new rules add count as new.');
  for (const list of [itemList('❌ New since the baseline', added, limit), itemList('✅ Resolved since the baseline', resolved, limit)]) if (list) blocks.push(list);
  return blocks;
}

/** The lowest-scoring files by `overall`, with their failing chunks. */
function worstFiles(report: Report, limit: number): string | null {
  if (limit === 0) return null;
  const docs = heads(report)
    .sort((a, b) => a.scores.overall - b.scores.overall || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, limit);
  if (docs.length === 0) return null;
  const lines = ['### 📉 Lowest-scoring files', '| File | Chunks | Structural | Content | Overall | Failing chunks |', '|---|--:|--:|--:|--:|--:|'];
  for (const doc of docs) {
    const failing = doc.chunks.filter((chunk) => chunk.grade === 'fail').length;
    lines.push(`| ${codeSpan(doc.path, { table: true })} | ${doc.chunks.length} | ${formatScore(doc.scores.structural)} | ${formatScore(doc.scores.content)} | ${formatScore(doc.scores.overall)} | ${failing} |`);
  }
  return lines.join('\n');
}

/** The lowest-scoring chunks below `pass`, with where they are and their issue tags. */
function worstChunks(report: Report, limit: number): string | null {
  if (limit === 0) return null;
  const below = heads(report).flatMap((doc) => doc.chunks.filter((chunk) => chunk.grade !== 'pass').map((chunk) => ({ path: doc.path, chunk })));
  if (below.length === 0) return heads(report).length > 0 ? '### 🔻 Worst chunks\nEvery chunk grades pass.' : null;
  const entries = below
    .sort((a, b) => a.chunk.score - b.chunk.score || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || a.chunk.index - b.chunk.index)
    .slice(0, limit);
  const lines = [`### 🔻 Worst chunks (${below.length} below pass)`, '| Where | Chunk | Tokens | Score | Issues |', '|---|---|--:|--:|---|'];
  for (const { path, chunk } of entries) {
    const tags = [...new Set(chunk.issues.map((issue) => issue.tag))].map((tag) => codeSpan(tag, { table: true })).join(' ');
    lines.push(`| ${codeSpan(path, { table: true })} ${lineRange(chunk)} | ${escapeInline(chunkTitle(chunk))} | ${chunk.tokens} | ${formatScore(chunk.score)} ${gradeIcon(chunk.grade)} | ${tags} |`);
  }
  if (below.length > limit) lines.push('', `… ${plural(below.length - limit, 'more chunk')} below pass: see the JSON report or the HTML chunk map`);
  return lines.join('\n');
}

function footer(view: AuditView): string {
  const rules =
    view.configFound === false
      ? 'default rules (no config file at this commit)'
      : `rules from <code>${escapeHtml(view.configPath ?? '.chunkgate.yml')}</code> at this commit`;
  const artifact = view.artifactName ? [`report: <code>${escapeHtml(view.artifactName)}</code> artifact`] : [];
  return `<sub>${[...artifact, rules, `chunkgate ${escapeHtml(view.version)}`].join(' · ')}</sub>`;
}

function render(view: AuditView, limits: AuditLimits): string {
  const notices = (view.notices ?? []).map((notice) => `- ${escapeInline(notice)}`);
  const blocks = [
    '## 🧩 chunkgate audit — where the docs stand',
    verdictLine(view),
    ...baselineBlock(view, limits.findings),
    standing(view.report),
    quickChecksSection(view.report.quickChecks, limits.files),
    itemList('⛔ Gating findings', view.gating, limits.findings),
    worstFiles(view.report, limits.files),
    worstChunks(view.report, limits.chunks),
    notices.length > 0 ? `### ℹ️ Notices\n${notices.join('\n')}` : null,
    chunkMapLine(view),
    footer(view),
  ].filter((block): block is string => block !== null);
  return `${neutralizeMarker(blocks.join('\n\n'))}\n`;
}

/**
 * Renders the audit for the job summary: the verdict on the commit, the comparison with the
 * baseline (new and resolved gating findings), where the docs stand (files, chunks, mean scores,
 * chunk grades), the quick checks against their targets (the run, and the files missing
 * one), the gating findings, the lowest-scoring files and the worst chunks (those below
 * `pass`), notices, the chunk-map link. Lists are capped (50 findings, 10 files, 20 chunks); with
 * `maxLength` they shrink until the body fits, and it is cut as a last resort.
 */
export function renderAuditSummary(view: AuditView, options: { maxLength?: number } = {}): string {
  const maxLength = options.maxLength ?? SUMMARY_LIMIT;
  for (const limits of SHRINKING) {
    const body = render(view, limits);
    if (body.length <= maxLength) return body;
  }
  return `${render(view, SHRINKING.at(-1)!).slice(0, maxLength - 2)}…\n`;
}

/**
 * The audit's check run: a title with the verdict, the summary (under 65,535 characters), and an
 * annotation per gating finding in a file — `failure` when it is new since the baseline (it
 * fails the run), `warning` otherwise — at its line, else line 1.
 */
export function auditCheckOutput(view: AuditView): CheckRunOutput {
  const { gating, baseline } = view;
  const added = new Set(baseline?.status === 'compared' ? baseline.delta.added : []);
  const annotations: Annotation[] = gating
    .filter((item) => item.path !== '(golden set)')
    .map((item) => ({
      path: item.path,
      start_line: item.line ?? 1,
      end_line: item.line ?? 1,
      annotation_level: added.has(item) ? 'failure' : 'warning',
      title: `chunkgate: ${item.kind}${item.headingPath.length > 0 ? ` · ${item.headingPath.join(' › ')}` : ''}`.slice(0, 255),
      message: item.message.replace(/`/g, '').slice(0, 4000) || item.kind,
    }));
  const findings =
    baseline?.status === 'compared'
      ? `${plural(baseline.delta.added.length, 'new gating finding')} since the baseline`
      : baseline?.status === 'invalid'
        ? `unreadable baseline, ${plural(gating.length, 'gating finding')}`
        : plural(gating.length, 'gating finding');
  const title = `chunkgate audit ${view.decision.verdict === 'fail' ? 'fails' : 'passes'}: ${findings} in ${plural(view.report.summary.files, 'file')}`;
  return { title, summary: renderAuditSummary(view, { maxLength: CHECK_LIMIT }), annotations };
}
