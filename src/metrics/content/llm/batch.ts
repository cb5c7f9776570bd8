import type { Span } from '../../../types.js';
import type { Evidence } from './evidence.js';

/** A section source excerpt shown once per request. */
export interface BatchExcerpt {
  /** 1-based number within the request. */
  id: number;
  startLine: number;
  endLine: number;
  text: string;
}

/** A chunk shown in a request: a target to score, or a neighbour shown as context. */
export interface BatchChunk {
  index: number;
  role: 'target' | 'context';
  text: string;
  /** Heading path of a target (context chunks carry none: they are evidence, not judged). */
  headingPath?: string[];
  /** The excerpt (by `id`) holding a target's section. */
  excerpt?: number;
}

/** The evidence of one request: section excerpts, then chunks in document order. */
export interface JudgeBatch {
  excerpts: BatchExcerpt[];
  chunks: BatchChunk[];
}

/**
 * Assembles the evidence of one request from its targets' evidence windows
 * (target chunk, section source, neighbour chunks: docs/config.md#the-llm-judge-optional).
 *
 * Section excerpts that overlap or are separated only by whitespace merge into
 * one, so text shared by several targets is sent once; each neighbour that is not
 * itself a target appears once as a context chunk. `source` is the document text
 * the evidence offsets point into.
 */
export function assembleBatch(source: string, targets: readonly Evidence[]): JudgeBatch {
  const ordered = [...targets].sort((a, b) => a.index - b.index);
  const merged: (Span & { startLine: number; endLine: number })[] = [];
  for (const { section } of [...ordered].sort((a, b) => a.section.start - b.section.start)) {
    const last = merged.at(-1);
    if (last && source.slice(last.end, section.start).trim() === '') {
      if (section.end > last.end) {
        last.end = section.end;
        last.endLine = section.endLine;
      }
    } else {
      merged.push({ ...section });
    }
  }
  const excerpts = merged.map((span, position) => ({
    id: position + 1,
    startLine: span.startLine,
    endLine: span.endLine,
    text: source.slice(span.start, span.end),
  }));
  const excerptOf = (section: Span): number =>
    merged.findIndex((span) => span.start <= section.start && section.end <= span.end) + 1;

  const byIndex = new Map<number, BatchChunk>();
  for (const target of ordered) {
    byIndex.set(target.index, {
      index: target.index,
      role: 'target',
      text: target.chunkText,
      headingPath: target.headingPath,
      excerpt: excerptOf(target.section),
    });
  }
  for (const target of ordered) {
    const [previous, next] = target.neighbours;
    const around: [number, string][] = [
      [target.index - 1, previous],
      [target.index + 1, next],
    ];
    for (const [index, text] of around) {
      if (index >= 0 && !byIndex.has(index) && text !== '') byIndex.set(index, { index, role: 'context', text });
    }
  }
  return { excerpts, chunks: [...byIndex.values()].sort((a, b) => a.index - b.index) };
}
