import { searchTerms } from '../retrieval/terms.js';
import type { Passage } from './passages.js';
import { SIMULATION, simulatedQueries, type SimulationShape } from './simulated.js';

/** How a probe was derived from its passage (`question`: written by an LLM, `retrieval.probes: llm`). */
export type ProbeKind = 'heading' | 'terms' | 'distinctive' | 'sentence' | 'identifiers' | 'simulated' | 'question';

/** A query that should find one passage. */
export interface Probe {
  /** Index of its passage in the page's passages. */
  passage: number;
  kind: ProbeKind;
  query: string;
}

/** How common each term is in the corpus: the base side's chunks. */
export interface TermStats {
  /** Chunks in the corpus. */
  documents: number;
  /** Chunks holding `term` (0 for a term the corpus does not have). */
  frequency(term: string): number;
}

/** The probe kinds chunkgate runs, in the order a finding lists them. */
export const PROBE_KINDS: readonly ProbeKind[] = ['heading', 'terms', 'sentence', 'identifiers'];

/** Terms of a probe made of terms. */
const PROBE_TERMS = 5;
/** Terms of a sentence probe at most: a question is rarely longer. */
const SENTENCE_TERMS = 16;

/**
 * BM25's inverse document frequency of a term, `ln(1 + (N − n + 0.5) / (n + 0.5))`: how much a
 * match on it says about a chunk.
 */
export function idf(term: string, stats: TermStats): number {
  const n = stats.frequency(term);
  return Math.log(1 + (stats.documents - n + 0.5) / (n + 0.5));
}

/**
 * The probes of one passage (pure), each a plain string of search terms, as a user who knows
 * roughly where the answer is would type it:
 * - `heading`: the innermost two headings above it, and its two most distinctive terms;
 * - `terms`: five of its terms from the middle of its inverse-document-frequency order — words
 *   a question shares with its answer, neither the rarest (too easy: one identifier finds any
 *   chunk that holds it) nor the commonest;
 * - `distinctive`: its four rarest terms in the corpus;
 * - `sentence`: its first sentence, at most sixteen terms;
 * - `identifiers`: for a table or a code block, the code identifiers it defines (at most five).
 * Kinds that have nothing to say (no heading, no identifiers, fewer distinct terms than a probe
 * needs) give no probe; two kinds that give the same query give it once.
 */
export function probesOf(passage: Passage, index: number, stats: TermStats, kinds: readonly ProbeKind[] = PROBE_KINDS, simulation: { shape?: SimulationShape; page?: readonly string[] } = {}): Probe[] {
  const distinct = [...new Set(searchTerms(passage.text))].filter((term) => term.length > 1 || /[^\p{ASCII}]/u.test(term));
  const byRarity = distinct
    .map((term, order) => ({ term, weight: idf(term, stats), order }))
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .map((entry) => entry.term);
  const probes: Probe[] = [];
  const add = (kind: ProbeKind, terms: readonly string[]) => {
    const query = terms.join(' ').trim();
    if (query === '' || probes.some((probe) => probe.query === query)) return;
    probes.push({ passage: index, kind, query });
  };
  for (const kind of kinds) {
    if (kind === 'heading') {
      if (passage.headingPath.length > 0) add(kind, [...passage.headingPath.slice(-2).flatMap((heading) => searchTerms(heading)), ...byRarity.slice(0, 2)]);
    } else if (kind === 'terms') {
      if (byRarity.length >= PROBE_TERMS) {
        const from = Math.floor((byRarity.length - PROBE_TERMS) / 2);
        add(kind, byRarity.slice(from, from + PROBE_TERMS));
      }
    } else if (kind === 'distinctive') {
      add(kind, byRarity.slice(0, 4));
    } else if (kind === 'sentence') {
      add(kind, searchTerms(firstSentence(passage.text)).slice(0, SENTENCE_TERMS));
    } else if (kind === 'simulated') {
      for (const query of simulatedQueries(passage, { idf: (term) => idf(term, stats) }, simulation.shape ?? SIMULATION, simulation.page)) add(kind, [query]);
    } else if (kind === 'identifiers') {
      if (passage.kind === 'table' || passage.kind === 'code') add(kind, identifiersOf(passage.text).slice(0, PROBE_TERMS));
    }
  }
  return probes;
}

/** The first sentence of a passage: up to the first `.`, `?`, `!` or `。？！` followed by a space or the end, Markdown markers left to the term cutter. */
export function firstSentence(text: string): string {
  const match = /^[\s\S]*?[.?!](?=\s|$)|^[\s\S]*?[。？！]/u.exec(text);
  return match ? match[0] : text;
}

/**
 * Code identifiers of a table or code block, in order of first appearance: inline code spans'
 * words and tokens shaped like identifiers (`snake_case`, `camelCase`, `dotted.names`,
 * `--flags`), each once.
 */
export function identifiersOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /--?[a-z][\w-]*|[A-Za-z_][\w]*(?:[._][\w]+)+|[a-z]+[A-Z]\w*/g;
  for (const match of text.matchAll(pattern)) {
    for (const term of searchTerms(match[0])) if (!found.includes(term)) found.push(term);
  }
  return found;
}
