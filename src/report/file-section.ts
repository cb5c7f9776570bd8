import { DELTA_KINDS } from '../compare/deltas.js';
import type { DocDiff } from '../types.js';
import { codeSpan, escapeInline, escapeMessage } from './escape.js';
import { excerptBlock } from './details.js';
import { explainRegression } from './explain.js';
import { chunkTitle, formatDelta, formatNumber, lineRange } from './format.js';
import { regressionEntries } from './order.js';
import { ruleLinkMarkdown, ruleOf } from './rule-links.js';

/** Options of {@link fileSection}. */
export interface FileSectionOptions {
  /** Include a collapsed excerpt per regressed chunk (default: `true`). */
  excerpts?: boolean;
  /** Longest excerpt in characters (default: `4000`). */
  excerptChars?: number;
}

/**
 * One file's full section for the job summary: heading with status, a table of all 14 scores
 * (structural, content, overall, the 6 structural and 5 content metrics) base → head with the
 * change, then for each regressed chunk its place, score change, origin (and whether it gates),
 * how it was aligned, every issue of the head chunk (line, severity, tag, message, hint) and an
 * optional excerpt.
 */
export function fileSection(file: DocDiff, options: FileSectionOptions = {}): string {
  const heading = `### ${codeSpan(file.path)} (${file.status}${file.previousPath ? ` from ${codeSpan(file.previousPath)}` : ''})`;
  const rows = DELTA_KINDS.map((kind) => {
    const delta = file.deltas.find((candidate) => candidate.kind === kind);
    const change = delta && delta.label !== 'neutral' ? `${formatDelta(delta.delta)} ${delta.label}` : '';
    return `| \`${kind}\` | ${formatNumber(delta?.baseValue ?? null)} | ${formatNumber(delta?.headValue ?? null)} | ${change} |`;
  });
  const blocks = [heading, ['| Score | Base | Head | Change |', '|---|--:|--:|---|', ...rows].join('\n')];
  for (const entry of regressionEntries([file])) {
    const { regression } = entry;
    const { head, base } = regression;
    const why = explainRegression(regression);
    const scores = base
      ? `${formatNumber(base.score)} → ${formatNumber(head.score)} ${formatDelta(regression.delta)}`.trimEnd()
      : `new chunk · ${formatNumber(head.score)}`;
    const facts = [
      scores,
      `origin: \`${regression.origin}\`${regression.gating ? ' · gates' : ''}`,
      `reason: \`${regression.reason}\``,
      `aligned by: \`${regression.match}\``,
      ...(regression.newTags.length > 0 ? [`new tags: ${regression.newTags.map((tag) => `\`${tag}\``).join(', ')}`] : []),
    ];
    const issues = head.issues.map(
      (issue) =>
        `- L${issue.line} · ${issue.severity}${issue.level === 'warn' ? ' (warn)' : ''} · ${ruleLinkMarkdown(issue.tag)}: ${escapeMessage(issue.message)}${issue.hint ? ` — ${escapeMessage(issue.hint)}` : ''}`,
    );
    const chunkBlock = [
      `#### ${lineRange(head)} · ${escapeInline(chunkTitle(head))}`,
      facts.join(' · '),
      `Why: ${ruleOf(why.cause) ? ruleLinkMarkdown(ruleOf(why.cause)!) : codeSpan(why.cause)}: ${escapeMessage(why.reason)}. What to do: ${escapeMessage(why.hint)}.`,
      issues.length > 0 ? issues.join('\n') : '- no issues recorded',
    ];
    if (options.excerpts ?? true) chunkBlock.push(excerptBlock(entry, { maxChars: options.excerptChars ?? 4000 }));
    blocks.push(chunkBlock.join('\n\n'));
  }
  return blocks.join('\n\n');
}
