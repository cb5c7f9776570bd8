import type { Cost, Report } from '../types.js';
import type { CommentContext } from './context.js';
import { escapeHtml, escapeInline } from './escape.js';
import { formatNumber, plural } from './format.js';

/**
 * The notices section: the shell's notices (plain text, escaped), then a line on partial LLM
 * runs — how many head chunks fell back to heuristic scores, in how many files — and one on a
 * partial golden-set retrieval. `null` when there is nothing to say.
 */
export function noticesBlock(report: Report, context: CommentContext): string | null {
  const items = (context.notices ?? []).map((notice) => `- ${escapeInline(notice)}`);
  if (report.summary.partial) {
    const partialFiles = report.files.filter((file) => file.head?.chunks.some((chunk) => chunk.partial));
    const chunks = partialFiles.reduce((sum, file) => sum + (file.head?.chunks.filter((chunk) => chunk.partial).length ?? 0), 0);
    if (chunks > 0) {
      items.push(
        `- Partial run: the LLM judge failed for ${plural(chunks, 'chunk')} in ${plural(partialFiles.length, 'file')} (invalid output, timeout or HTTP error); heuristic scores stand in for them.`,
      );
    }
    if (report.retrieval?.partial) items.push('- Partial run: golden-set retrieval ran without part of what it needs; the retrieval section says what and why.');
    else if (chunks === 0) items.push('- Partial run: an LLM step failed (invalid output, timeout or HTTP error); heuristic scores stand in.');
  }
  return items.length > 0 ? `### ℹ️ Notices\n${items.join('\n')}` : null;
}

/** `$0.0123` under a dollar (LLM runs are usually cents), else `$12.34`. */
function dollars(usd: number): string {
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

/**
 * The LLM spend in one line: `💸 LLM judge: 12 calls · 40 chunks judged, 30 from cache ·
 * 12,345 prompt + 2,345 completion tokens · $0.0123`; `null` when no cost was recorded.
 */
export function costLine(cost: Cost | null): string | null {
  if (!cost) return null;
  return [
    `💸 LLM judge: ${plural(cost.calls, 'call')}`,
    `${plural(cost.judgedChunks, 'chunk')} judged, ${formatNumber(cost.cacheHits)} from cache`,
    `${formatNumber(cost.promptTokens)} prompt + ${formatNumber(cost.completionTokens)} completion tokens`,
    dollars(cost.usd),
  ].join(' · ');
}

/** A link target with spaces and parentheses percent-encoded, so `[text](url)` cannot break. */
function safeUrl(url: string): string {
  return url.replace(/[\s()<>]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Options of {@link footer}. */
export interface FooterOptions {
  /** Point at the job summary for the full report (default: `true`; the summary itself says `false`). */
  pointer?: boolean;
  /** Changed files with nothing to report and unchanged scores, counted in one line (default: none). */
  unchanged?: number;
}

/**
 * The small-print footer: the changed files with nothing to report (`options.unchanged`), pointer
 * to the full report (chunk map, report.json) via the job summary (linked when `summaryUrl` is known), the artifact name,
 * where the rules came from (the config file only when it exists), and the version.
 */
export function footer(context: CommentContext, options: FooterOptions = {}): string {
  const parts: string[] = [];
  if (options.unchanged) {
    parts.push(`${plural(options.unchanged, 'other changed file')}: scores unchanged (typo and wording edits)`);
  }
  if (options.pointer ?? true) {
    parts.push(context.summaryUrl ? `Full report (chunk map, report.json) via the [job summary](${safeUrl(context.summaryUrl)})` : 'Full report (chunk map, report.json) via the job summary');
  }
  if (context.artifactName) parts.push(`chunk map: <code>${escapeHtml(context.artifactName)}</code> artifact`);
  parts.push(
    context.configFound === false
      ? 'default rules (no config file at the base commit)'
      : `rules from <code>${escapeHtml(context.configPath ?? '.chunkgate.yml')}</code> at the base commit`,
  );
  parts.push(`chunkgate ${escapeHtml(context.version)}`);
  return `<sub>${parts.join(' · ')}</sub>`;
}
