import type { Block, Chunk, ParsedDoc } from '../../../types.js';
import { blankRuleComments } from '../../../markdown/rule-comments.js';
import { tokenize } from '../../../text/words.js';
import { contentTerms } from '../text.js';
import { chunkText, unitTerms } from './chunk-text.js';
import { detailFromPenalties, type ContentFinding, type ContentInput, type MetricDetail } from './input.js';

/** Points lost per unit of lexical incohesion (1 − cohesion). */
const COHESION_WEIGHT = 40;
/** A unit fully links to its predecessors when this share of its terms appeared before. */
const LINK_SHARE = 0.2;

/**
 * `semantic_coherence` with its findings: 100 − 100 × (share of the chunk's text outside its
 * dominant heading section) − 40 × (1 − lexical cohesion).
 */
export function semanticCoherenceDetails(input: ContentInput): MetricDetail[] {
  return input.chunks.map((chunk) => {
    const findings: ContentFinding[] = [];
    const topics = topicsOf(input.doc, chunk);
    const total = topics.reduce((sum, topic) => sum + topic.weight, 0);
    if (topics.length > 1 && total > 0) {
      const dominant = topics.reduce((best, topic) => Math.max(best, topic.weight), 0);
      const listed = topics.map((topic) => `'${topic.title}' (${Math.round((100 * topic.weight) / total)}%)`).join(', ');
      findings.push({
        code: 'mixed-sections',
        message: `mixes ${topics.length} heading sections: ${listed}`,
        points: -100 * (1 - dominant / total),
      });
    }
    const { cohesion, linked, units } = lexicalCohesion(chunk);
    if (cohesion < 1) {
      findings.push({
        code: 'low-cohesion',
        message: `${units - 1 - linked} of ${units - 1} sentences after its first share few words with the two before them or the heading path`,
        points: -COHESION_WEIGHT * (1 - cohesion),
      });
    }
    return detailFromPenalties(findings);
  });
}

/**
 * `semantic_coherence` of each chunk: 100 − 100 × (share of its non-space text outside its
 * dominant heading section) − 40 × (1 − mean link of each sentence to the two before it).
 */
export function semanticCoherence(input: ContentInput): number[] {
  return semanticCoherenceDetails(input).map((detail) => detail.score);
}

interface Topic {
  title: string;
  /** Non-whitespace characters of the chunk's own extent in this topic. */
  weight: number;
}

/**
 * Splits a chunk's extent into topics at headings. A chunk that opens with a heading keeps
 * its subsections (deeper headings) in that topic; any other heading starts a new topic,
 * and so does every heading of a chunk that starts mid-section.
 */
function topicsOf(doc: ParsedDoc, chunk: Chunk): Topic[] {
  const source = topicSource(doc);
  const first = firstNonSpace(source, chunk.startOffset, chunk.endOffset);
  const headings = headingsIn(doc.blocks, first, chunk.endOffset);
  const opening = headings[0]?.start === first ? headings.shift()! : null;
  const topics: Topic[] = [];
  let title = opening?.title ?? chunk.headingPath.at(-1) ?? '(untitled)';
  let depth = opening?.depth ?? 0;
  let from = first;
  for (const heading of headings) {
    if (depth > 0 && (heading.depth ?? 1) > depth) continue;
    topics.push({ title, weight: nonSpace(source, from, heading.start) });
    title = heading.title ?? '';
    depth = heading.depth ?? 1;
    from = heading.start;
  }
  topics.push({ title, weight: nonSpace(source, from, chunk.endOffset) });
  return topics.filter((topic) => topic.weight > 0);
}

const blanked = new WeakMap<ParsedDoc, string>();

/**
 * The document's source with its rule comments blanked (same offsets), once per document: a
 * `<!-- chunkgate-disable … -->` above a heading is no untitled topic of the chunk.
 */
function topicSource(doc: ParsedDoc): string {
  if (!doc.ruleComments) return doc.source;
  let source = blanked.get(doc);
  if (source === undefined) {
    source = blankRuleComments(doc.source);
    blanked.set(doc, source);
  }
  return source;
}

/** Heading blocks starting in `[from, to)`, in order (binary search, then a walk). */
function headingsIn(blocks: readonly Block[], from: number, to: number): Block[] {
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.start < from) low = middle + 1;
    else high = middle;
  }
  const found: Block[] = [];
  for (let index = low; index < blocks.length && blocks[index]!.start < to; index++) {
    if (blocks[index]!.kind === 'heading') found.push(blocks[index]!);
  }
  return found;
}

/**
 * Lexical cohesion in [0, 1]: for each unit after the first, the share of its content
 * terms also found in the two units before it or in the heading path, divided by 0.2 and
 * capped at 1; averaged. A chunk with fewer than two units is fully cohesive.
 */
function lexicalCohesion(chunk: Chunk): { cohesion: number; linked: number; units: number } {
  const terms = unitTerms(chunkText(chunk)).filter((set) => set.size > 0);
  if (terms.length < 2) return { cohesion: 1, linked: terms.length, units: terms.length };
  const context = new Set(contentTerms(tokenize(chunk.headingPath.join('\n'))));
  return cohesionOf(terms, context);
}

/**
 * {@link lexicalCohesion} of at least two non-empty term sets. Its own function, so that V8
 * optimises this loop alone and does not recompile it with the text helpers inlined above it.
 */
function cohesionOf(terms: ReadonlyArray<Set<string>>, context: Set<string>): { cohesion: number; linked: number; units: number } {
  let sum = 0;
  let linked = 0;
  for (let index = 1; index < terms.length; index++) {
    const own = terms[index]!;
    const before = terms[index - 1]!;
    const twoBefore = index >= 2 ? terms[index - 2]! : null;
    let shared = 0;
    for (const term of own) {
      if (before.has(term) || (twoBefore !== null && twoBefore.has(term)) || context.has(term)) shared += 1;
    }
    const link = Math.min(1, shared / Math.max(1, LINK_SHARE * own.size));
    sum += link;
    if (link >= 1) linked += 1;
  }
  return { cohesion: sum / (terms.length - 1), linked, units: terms.length };
}

function firstNonSpace(source: string, from: number, to: number): number {
  let at = from;
  while (at < to && /\s/.test(source[at]!)) at += 1;
  return at;
}

function nonSpace(source: string, from: number, to: number): number {
  let count = 0;
  for (let at = from; at < to; at++) {
    const code = source.charCodeAt(at);
    if (code !== 32 && code !== 10 && code !== 9 && code !== 13) count += 1;
  }
  return count;
}
