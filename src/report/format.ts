import { roundScore } from '../shared/round-score.js';
import type { Chunk, ChunkingOptions } from '../types.js';

/**
 * Small plain-text formatters shared by the renderers. They return unescaped text; each
 * renderer escapes for its medium.
 */

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** An integer with thousands separators (`2,412`); `null` → `—`. Scores are shown as whole points. */
export function formatNumber(value: number | null): string {
  return value === null ? '—' : GROUPED.format(Math.round(value) || 0);
}

/**
 * A score as it was graded: one decimal, trailing `.0` dropped (`80`, `79.5`); `null` → `—`.
 * Use it wherever a score stands next to its grade, so "80 · warn" cannot happen.
 */
export function formatScore(value: number | null): string {
  return value === null ? '—' : String(roundScore(value));
}

/**
 * A whole-point change with an arrow: `▲3`, `▼25`; `''` when it rounds to 0 or is `null`
 * (the compare step calls changes under 0.5 neutral, and they show as 0 here).
 */
export function formatDelta(delta: number | null): string {
  if (delta === null) return '';
  const points = Math.round(Math.abs(delta));
  if (points === 0) return '';
  return `${delta < 0 ? '▼' : '▲'}${GROUPED.format(points)}`;
}

/** `L14–L45`, or `L14` for a one-line chunk. */
export function lineRange(chunk: Pick<Chunk, 'startLine' | 'endLine'>): string {
  return chunk.endLine > chunk.startLine ? `L${chunk.startLine}–L${chunk.endLine}` : `L${chunk.startLine}`;
}

/** An ATX heading on the first non-blank line of a chunk's text: its title. */
const LEADING_HEADING = /^\s*#{1,6}[ \t]+(.+?)[ \t#]*(?:\n|$)/;

/**
 * A chunk's name: its heading path joined with ` › `, plus ` (2/5)` for a piece of a split. With
 * an empty path, the heading the chunk opens with when it has one, else `(before the first heading)`.
 */
export function chunkTitle(chunk: Pick<Chunk, 'headingPath' | 'split'> & { text?: string }): string {
  const opening = chunk.text === undefined ? null : LEADING_HEADING.exec(chunk.text);
  const path = chunk.headingPath.length > 0 ? chunk.headingPath.join(' › ') : opening ? opening[1]!.trim() : '(before the first heading)';
  return chunk.split ? `${path} (${chunk.split.part}/${chunk.split.parts})` : path;
}

/** `1 threshold`, `2 thresholds`; `plural` defaults to `singular + 's'`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${GROUPED.format(count)} ${count === 1 ? singular : pluralForm}`;
}

/**
 * The chunking settings in one phrase: `heading chunks, max 512 / min 64 tokens (o200k)`;
 * `min` only for `heading`, overlap when non-zero, the tokenizer only for token units.
 */
export function describeChunking(options: ChunkingOptions): string {
  const unit = options.unit === 'tokens' ? 'tokens' : 'chars';
  const sizes = options.strategy === 'heading' ? `max ${GROUPED.format(options.max)} / min ${GROUPED.format(options.min)}` : `max ${GROUPED.format(options.max)}`;
  const overlap = options.overlap > 0 ? `, overlap ${GROUPED.format(options.overlap)}` : '';
  const tokenizer = options.unit === 'tokens' ? ` (${options.tokenizer.replace(/_base$/, '')})` : '';
  return `${options.strategy} chunks, ${sizes} ${unit}${overlap}${tokenizer}`;
}
