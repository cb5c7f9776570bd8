import { escapeHtml, excerpt, fenceFor, neutralizeFenced } from './escape.js';
import { chunkTitle, formatNumber, lineRange } from './format.js';
import type { RegressionEntry } from './order.js';

/** Options of {@link excerptBlock}. */
export interface ExcerptOptions {
  /** Longest excerpt of the chunk text, in characters (default: `800`). */
  maxChars?: number;
  /** Extra Markdown placed after the summary line, before the excerpt (default: none). */
  body?: string;
}

/**
 * A collapsed excerpt of a regressed chunk: a closed `<details>` whose `<summary>` names the
 * file, lines, chunk and size, holding the chunk text in a fence longer than any backtick or
 * tilde run of the text ({@link fenceFor}), with mentions and our marker neutralised.
 */
export function excerptBlock(entry: RegressionEntry, options: ExcerptOptions = {}): string {
  const { file, regression } = entry;
  const { head } = regression;
  const unit = file.head?.chunking.unit ?? 'tokens';
  const size = unit === 'chars' ? `${formatNumber(head.chars)} chars` : `${formatNumber(head.tokens)} tokens`;
  const summary = `<code>${escapeHtml(file.path)}</code> ${lineRange(head)} · ${escapeHtml(chunkTitle(head))} · ${size}`;
  const text = neutralizeFenced(excerpt(head.text, options.maxChars ?? 800)).replace(/\s+$/, '');
  const fence = fenceFor(text);
  const parts = [`<details><summary>${summary}</summary>`];
  if (options.body) parts.push(options.body);
  parts.push(`${fence}markdown\n${text}\n${fence}`, '</details>');
  return parts.join('\n\n');
}
