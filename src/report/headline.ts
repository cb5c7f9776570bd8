import type { Report } from '../types.js';
import { failOnOf, type CommentContext } from './context.js';
import { codeSpan } from './escape.js';
import { describeChunking, plural } from './format.js';
import { uncheckedPhrase } from './unchecked.js';

/** The findings of a run as phrases: `1 threshold`, `2 regressed chunks`, `partial LLM run`. */
function findings(report: Report): string[] {
  const { summary } = report;
  const phrases: string[] = [];
  const unchecked = uncheckedPhrase(report.files);
  if (unchecked !== null) phrases.push(unchecked);
  if (summary.failures > 0) phrases.push(plural(summary.failures, 'threshold'));
  if (summary.regressions > 0) phrases.push(plural(summary.regressions, 'regressed chunk'));
  if (summary.partial) phrases.push('partial LLM run');
  return phrases;
}

/**
 * The verdict line, first thing a reviewer reads:
 * `❌ **Fails: 1 threshold, 2 regressed chunks** in 3 changed Markdown files · `a1b2c3d` → `e4f5a6b` · heading chunks, max 512 / min 64 tokens (o200k) · heuristic scorer`.
 * A pass names findings that are not in `failOn`; no files reads "Nothing to check".
 */
export function verdictLine(report: Report, context: CommentContext): string {
  const { summary } = report;
  const phrases = findings(report);
  const scope = `in ${plural(summary.files, 'changed Markdown file')}`;
  let verdict: string;
  if (summary.verdict === 'fail') verdict = `❌ **Fails: ${phrases.join(', ')}** ${scope}`;
  else if (summary.files === 0) verdict = '➖ **Nothing to check**: no changed Markdown files';
  else if (phrases.length > 0) {
    verdict = `✅ **Passes** ${scope} (${phrases.join(', ')}; not in \`failOn\`: ${failOnOf(report, context).join(', ') || 'none'})`;
  } else verdict = `✅ **Passes** ${scope}`;
  const meta: string[] = [];
  if (context.baseSha && context.headSha) {
    meta.push(`${codeSpan(context.baseSha.slice(0, 7))} → ${codeSpan(context.headSha.slice(0, 7))}`);
  }
  meta.push(describeChunking(context.chunking), `${report.scorer} scorer`);
  return [verdict, ...meta].join(' · ');
}

/** The note for a PR that edits the config (SPEC §7: the base config judges the PR); `null` otherwise. */
export function configNote(context: CommentContext): string | null {
  if (!context.configChanged) return null;
  const path = codeSpan(context.configPath ?? '.chunkgate.yml');
  return `> ℹ️ This PR edits ${path}: rules come from the base commit; this PR's changes to ${path} apply after merge.`;
}
