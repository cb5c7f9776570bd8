import { LLM_DIMENSIONS } from '../metrics/content/llm/types.js';
import type { EvaluatedChunk, Severity } from '../types.js';
import { escapeInline } from './escape.js';

/** The judge's words about one chunk, in the order every renderer shows them. */
export interface JudgeWords {
  model: string;
  promptVersion: string;
  reasoning: string;
  strengths: string[];
  weaknesses: string[];
  /** Each of the judge's `chunk_issues` texts with its severity, most severe first. */
  issues: { severity: Severity; text: string }[];
  /** The five rubric scores as `[dimension, score]`, in rubric order (`overlap_rationality` last). */
  scores: [string, number][];
}

const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Longest note in characters before `…`: one line in a comment must stay one line to read. */
const NOTE_MAX = 600;

/**
 * The judge's verdict on `chunk` as plain, unescaped data, or `null` when no judge scored it
 * (heuristic scorer, or the judge fell back). Blank strings are dropped.
 */
export function judgeWords(chunk: Pick<EvaluatedChunk, 'judge'>): JudgeWords | null {
  const verdict = chunk.judge;
  if (!verdict) return null;
  const clean = (items: readonly string[]) => items.map((item) => item.trim()).filter((item) => item !== '');
  return {
    model: verdict.model,
    promptVersion: verdict.promptVersion,
    reasoning: verdict.reasoning.trim(),
    strengths: clean(verdict.strengths),
    weaknesses: clean(verdict.weaknesses),
    issues: verdict.issues
      .flatMap((issue) => clean(issue.issues).map((text) => ({ severity: issue.severity, text })))
      .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]),
    scores: LLM_DIMENSIONS.map((name) => [name, verdict.scores[name]]),
  };
}

/**
 * The judge's words as ONE escaped Markdown line for a regressed chunk in the PR comment:
 * `**LLM judge** (model): reasoning · weaknesses: … · issues: high: … · strengths: … ·
 * overlap_rationality 40`, or `null` when no judge scored the chunk. Repository-derived text
 * (the judge quotes the docs) goes through {@link escapeInline}: no line breaks, no HTML, no
 * mentions; the line is clipped to 600 characters of text.
 */
export function judgeNote(chunk: Pick<EvaluatedChunk, 'judge'>): string | null {
  const words = judgeWords(chunk);
  if (!words) return null;
  const overlap = words.scores.find(([name]) => name === 'overlap_rationality')?.[1];
  const parts = [
    words.reasoning,
    words.weaknesses.length > 0 ? `weaknesses: ${words.weaknesses.join('; ')}` : '',
    words.issues.length > 0 ? `issues: ${words.issues.map((issue) => `${issue.severity}: ${issue.text}`).join('; ')}` : '',
    words.strengths.length > 0 ? `strengths: ${words.strengths.join('; ')}` : '',
    overlap === undefined ? '' : `overlap_rationality ${overlap}`,
  ].filter((part) => part !== '');
  const text = parts.join(' · ').replace(/\s+/g, ' ');
  const clipped = text.length > NOTE_MAX ? `${text.slice(0, NOTE_MAX - 1)}…` : text;
  return `**LLM judge** (${escapeInline(words.model)}): ${escapeInline(clipped)}`;
}
