import type { EvaluatedChunk, Regression } from '../../types.js';
import { explainRegression } from '../explain.js';
import { chunkTitle, formatDelta, formatNumber, formatScore, lineRange } from '../format.js';
import { judgeWords } from '../judge-notes.js';
import { escapeText } from './escape.js';
import { ruleLinkHtml } from '../rule-links.js';
import { tagBadges } from './source-view.js';

/** What {@link chunkDetail} shows about one chunk. */
export interface ChunkDetailInput {
  /** The chunk's element id; the detail's id is `d-<id>`. */
  id: string;
  path: string;
  side: 'base' | 'head';
  chunk: EvaluatedChunk;
  /** Chunks on this side of the file. */
  count: number;
  /** The regression of this head chunk, if it is one. */
  regression?: Regression;
}

/**
 * The hidden panel content of one chunk (the page script copies it into the side panel):
 * file, side and number, heading path, lines, tokens and characters, block kinds, score and
 * grade (with the regression's before → after and reason), every per-chunk metric, and every
 * issue with its line, message and hint; when the LLM judge scored it, the judge's words
 * (reasoning, strengths, weaknesses, chunk issues, its five rubric scores). All text escaped.
 */
export function chunkDetail(input: ChunkDetailInput): string {
  const { chunk, regression } = input;
  const parts = [
    `<div class="detail" id="d-${input.id}" hidden>`,
    `<h3><code>${escapeText(input.path)}</code> · ${input.side} · chunk ${chunk.index + 1} of ${input.count}</h3>`,
    `<p class="hp">${escapeText(chunkTitle(chunk))}</p>`,
    `<p>${lineRange(chunk)} · ${formatNumber(chunk.tokens)} tokens · ${formatNumber(chunk.chars)} chars · ${escapeText(chunk.kinds.join(', ') || '—')}</p>`,
    `<p class="score g-${chunk.grade}">${formatScore(chunk.score)} · ${chunk.grade}${chunk.partial ? ' · partial (heuristic stood in)' : ''}</p>`,
  ];
  if (regression) {
    const why = explainRegression(regression);
    const change = regression.base ? `${formatScore(regression.base.score)} → ${formatScore(chunk.score)} ${formatDelta(regression.delta)}` : `new chunk · ${formatScore(chunk.score)}`;
    parts.push(`<p><strong>Regressed</strong> (${escapeText(regression.reason)}): ${escapeText(change)} — <code>${escapeText(why.cause)}</code>: ${escapeText(why.reason)}</p>`);
    parts.push(`<p class="muted">What to do: ${escapeText(why.hint)}</p>`);
  }
  parts.push('<table class="metrics">');
  for (const [name, value] of Object.entries(chunk.metrics)) {
    parts.push(`<tr><td>${escapeText(name)}</td><td class="num">${formatNumber(value)}</td></tr>`);
  }
  parts.push('</table>');
  if (chunk.issues.length > 0) {
    parts.push(`<p>${tagBadges(chunk)}</p><ul class="issues">`);
    for (const issue of chunk.issues) {
      const hint = issue.hint ? ` <span class="muted">${escapeText(issue.hint)}</span>` : '';
      const warn = issue.level === 'warn' ? ' <span class="muted">(warn: never gates)</span>' : '';
      parts.push(`<li>${ruleLinkHtml(issue.tag, `tag sev-${issue.severity}`)}${warn} L${issue.line}: ${escapeText(issue.message)}${hint}</li>`);
    }
    parts.push('</ul>');
  } else parts.push('<p class="muted">No issues.</p>');
  parts.push(...judgeSection(chunk));
  parts.push('</div>');
  return parts.join('\n');
}

/** The LLM judge's verdict on the chunk, or nothing when the heuristic scored it. */
function judgeSection(chunk: EvaluatedChunk): string[] {
  const words = judgeWords(chunk);
  if (!words) return [];
  const list = (label: string, items: readonly string[]) =>
    items.length === 0 ? [] : [`<p><strong>${label}</strong></p><ul class="judge">`, ...items.map((item) => `<li>${escapeText(item)}</li>`), '</ul>'];
  return [
    `<h4>LLM judge <span class="muted">(${escapeText(words.model)} · ${escapeText(words.promptVersion)})</span></h4>`,
    ...(words.reasoning ? [`<p class="judge-reasoning">${escapeText(words.reasoning)}</p>`] : []),
    ...list('Strengths', words.strengths),
    ...list('Weaknesses', words.weaknesses),
    ...list('Chunk issues', words.issues.map((issue) => `${issue.severity}: ${issue.text}`)),
    '<table class="metrics judge-scores">',
    ...words.scores.map(([name, value]) => `<tr><td>${escapeText(name)}</td><td class="num">${value}</td></tr>`),
    '</table>',
  ];
}
