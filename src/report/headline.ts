import type { Report } from '../types.js';
import { failOnOf, type CommentContext } from './context.js';
import { codeSpan } from './escape.js';
import { describeChunking, plural } from './format.js';
import { countLabels, failsCheck, reportItems, type ReportItem } from './items.js';

function isUnchecked(item: ReportItem): boolean {
  return item.type === 'finding' && item.finding.kind === 'unchecked';
}

/**
 * What the verdict line says, as phrases: the failing items counted by kind (`1 code block
 * split, 1 heading lost`), failed golden-set limits and a partial LLM run when they fail the
 * check; and for a pass, what was found but did not gate. Plain text with code spans.
 */
export function verdictPhrases(
  report: Report,
  context: Pick<CommentContext, 'failOn'>,
): { failing: string; also: string; found: string; files: number; problems: number } {
  const failOn = failOnOf(report, context);
  const items = reportItems(report.files);
  const failing = items.filter((item) => failsCheck(item, failOn));
  const retrieval = report.retrieval?.failures.length ?? 0;
  const extra = [
    retrieval > 0 && failOn.includes('threshold') ? plural(retrieval, 'golden-set retrieval limit') : null,
    report.summary.partial && failOn.includes('partial') ? 'partial LLM run' : null,
  ].filter((phrase): phrase is string => phrase !== null);
  const gatingOnly = items.filter((item) => item.bucket === 'breaks' && !failsCheck(item, failOn));
  const worth = items.filter((item) => item.bucket === 'worth').length;
  const base = items.filter((item) => item.bucket === 'base').length;
  const found: string[] = [];
  if (gatingOnly.length > 0) found.push(`${countLabels(gatingOnly)} found, not in \`failOn\` (${failOn.join(', ') || 'none'})`);
  else found.push('nothing this change made breaks retrieval');
  const quiet = [worth > 0 ? `${worth} worth a look` : null, base > 0 ? `${base} already on the base branch` : null].filter(Boolean);
  if (quiet.length > 0) found.push(quiet.join(', '));
  if (report.summary.partial && !failOn.includes('partial')) found.push('partial LLM run');
  const alsoBreaks = gatingOnly.length > 0 ? ` (with ${countLabels(gatingOnly)}, not in \`failOn\`)` : '';
  return {
    // A file that could not be checked leads: nothing else about it is known.
    failing: [countLabels(failing.filter(isUnchecked)), countLabels(failing.filter((item) => !isUnchecked(item))), ...extra].filter((phrase) => phrase !== '').join(', '),
    also: alsoBreaks,
    found: found.join('; '),
    files: new Set(failing.map((item) => item.file.path)).size,
    // Every thing the phrases count as broken: the items that fail, the gating ones outside failOn, the golden-set limits that fail.
    problems: failing.length + gatingOnly.length + (retrieval > 0 && failOn.includes('threshold') ? retrieval : 0),
  };
}

/**
 * What this change breaks, counted once for every place that says it: the
 * comment's and job summary's verdict line, the check-run title, the log line and the action's
 * `problems` and `headline` outputs all come from {@link verdictPhrases}.
 *
 * - `problems`: the rows of "What this PR breaks" (a split table is one, a file drop folded into
 *   the item it restates is none) plus the golden-set retrieval limits that fail the check;
 * - `headline`: the verdict in plain words, no Markdown —
 *   `fails: 1 table split in 1 of 3 changed Markdown files`,
 *   `passes in 3 changed Markdown files: nothing this change made breaks retrieval; 2 worth a look`,
 *   `nothing to check: no changed Markdown files`.
 */
export function problemCounts(report: Report, context: Pick<CommentContext, 'failOn'>): { problems: number; headline: string } {
  const phrases = verdictPhrases(report, context);
  const words = verdictWords(report, phrases).replace(/\*\*/g, '').replace(/`/g, '');
  return { problems: phrases.problems, headline: words.charAt(0).toLowerCase() + words.slice(1) };
}

/** The verdict in words, with Markdown emphasis: `**Fails: 1 table split** in 1 of 3 changed Markdown files`. */
function verdictWords(report: Report, phrases: ReturnType<typeof verdictPhrases>): string {
  const { summary } = report;
  const changed = plural(summary.files, 'changed Markdown file');
  if (summary.verdict === 'fail') {
    const scope = phrases.files > 0 ? `in ${phrases.files} of ${changed}` : `in ${changed}`;
    return `**Fails: ${phrases.failing || 'see the job summary'}** ${scope}${phrases.also}`;
  }
  if (summary.files === 0) return '**Nothing to check**: no changed Markdown files';
  return `**Passes** in ${changed}: ${phrases.found}`;
}

/**
 * The verdict line, first thing a reviewer reads, in plain words:
 * `❌ **Fails: 1 code block split, 1 heading lost** in 2 of 14 changed Markdown files · `a1b2c3d` → `e4f5a6b` · heading chunks, max 512 / min 64 tokens (o200k) · heuristic scorer`;
 * a pass says what was found but did not gate (`✅ **Passes** in 14 changed Markdown files:
 * nothing this change made breaks retrieval; 2 worth a look, 3 already on the base branch`);
 * no files reads "Nothing to check".
 */
export function verdictLine(report: Report, context: CommentContext): string {
  const { summary } = report;
  const mark = summary.verdict === 'fail' ? '❌' : summary.files === 0 ? '➖' : '✅';
  const verdict = `${mark} ${verdictWords(report, verdictPhrases(report, context))}`;
  const meta: string[] = [];
  if (context.baseSha && context.headSha) {
    meta.push(`${codeSpan(context.baseSha.slice(0, 7))} → ${codeSpan(context.headSha.slice(0, 7))}`);
  }
  meta.push(describeChunking(context.chunking), `${report.scorer} scorer`);
  return [verdict, ...meta].join(' · ');
}

/**
 * The note for a PR that edits the config (the base config judges the PR:
 * docs/design.md#why-the-config-comes-from-the-base); `null` otherwise.
 */
export function configNote(context: CommentContext): string | null {
  if (!context.configChanged) return null;
  const path = codeSpan(context.configPath ?? '.chunkgate.yml');
  return `> ℹ️ This PR edits ${path}: rules come from the base commit; this PR's changes to ${path} apply after merge.`;
}
