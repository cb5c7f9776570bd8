import { searchTerms } from '../retrieval/terms.js';
import type { Passage } from './passages.js';

/** How common each term is in the corpus, as {@link simulatedQueries} weighs terms. */
export interface TermWeights {
  /** BM25's inverse document frequency of a term over the base corpus. */
  idf(term: string): number;
}

/** Shape of the simulated queries: how many per passage and what each holds. */
export interface SimulationShape {
  /** Queries per passage. */
  count: number;
  /** Terms drawn from the passage by weight (tf × idf): the words a question shares with its answer. */
  content: number;
  /** Common terms of the passage (its lowest idf): the small words a question is written with. */
  common: number;
  /** Heading terms (of the innermost two headings): a question names its topic. */
  heading: number;
  /** Terms of the page's other passages (by idf): a question's words that its answer does not hold. */
  noise: number;
}

/**
 * The default shape: one content term, one small word, one heading word and one word of the
 * page's other passages. Of the seven shapes measured (`docs/validity.md`), its queries find their
 * passage about as often as the hand-written golden queries find their evidence (first about half
 * the time, outside the top 5 about one time in six); stronger shapes find it first nine times in
 * ten and a change hardly moves them.
 */
export const SIMULATION: SimulationShape = { count: 12, content: 1, common: 1, heading: 1, noise: 1 };

/**
 * Simulated known-item queries for a passage (pure, deterministic): short queries a reader who
 * wants this passage might type, drawn the way known-item query simulation does it (Azzopardi,
 * de Rijke and Balog, 2007): a few terms from the passage at random, the more likely the more
 * often they occur in it and the rarer they are in the corpus, with some small words and a word
 * of its heading. A single strong probe (the rarest terms) finds its passage first on both sides
 * of almost any change; a spread of weaker ones sees the ranks that a change moves. The random
 * draws are seeded by the passage's text, so a passage gets the same queries on every run.
 */
export function simulatedQueries(passage: Pick<Passage, 'text' | 'headingPath'>, weights: TermWeights, shape: SimulationShape = SIMULATION, page: readonly string[] = []): string[] {
  const counts = new Map<string, number>();
  for (const term of searchTerms(passage.text)) {
    if (term.length > 1 || /[^\p{ASCII}]/u.test(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
  }
  const terms = [...counts.keys()];
  if (terms.length < shape.content) return [];
  const idf = new Map(terms.map((term) => [term, weights.idf(term)]));
  const byCommonness = [...terms].sort((a, b) => idf.get(a)! - idf.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
  const common = byCommonness.slice(0, Math.max(shape.common * 2, 4));
  const content = terms.filter((term) => !common.includes(term));
  const contentWeights = content.map((term) => counts.get(term)! * idf.get(term)!);
  const headingTerms = [...new Set(passage.headingPath.slice(-2).flatMap((heading) => searchTerms(heading)))].filter((term) => !counts.has(term));
  const noise = [...new Set(page)].filter((term) => !counts.has(term) && !headingTerms.includes(term) && (term.length > 1 || /[^\p{ASCII}]/u.test(term)));
  const noiseWeights = noise.map((term) => weights.idf(term));
  const random = seededRandom(passage.text);
  const queries: string[] = [];
  for (let attempt = 0; queries.length < shape.count && attempt < shape.count * 3; attempt++) {
    const picked = [
      ...draw(content, contentWeights, shape.content, random),
      ...draw(common, common.map(() => 1), shape.common, random),
      ...draw(headingTerms, headingTerms.map(() => 1), shape.heading, random),
      ...draw(noise, noiseWeights, shape.noise, random),
    ];
    const query = picked.join(' ');
    if (picked.length > 0 && !queries.includes(query)) queries.push(query);
  }
  return queries;
}

/** `n` items of `items` drawn without replacement, each with probability in proportion to its weight, in the order drawn. */
export function draw(items: readonly string[], weights: readonly number[], n: number, random: () => number): string[] {
  const left = items.map((item, at) => ({ item, weight: Math.max(weights[at]!, 0) }));
  const picked: string[] = [];
  while (picked.length < n && left.length > 0) {
    const total = left.reduce((sum, entry) => sum + entry.weight, 0);
    let at = 0;
    if (total > 0) {
      let target = random() * total;
      while (at < left.length - 1 && target >= left[at]!.weight) target -= left[at++]!.weight;
    } else {
      at = Math.floor(random() * left.length);
    }
    picked.push(left[at]!.item);
    left.splice(at, 1);
  }
  return picked;
}

/** A random number generator in [0, 1) seeded by `text` (FNV-1a hash into {@link mulberry32}): the same text, the same numbers. */
export function seededRandom(text: string): () => number {
  let hash = 0x811c9dc5;
  for (let at = 0; at < text.length; at++) hash = Math.imul(hash ^ text.charCodeAt(at), 0x01000193) >>> 0;
  return mulberry32(hash);
}

/** Mulberry32: a small, fast, seeded generator of uniform numbers in [0, 1); the same seed gives the same sequence. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
