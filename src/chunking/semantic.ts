import { quantileSorted } from 'simple-statistics';
import type { ChunkDraft, ChunkingOptions, ParsedDoc, Span } from '../types.js';
import { splitAtomic } from './atomicSplit.js';
import { draftOf } from './draft.js';
import { headingPathAt } from './headingPath.js';
import { sizeOf, splitContext, type ChunkMeasure, type Piece, type SplitContext } from './piece.js';
import { sentenceSpans } from './sentences.js';
import { textUnits } from './textUnits.js';

/**
 * Precomputed embeddings: the vector of `text` under `model`, or `undefined` when the shell
 * did not fetch it. The pure chunker never calls a network; the shell embeds every text of
 * {@link semanticEmbeddingTexts} first.
 */
export type SentenceVectors = (text: string, model: string) => readonly number[] | undefined;

/** Default of `chunking.breakpointPercentile` (LangChain SemanticChunker's `breakpoint_threshold_amount`). */
const DEFAULT_BREAKPOINT_PERCENTILE = 95;
/** Default of `chunking.bufferSize` (LangChain's `buffer_size`). */
const DEFAULT_BUFFER_SIZE = 1;
/** Default of `chunking.embeddingModel`. */
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

/** Thrown when `strategy: semantic` runs without embeddings: names the settings to fix. */
export class SemanticEmbeddingsError extends Error {
  override name = 'SemanticEmbeddingsError';
}

/**
 * The message of a run that has a `semantic` file and no embeddings provider; `where` names the
 * setting (`chunking.strategy`, `overrides[1].chunking.strategy`, or a file and its key).
 */
export function missingEmbeddingsMessage(where: string): string {
  return `${where} is semantic, which needs an embeddings provider: set OPENAI_API_KEY (CLI) or the openai-api-key input (action), or llm.baseURL for a local OpenAI-compatible server — or choose another chunking.strategy`;
}

/** A packing unit: a sentence (or a word run of an over-`max` sentence), a heading, or a whole atomic block. */
interface Unit extends Span {
  heading: boolean;
  /** Index of the text block the unit was cut from (`-1` for a whole block). */
  cutFrom: number;
}

/** A document cut into runs of units, with the standalone pieces of over-`max` atomic blocks between them. */
type Segment = { units: Unit[] } | { pieces: Piece[] };

/**
 * The units of a document in order: every text block cut into its sentences (a sentence
 * above `max` cut at words, then characters / tokens), headings and atomic blocks as whole
 * units; an atomic block above `max` ends the run and becomes its own pieces (table rows,
 * code lines: `splitAtomic`), headings right before it going with its first piece.
 */
function segmentsOf(context: SplitContext, doc: ParsedDoc): Segment[] {
  const segments: Segment[] = [];
  let units: Unit[] = [];
  doc.blocks.forEach((block, index) => {
    const heading = block.kind === 'heading';
    if (!block.atomic && !heading) {
      for (const sentence of sentenceSpans(context.source, block)) {
        for (const part of textUnits(context, sentence, ['words'])) units.push({ ...part, heading: false, cutFrom: index });
      }
    } else if (heading || sizeOf(context, block) <= context.max) {
      units.push({ start: block.start, end: block.end, heading, cutFrom: -1 });
    } else {
      let lead = units.length;
      while (lead > 0 && units[lead - 1]!.heading) lead--;
      const headings = units.splice(lead);
      if (units.length > 0) segments.push({ units });
      units = [];
      segments.push({ pieces: splitAtomic(context, block, { leadIn: headings }) });
    }
  });
  if (units.length > 0) segments.push({ units });
  return segments;
}

/**
 * The text embedded for unit `index` of a run: the unit with `buffer` units on each side,
 * joined by one space (LangChain's `combine_sentences`), so one short sentence does not
 * decide a breakpoint alone.
 */
function combined(source: string, units: readonly Unit[], index: number, buffer: number): string {
  const from = Math.max(0, index - buffer);
  const to = Math.min(units.length, index + buffer + 1);
  return units
    .slice(from, to)
    .map((unit) => source.slice(unit.start, unit.end))
    .join(' ');
}

function settings(options: ChunkingOptions): { percentile: number; buffer: number; model: string } {
  const percentile = Math.min(100, Math.max(0, options.breakpointPercentile ?? DEFAULT_BREAKPOINT_PERCENTILE));
  const buffer = Math.max(0, Math.floor(options.bufferSize ?? DEFAULT_BUFFER_SIZE));
  return { percentile, buffer, model: options.embeddingModel ?? DEFAULT_EMBEDDING_MODEL };
}

/**
 * Every text the `semantic` strategy will look up for `doc`, in order, duplicates included:
 * what the shell must embed (with `options.embeddingModel`) before calling {@link chunkSemantic}.
 */
export function semanticEmbeddingTexts(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure): string[] {
  const context = splitContext(doc, options, measure);
  const { buffer } = settings(options);
  return segmentsOf(context, doc).flatMap((segment) =>
    'units' in segment ? segment.units.map((_, index) => combined(context.source, segment.units, index, buffer)) : [],
  );
}

/** Cosine distance `1 − cos(a, b)`; `1` when either vector is zero. */
export function cosineDistance(a: readonly number[], b: readonly number[]): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na === 0 || nb === 0 ? 1 : 1 - dot / Math.sqrt(na * nb);
}

/**
 * The `semantic` strategy (docs/config.md#chunking-strategies; LangChain SemanticChunker's percentile method):
 *
 * 1. Units: sentences of text blocks; headings and atomic blocks whole ({@link segmentsOf}).
 * 2. Each unit is embedded with `bufferSize` neighbours on each side; `d_i` is the cosine
 *    distance between units `i` and `i + 1`.
 * 3. Breakpoints: every `d_i` strictly above the `breakpointPercentile`-th percentile of all
 *    the document's distances (linear interpolation, as `numpy.percentile`), except right
 *    after a heading (a chunk never ends on its heading).
 * 4. `max`: a group above `max` is cut again at its largest distance, recursively, until every
 *    part fits. `min`: a group below `min` merges into the neighbour it is closest to (lower
 *    distance at the shared boundary) when the merge fits in `max`, else into the other one.
 *
 * An atomic block is never cut unless it alone exceeds `max` (then rows / lines, with
 * `table-split` / `code-fence-split`). No overlap. Heading path: the enclosing headings of the
 * chunk's start. Deterministic for given vectors.
 *
 * @throws SemanticEmbeddingsError when `vectors` is missing, lacks a text or gives vectors of
 *   different lengths (a shell must embed {@link semanticEmbeddingTexts} first and check the answers).
 */
export function chunkSemantic(doc: ParsedDoc, options: ChunkingOptions, measure: ChunkMeasure, vectors?: SentenceVectors): ChunkDraft[] {
  if (!vectors) throw new SemanticEmbeddingsError(missingEmbeddingsMessage(`${doc.path}: chunking.strategy`));
  const context = splitContext(doc, options, measure);
  const { percentile, buffer, model } = settings(options);
  const segments = segmentsOf(context, doc);
  let dimension: number | undefined;
  const distances = segments.map((segment) => {
    if (!('units' in segment)) return [];
    const vectorOf = segment.units.map((_, index) => {
      const text = combined(context.source, segment.units, index, buffer);
      const vector = vectors(text, model);
      if (!vector) throw new SemanticEmbeddingsError(`${doc.path}: no embedding for a sentence (model ${model}): the shell must embed semanticEmbeddingTexts() first`);
      // Distances between vectors of different lengths mean nothing: the shell checks every answer (embedAll).
      dimension ??= vector.length;
      if (vector.length !== dimension) throw new SemanticEmbeddingsError(`${doc.path}: sentence vectors of ${dimension} and ${vector.length} numbers (model ${model}): the shell must check them first`);
      return vector;
    });
    return vectorOf.slice(1).map((vector, index) => cosineDistance(vectorOf[index]!, vector));
  });
  const all = distances.flat().sort((a, b) => a - b);
  const threshold = all.length === 0 ? Infinity : quantileSorted(all, percentile / 100);
  const pathAt = headingPathAt(doc);
  const drafts: ChunkDraft[] = [];
  segments.forEach((segment, position) => {
    if ('pieces' in segment) {
      for (const piece of segment.pieces) drafts.push(draftOf(doc, piece, pathAt(piece.start)));
      return;
    }
    const { units } = segment;
    const gaps = distances[position]!;
    const groups = groupsOf(context, units, gaps, threshold, options.min);
    drafts.push(...labelled(units, groups).map((piece) => draftOf(doc, piece, pathAt(piece.start))));
  });
  return drafts;
}

type Group = { from: number; to: number };

/** Breakpoints, then `max` (recursive cuts at the largest gap), then `min` (merges). */
function groupsOf(context: SplitContext, units: readonly Unit[], gaps: readonly number[], threshold: number, min: number): Group[] {
  // gap i lies between unit i and unit i + 1; no cut right after a heading.
  const cuttable = (gap: number) => !units[gap]!.heading;
  const size = (group: Group) => sizeOf(context, { start: units[group.from]!.start, end: units[group.to - 1]!.end });
  const groups: Group[] = [];
  let from = 0;
  gaps.forEach((gap, index) => {
    if (gap > threshold && cuttable(index)) {
      groups.push({ from, to: index + 1 });
      from = index + 1;
    }
  });
  groups.push({ from, to: units.length });

  const fitted: Group[] = [];
  const fit = (group: Group): void => {
    if (group.to - group.from < 2 || size(group) <= context.max) {
      fitted.push(group);
      return;
    }
    let best = -1;
    for (let gap = group.from; gap < group.to - 1; gap++) {
      if (cuttable(gap) && (best === -1 || gaps[gap]! > gaps[best]!)) best = gap;
    }
    if (best === -1) {
      fitted.push(group);
      return;
    }
    fit({ from: group.from, to: best + 1 });
    fit({ from: best + 1, to: group.to });
  };
  groups.forEach(fit);

  // Merge groups below `min` into the closer neighbour, smallest first, while a merge fits.
  let merged = true;
  while (merged && fitted.length > 1) {
    merged = false;
    const order = fitted.map((group, index) => ({ index, size: size(group) })).filter((item) => item.size < min);
    order.sort((a, b) => a.size - b.size || a.index - b.index);
    for (const { index } of order) {
      const group = fitted[index]!;
      const left = index > 0 ? { index: index - 1, gap: gaps[group.from - 1]! } : null;
      const right = index < fitted.length - 1 ? { index: index + 1, gap: gaps[group.to - 1]! } : null;
      const candidates = [left, right].filter((item): item is { index: number; gap: number } => item !== null).sort((a, b) => a.gap - b.gap);
      for (const candidate of candidates) {
        const other = fitted[candidate.index]!;
        const union = { from: Math.min(group.from, other.from), to: Math.max(group.to, other.to) };
        if (size(union) > context.max) continue;
        fitted.splice(Math.min(index, candidate.index), 2, union);
        merged = true;
        break;
      }
      if (merged) break;
    }
  }
  return fitted;
}

/** Pieces of the groups; pieces holding parts of one text block spread over several get `split: text`. */
function labelled(units: readonly Unit[], groups: readonly Group[]): Piece[] {
  const pieces: Piece[] = groups.map((group) => ({ start: units[group.from]!.start, end: units[group.to - 1]!.end }));
  const piecesOf = new Map<number, number[]>();
  groups.forEach((group, position) => {
    for (let index = group.from; index < group.to; index++) {
      const block = units[index]!.cutFrom;
      if (block === -1) continue;
      const list = piecesOf.get(block) ?? [];
      if (list.at(-1) !== position) list.push(position);
      piecesOf.set(block, list);
    }
  });
  for (const list of piecesOf.values()) {
    if (list.length < 2) continue;
    list.forEach((position, part) => {
      pieces[position]!.split ??= { kind: 'text', part: part + 1, parts: list.length };
    });
  }
  return pieces;
}
