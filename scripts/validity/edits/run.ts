/**
 * The edit-level validity harness: for each golden query, each edit family applied to
 * the page holding its first evidence excerpt; the truth from that query on the whole corpus
 * (BM25 on the chunks chunkgate makes with its default config, the head's index the base's with
 * the edited page re-chunked); each judge's verdict on the edit. Pure but for the judges.
 */
import { createHash } from 'node:crypto';
import { chunkDocument } from '../../../src/chunking/index.js';
import { countTokens, createMeasure } from '../../../src/tokens/index.js';
import type { Config } from '../../../src/config/types.js';
import { foldWhitespace, locateExcerpt } from '../../../src/golden/locate.js';
import type { GoldenQuery, GoldenSet } from '../../../src/golden/schema.js';
import { parseMarkdown } from '../../../src/markdown/parse.js';
import { bm25Memo } from '../../../src/retrieval/bm25.js';
import type { Chunk, Span } from '../../../src/types.js';
import type { CorpusFile } from '../experiment.js';
import { applyEdit, FAMILIES, type Edit, type Family } from './families.js';
import type { Page } from './page.js';
import { fillerProse, proseParagraphs, type ProsePage } from './filler.js';
import type { Analyses, ChunkedFile, Judge, JudgeVerdict } from './judges.js';
import { queryTerms, rankAll, termCounts, type TermCounts } from './rank.js';
import { outcomeOf, standOf, type Outcome, type Stand } from './truth.js';

/** A corpus file chunked and indexed: its chunks, and per chunk what BM25 and the budget need. */
interface IndexedFile extends ChunkedFile {
  counts: TermCounts[];
  tokens: number[];
}

/** One edited case. */
export interface CaseResult {
  query: string;
  family: Family;
  /** The edited page, base path. */
  file: string;
  /** Its head path (another for `file-rename`). */
  headPath: string;
  note: string;
  base: Stand;
  head: Stand;
  outcome: Outcome;
  /** Each judge's verdict, by judge name. */
  verdicts: Record<string, JudgeVerdict>;
}

/** What one golden set's run gave. */
export interface SetRun {
  name: string;
  queries: number;
  /** Queries left out: their first excerpt is not on its page. */
  unlocated: string[];
  cases: CaseResult[];
  /** Cases a family did not apply to, per family. */
  notApplicable: Record<Family, number>;
  /** Seconds spent: the truth and each judge. */
  seconds: Record<string, number>;
  /** Judge calls made (identical edits share one). */
  judgeCalls: Record<string, number>;
}

/** What the harness needs of one golden set. */
export interface SetInput {
  name: string;
  golden: GoldenSet;
  /** Every docs file of the corpus (it holds the golden pages under the same paths). */
  corpus: readonly CorpusFile[];
  config: Config;
  judges: Record<string, Judge>;
  /** The analyses the judges share, for the edited pages' chunks (the truth parses each page once with them). */
  analyses: Analyses;
  /** Only the first `limit` queries. */
  limit?: number;
  families?: readonly Family[];
  /** Called after each query (progress). */
  progress?: (done: number, total: number) => void;
}

/** Runs every family on every query of the set. */
export async function runSet(input: SetInput): Promise<SetRun> {
  const { config, analyses } = input;
  const families = input.families ?? FAMILIES;
  const queries = input.golden.queries.slice(0, input.limit ?? input.golden.queries.length);
  const seconds: Record<string, number> = { truth: 0 };
  const judgeCalls: Record<string, number> = {};
  for (const name of Object.keys(input.judges)) {
    seconds[name] = 0;
    judgeCalls[name] = 0;
  }
  let started = performance.now();
  const tokenizer = config.chunking.tokenizer;
  const vocabulary = new Set(queries.flatMap((query) => queryTerms(query.query)));
  const memo = bm25Memo();
  const evidencePages = new Set(queries.map((query) => query.evidence[0]!.file));
  const measure = createMeasure(config.chunking.unit, tokenizer);
  const prose: ProsePage[] = [];
  const indexOf = (path: string, source: string, chunks: readonly Chunk[]): IndexedFile => ({
    path,
    source,
    chunks,
    counts: chunks.map((chunk) => termCounts(chunk, vocabulary, memo)),
    tokens: chunks.map((chunk) => countTokens(source.slice(chunk.startOffset, chunk.endOffset), tokenizer)),
  });
  const base = [...input.corpus]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => {
      if (evidencePages.has(file.path)) {
        const analysis = analyses.analyze(file.path, file.source);
        prose.push({ path: file.path, paragraphs: proseParagraphs(file.source, analysis.doc.blocks) });
        return indexOf(file.path, file.source, analysis.chunks);
      }
      const { doc } = parseMarkdown(file.path, file.source);
      prose.push({ path: file.path, paragraphs: proseParagraphs(file.source, doc.blocks) });
      return indexOf(file.path, file.source, chunkDocument(doc, config.chunking, measure));
    });
  const basePaths = new Set(base.map((file) => file.path));
  const baseDocs = base.flatMap((file) => file.counts);
  seconds.truth! += (performance.now() - started) / 1000;

  // Queries grouped by their edited page, so that each page's analyses are made once.
  const order = [...queries].sort((a, b) => (a.evidence[0]!.file < b.evidence[0]!.file ? -1 : a.evidence[0]!.file > b.evidence[0]!.file ? 1 : 0));
  const cases: CaseResult[] = [];
  const unlocated: string[] = [];
  const notApplicable = Object.fromEntries(FAMILIES.map((family) => [family, 0])) as Record<Family, number>;
  const verdicts = new Map<string, JudgeVerdict>();
  let done = 0;
  for (const query of order) {
    started = performance.now();
    const path = query.evidence[0]!.file;
    const page = base.find((file) => file.path === path);
    const folded = page ? foldWhitespace(page.source) : null;
    const span = folded ? locateExcerpt(query.evidence[0]!.text, folded) : null;
    if (!page || !span) {
      unlocated.push(query.id);
      seconds.truth! += (performance.now() - started) / 1000;
      input.progress?.(++done, queries.length);
      continue;
    }
    const keep = query.evidence.slice(1).flatMap((item) => (item.file === path ? [locateExcerpt(item.text, folded!)] : [])).filter((at): at is Span => at !== null);
    const baseStand = stand(base, baseDocs, query, path, path, false);
    const parsed: Page = { path, source: page.source, blocks: analyses.analyze(path, page.source).doc.blocks };
    const filler = families.includes('insert-800') ? fillerProse(prose, path, query.id, (text) => countTokens(text, tokenizer)) : null;
    seconds.truth! += (performance.now() - started) / 1000;
    for (const family of families) {
      started = performance.now();
      const edit = applyEdit(family, { path, source: page.source, span, seed: query.id, keep, ...(filler ? { filler } : {}) }, parsed);
      const head = edit ? headSide(edit, path, page.source) : null;
      seconds.truth! += (performance.now() - started) / 1000;
      if (!edit || !head) {
        notApplicable[family] += 1;
        continue;
      }
      started = performance.now();
      const headDocs = head.files.flatMap((file) => file.counts);
      const lost = locateExcerpt(query.evidence[0]!.text, foldWhitespace(edit.source)) === null;
      const headStand = stand(head.files, headDocs, query, path, edit.path, lost);
      seconds.truth! += (performance.now() - started) / 1000;
      const result: CaseResult = {
        query: query.id,
        family,
        file: path,
        headPath: edit.path,
        note: edit.note,
        base: baseStand,
        head: headStand,
        outcome: outcomeOf(baseStand, headStand),
        verdicts: {},
      };
      const digest = createHash('sha1').update(edit.source).digest('hex');
      for (const [name, judge] of Object.entries(input.judges)) {
        started = performance.now();
        const key = `${name}\u0000${path}\u0000${edit.path}\u0000${digest}`;
        let verdict = verdicts.get(key);
        if (!verdict) {
          verdict = await judge({ base, head: head.files, basePath: path, headPath: edit.path });
          verdicts.set(key, verdict);
          judgeCalls[name]! += 1;
        }
        result.verdicts[name] = verdict;
        seconds[name]! += (performance.now() - started) / 1000;
      }
      cases.push(result);
    }
    input.progress?.(++done, queries.length);
  }
  return { name: input.name, queries: queries.length, unlocated, cases, notApplicable, seconds, judgeCalls };

  /** The head corpus of an edit (the edited page re-chunked), or `null` when the edit broke the page or its new path is taken. */
  function headSide(edit: Edit, path: string, source: string): { files: IndexedFile[] } | null {
    if (edit.path !== path && basePaths.has(edit.path)) return null;
    const checked = analyses.check(edit.path, edit.source);
    if (checked === null || !('analysis' in checked)) return null;
    // An edit that makes an MDX page fall back to plain Markdown changes every block: not the edit meant.
    if (checked.analysis.warnings.length > analyses.analyze(path, source).warnings.length) return null;
    const edited = indexOf(edit.path, edit.source, checked.analysis.chunks);
    const files = base.filter((file) => file.path !== path);
    const at = files.findIndex((file) => file.path > edit.path);
    files.splice(at === -1 ? files.length : at, 0, edited);
    return { files };
  }

  /** Where the query's evidence stands on a side: `files` in corpus order, `docs` their chunks' counts. */
  function stand(files: readonly IndexedFile[], docs: readonly TermCounts[], query: GoldenQuery, basePath: string, headPath: string, lost: boolean): Stand {
    const located: { file: string; span: Span }[] = [];
    const byPath = new Map(files.map((file) => [file.path, file]));
    for (const item of query.evidence) {
      const file = byPath.get(item.file === basePath ? headPath : item.file);
      const span = file ? locateExcerpt(item.text, foldWhitespace(file.source)) : null;
      if (file && span) located.push({ file: file.path, span });
    }
    const holders = new Set<number>();
    const tokens = files.flatMap((file) => file.tokens);
    let at = 0;
    for (const file of files) {
      for (const chunk of file.chunks) {
        if (located.some((item) => item.file === file.path && chunk.startOffset <= item.span.start && item.span.end <= chunk.endOffset)) holders.add(at);
        at += 1;
      }
    }
    return standOf(rankAll(docs, query.query), holders, (chunk) => tokens[chunk]!, { lost });
  }
}
