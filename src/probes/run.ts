import { baseKey } from '../retrieval/bm25-key.js';
import { bm25Sides, type Bm25Store } from '../retrieval/bm25-sides.js';
import { bm25Memo, bm25Terms, bodyOf, memoEntry, type Bm25Terms } from '../retrieval/bm25.js';
import { searchTerms } from '../retrieval/terms.js';
import type { RetrievalChunk, Retriever } from '../retrieval/types.js';
import type { Chunk, Span } from '../types.js';
import { causeOf, holdersOf } from './cause.js';
import { mapPassages } from './evidence.js';
import { lineFinder, passagesOf, type Passage } from './passages.js';
import { identifiersOf, PROBE_KINDS, probesOf, type Probe, type ProbeKind, type TermStats } from './queries.js';
import { subjectKey, type QuestionSubject } from './questions.js';
import type { SimulationShape } from './simulated.js';
import { standOf, type Stand } from './stand.js';

/** A corpus file of one side, chunked. */
export interface ProbeFile {
  path: string;
  source: string;
  chunks: readonly Chunk[];
}

/** A page the change touched and that exists on both sides. */
export interface ProbedPage {
  basePath: string;
  headPath: string;
}

/** When a probe, and a passage, count as harder to find. */
export interface ProbeRule {
  /** A probe whose passage ranked at most this high on the base… */
  top: number;
  /** … and fell by at least this many ranks (or out of those ranked) lost ground; so did one whose passage left the context budget. */
  margin: number;
  /** A passage is harder to find when at least this share of its probes lost ground… */
  share: number;
  /** … and (when set) the change did something to its own chunks (`causeOf`). */
  requireCause: boolean;
  /**
   * A passage harder to find gates when a probe of one of these kinds lost ground under the
   * stricter `gate` ranks (and it has a cause); otherwise it is reported, not gating.
   */
  gate: { kinds: readonly ProbeKind[]; top: number; margin: number };
}

/**
 * The rule chunkgate runs, chosen on the edit-level validity harness (`npm run validity --
 * --edits`), tuned on the English golden set and checked on the Chinese one. Reported: half the
 * probes lost ground (top 5, 2 ranks) and the change touched the passage's chunks — right about
 * one time in three, worth a look. Nothing gates by default: the best gating part found (a
 * table's or code block's identifiers, found in the top 3, falling 3 ranks or out of the context;
 * {@link IDENTIFIER_GATE}) was right three times in four on seeded edits, but on real PRs it
 * gated passages whose rank rose and a rename's code sample, which no reviewer would hold a merge for.
 */
export const DEFAULT_PROBE_RULE: ProbeRule = { top: 5, margin: 2, share: 0.5, requireCause: true, gate: { kinds: [], top: 3, margin: 3 } };

/** The gating part measured on the validity edits (see {@link DEFAULT_PROBE_RULE}): table and code identifiers. */
export const IDENTIFIER_GATE: ProbeRule['gate'] = { kinds: ['identifiers'], top: 3, margin: 3 };

/** Chunks ranked per probe: enough to fill any context budget of ordinary chunks. */
const RANKED = 100;

/** One probe of a passage, on both sides. */
export interface ProbeStand {
  kind: ProbeKind;
  query: string;
  base: Stand;
  head: Stand;
  /** Lost ground under the rule. */
  lost: boolean;
}

/** A base passage kept whole in the head, and how findable it stayed. */
export interface PassageOutcome {
  basePath: string;
  path: string;
  /** 1-based lines in the base and in the head. */
  baseLine: number;
  baseEndLine: number;
  line: number;
  endLine: number;
  headingPath: string[];
  kind: Passage['kind'];
  /** What happened to its chunks (`null`: nothing of their own). */
  cause: string | null;
  probes: ProbeStand[];
  /** Harder to find under the rule. */
  regressed: boolean;
  /** Harder to find under the rule's stricter `gate` part: a gating finding. */
  gating: boolean;
}

/** What {@link runProbes} measured. */
export interface ProbeRun {
  /** Every passage kept whole, page by page in the order given, in source order. */
  passages: PassageOutcome[];
  /** Probes run on each side. */
  probes: number;
  /** Passages of the probed pages' base sides that the head lost or reworded (not probed). */
  notKept: number;
  /** The pages probed (on both sides, in the corpus). */
  pages: ProbedPage[];
}

/** What {@link runProbes} needs. */
export interface ProbeInput {
  /** Every docs file of each side, chunked: the probes search the whole corpus. */
  base: readonly ProbeFile[];
  head: readonly ProbeFile[];
  pages: readonly ProbedPage[];
  /** Context budget in tokens. */
  budget: number;
  rule?: ProbeRule;
  kinds?: readonly ProbeKind[];
  /** The shape of the `simulated` probes, when `kinds` has them (default: `SIMULATION`). */
  simulation?: SimulationShape;
  /**
   * Where the base side's term counts, BM25 index and ranks are kept for the next run on the same
   * base corpus (a re-run of the pull request, each push): the base is then not cut into terms
   * again. Default BM25 retrievers only.
   */
  store?: Bm25Store;
  /**
   * Writes a reader's question for each kept passage (`retrieval.probes: llm`), by
   * {@link subjectKey}; a passage without one keeps its offline probes alone.
   */
  questions?: (subjects: QuestionSubject[]) => Promise<ReadonlyMap<string, string>>;
  /** The two sides' retrievers over these probes (default: BM25, `bm25Sides`). */
  retrievers?: (queries: readonly string[]) => { base(chunks: RetrievalChunk[]): Retriever; head(chunks: RetrievalChunk[]): Retriever };
}

/**
 * Retrieval probes (no golden set needed): for every passage of a changed page's base side that
 * the head keeps whole, queries derived from the passage ({@link probesOf}) run over the whole
 * corpus of each side, and where the passage stands is compared. Pure but for the retriever,
 * which an embeddings provider may back.
 */
export async function runProbes(input: ProbeInput): Promise<ProbeRun> {
  const rule = input.rule ?? DEFAULT_PROBE_RULE;
  const baseFiles = new Map(input.base.map((file) => [file.path, file]));
  const headFiles = new Map(input.head.map((file) => [file.path, file]));
  type Kept = { page: ProbedPage; passage: Passage; head: Span; probes: Probe[] };
  const kept: Kept[] = [];
  let notKept = 0;
  const pages = input.pages.flatMap((page) => {
    const base = baseFiles.get(page.basePath);
    const head = headFiles.get(page.headPath);
    return base && head ? [{ page, base, head, passages: passagesOf(base.path, base.source) }] : [];
  });
  const found = pages.map(({ base, head, passages }) => mapPassages(passages, base.source, head.source));
  const subjects = pages.flatMap(({ passages }, at) => passages.flatMap((passage, index) => (found[at]![index] === null ? [] : [{ headingPath: passage.headingPath, text: passage.text }])));
  const questions = input.questions && subjects.length > 0 ? await input.questions(subjects) : new Map<string, string>();
  // The terms any probe can hold: its passage's, its headings', its identifiers' and its
  // question's. The base corpus is cut into them once, for the terms' rarity here and for the
  // BM25 index below.
  const cut: Bm25Terms = { vocabulary: new Set([...pages.flatMap((page) => page.passages.flatMap(termsOf)), ...[...questions.values()].flatMap((question) => searchTerms(question))]), memo: bm25Memo() };
  const baseSide = sideOf(input.base);
  const headSide = sideOf(input.head);
  const stats = await termStats(input.base, cut, input.store && { store: input.store, chunks: baseSide.chunks });
  for (const [pageAt, { page, passages }] of pages.entries()) {
    const pageTerms = (input.kinds ?? PROBE_KINDS).includes('simulated') ? passages.flatMap((passage) => searchTerms(passage.text)) : [];
    for (const [index, passage] of passages.entries()) {
      const at = found[pageAt]![index]!;
      if (at === null) {
        notKept += 1;
        continue;
      }
      const probes = probesOf(passage, index, stats, input.kinds ?? PROBE_KINDS, { ...(input.simulation ? { shape: input.simulation } : {}), page: pageTerms });
      const question = questions.get(subjectKey({ headingPath: passage.headingPath, text: passage.text }));
      if (question !== undefined && !probes.some((probe) => probe.query === question)) probes.push({ passage: index, kind: 'question', query: question });
      kept.push({ page, passage, head: at, probes });
    }
  }
  const queries = [...new Set(kept.flatMap((entry) => entry.probes.map((probe) => probe.query)))];
  const sides = (input.retrievers ?? ((q) => bm25Sides(q, input.store, q.every((query) => searchTerms(query).every((term) => cut.vocabulary.has(term))) ? cut : bm25Terms(q))))(queries);
  const baseRetriever = sides.base(baseSide.chunks);
  const baseRanks = new Map<string, number[]>();
  for (const query of queries) baseRanks.set(query, await baseRetriever(query, RANKED));
  const headRetriever = sides.head(headSide.chunks);
  const headRanks = new Map<string, number[]>();
  for (const query of queries) headRanks.set(query, await headRetriever(query, RANKED));
  // Head lines of the probed pages, from each page's line starts (one pass per page, not one per passage).
  const headLines = new Map(pages.map(({ head }) => [head.path, lineFinder(lineStartsOf(head.source))]));
  const lineOf = (file: ProbeFile, offset: number) => headLines.get(file.path)!(offset);
  const passagesOut: PassageOutcome[] = kept.map(({ page, passage, head, probes }) => {
    const baseFile = baseFiles.get(page.basePath)!;
    const headFile = headFiles.get(page.headPath)!;
    const stands = probes.map((probe): ProbeStand => {
      const baseStand = standOf(baseRanks.get(probe.query)!, baseSide.chunkOf, baseSide.tokensOf, page.basePath, passage, input.budget);
      const headStand = standOf(headRanks.get(probe.query)!, headSide.chunkOf, headSide.tokensOf, page.headPath, head, input.budget);
      return { kind: probe.kind, query: probe.query, base: baseStand, head: headStand, lost: lostGround(baseStand, headStand, rule) };
    });
    const baseHolders = holdersOf(baseFile.chunks, passage).map((index) => baseFile.chunks[index]!);
    const headHolders = holdersOf(headFile.chunks, head).map((index) => headFile.chunks[index]!);
    const cause = causeOf(
      {
        basePath: baseHolders[0]?.headingPath ?? passage.headingPath,
        headPath: headHolders[0]?.headingPath ?? [],
        baseTokens: baseHolders.reduce((sum, chunk) => sum + chunk.tokens, 0),
        headTokens: headHolders.reduce((sum, chunk) => sum + chunk.tokens, 0),
        basePieces: baseHolders.length,
        headPieces: headHolders.length,
      },
      passage.kind,
    );
    const lost = stands.filter((stand) => stand.lost).length;
    const caused = !rule.requireCause || cause !== null;
    const gating = caused && stands.some((stand) => rule.gate.kinds.includes(stand.kind) && lostGround(stand.base, stand.head, rule.gate));
    const regressed = gating || (stands.length > 0 && lost / stands.length >= rule.share && caused);
    return {
      basePath: page.basePath,
      path: page.headPath,
      baseLine: passage.line,
      baseEndLine: passage.endLine,
      line: lineOf(headFile, head.start),
      endLine: lineOf(headFile, Math.max(head.start, head.end - 1)),
      headingPath: headHolders[0]?.headingPath ?? [],
      kind: passage.kind,
      cause,
      probes: stands,
      regressed,
      gating,
    };
  });
  return { passages: passagesOut, probes: queries.length, notKept, pages: pages.map((entry) => entry.page) };
}

/** Whether a probe lost ground from `base` to `head` under `rule` (pure). */
export function lostGround(base: Stand, head: Stand, rule: Pick<ProbeRule, 'top' | 'margin'>): boolean {
  if (base.fits && !head.fits) return true;
  if (base.rank === null || base.rank > rule.top) return false;
  return head.rank === null || head.rank - base.rank >= rule.margin;
}

/** Chunks of one side as retrieval indexes them (files in path order), with lookups by order. */
function sideOf(files: readonly ProbeFile[]) {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const chunks: RetrievalChunk[] = [];
  const tokens: number[] = [];
  for (const file of sorted) {
    for (const chunk of file.chunks) {
      chunks.push({ order: chunks.length, file: file.path, span: { start: chunk.startOffset, end: chunk.endOffset }, headingPath: chunk.headingPath, text: chunk.text });
      tokens.push(chunk.tokens);
    }
  }
  return { chunks, chunkOf: (order: number) => chunks[order]!, tokensOf: (order: number) => tokens[order]! };
}

/** Every term a probe of `passage` can hold: those of its text, its headings and its identifiers. */
function termsOf(passage: Passage): string[] {
  return [...searchTerms(passage.text), ...passage.headingPath.flatMap((heading) => searchTerms(heading)), ...identifiersOf(passage.text)];
}

/**
 * How many base chunks hold each term of `cut`'s vocabulary (indexed as BM25 indexes them:
 * heading path and text), each chunk cut into `cut.memo` on the way. With a store, the counts
 * are saved under the vocabulary and the base corpus, and read back instead when there.
 */
async function termStats(files: readonly ProbeFile[], cut: Bm25Terms, saved?: { store: Bm25Store; chunks: readonly RetrievalChunk[] }): Promise<TermStats> {
  const vocabulary = [...cut.vocabulary].sort();
  const key = saved ? baseKey([STATS_FORMAT, ...vocabulary], saved.chunks, saved.store.fileKeys) : null;
  const known = key !== null ? savedStats(await saved!.store.get(key), vocabulary.length) : null;
  if (known) {
    const frequency = new Map(vocabulary.map((term, at) => [term, known.frequencies[at]!]));
    return { documents: known.documents, frequency: (term) => frequency.get(term) ?? 0 };
  }
  const frequency = new Map<string, number>();
  let documents = 0;
  for (const file of files) {
    for (const chunk of file.chunks) {
      documents += 1;
      for (const term of new Set(memoEntry(bodyOf(chunk), cut.vocabulary, cut.memo).terms)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
    }
  }
  if (key !== null) await saved!.store.set(key, { format: STATS_FORMAT, documents, frequencies: vocabulary.map((term) => frequency.get(term) ?? 0) } satisfies SavedStats);
  return { documents, frequency: (term) => frequency.get(term) ?? 0 };
}

/** The saved form of a vocabulary's counts over a base corpus (terms in sorted order). */
interface SavedStats {
  format: typeof STATS_FORMAT;
  documents: number;
  frequencies: number[];
}

const STATS_FORMAT = 'chunkgate-probe-stats/1';

/** `value` when it is the {@link SavedStats} of a vocabulary of `terms` terms, else `null` (a miss). */
function savedStats(value: unknown, terms: number): SavedStats | null {
  if (value === null || typeof value !== 'object') return null;
  const { format, documents, frequencies } = value as Partial<SavedStats>;
  const count = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
  if (format !== STATS_FORMAT || !count(documents) || !Array.isArray(frequencies) || frequencies.length !== terms) return null;
  return frequencies.every((n) => count(n) && n <= documents!) ? (value as SavedStats) : null;
}

/** Offsets at which each line of `source` starts. */
function lineStartsOf(source: string): number[] {
  const starts = [0];
  for (let at = source.indexOf('\n'); at !== -1; at = source.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}
