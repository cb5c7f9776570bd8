/**
 * The plain data that flows through chunkgate (field names are a contract, ARCHITECTURE.md#layers).
 *
 * Field names of `Chunk`, `ChunkEval`, `DocEval`, `DocDiff` and `Report` are part of
 * the JSON report contract: rename nothing here without changing the spec.
 * Everything is plain JSON-serialisable data; no classes, no functions.
 *
 * This file imports only the ground floor (src/shared/): every layer imports it, so it reaches up
 * to none of them (the layering test in test/architecture.test.ts holds it to that).
 */
import type { ChunkMetricName, ContentMetricName, StructuralMetricName } from './shared/metric-names.js';
import type { FindingKind, RuleTag } from './shared/rules.js';
import type { QueryType, Severity, SizeUnit } from './shared/words.js';

export type { ContentMetricName, Severity, SizeUnit, StructuralMetricName };

/** A half-open range `[start, end)` of UTF-16 offsets into a source string. */
export interface Span {
  start: number;
  end: number;
}

/** Kinds of top-level Markdown blocks, as chunk `kinds` lists them. */
export type BlockKind =
  | 'heading'
  | 'paragraph'
  | 'list'
  | 'table'
  | 'code'
  | 'html'
  | 'jsx'
  | 'expression'
  | 'esm'
  | 'blockquote'
  | 'thematicBreak'
  | 'math'
  | 'definition'
  | 'footnoteDefinition';

/** A top-level block of a parsed document (front matter excluded). */
export interface Block extends Span {
  kind: BlockKind;
  /** 1-based line of `start`. */
  startLine: number;
  /** 1-based line of the last character of the block. */
  endLine: number;
  /** Never split unless the block alone exceeds `max`: table, code, html, jsx, math, esm, expression. */
  atomic: boolean;
  /** Heading depth 1–6 (headings only). */
  depth?: number;
  /** Plain text of a heading (headings only). */
  title?: string;
  /**
   * Table rows (tables only): `rows[0]` is the header row; the delimiter row lies
   * between `rows[0].end` and `rows[1].start`.
   */
  rows?: Span[];
  /**
   * Code block layout (code only): the opening fence line, the content lines and
   * the closing fence line (`null` when the fence is never closed or the block is indented).
   */
  fence?: { open: Span | null; lines: Span[]; close: Span | null };
  /** List items (lists only), in order. */
  items?: Span[];
  /**
   * Code blocks nested inside this block — in list items, blockquotes, JSX / HTML children — in
   * source order: the chunkers keep each whole, and a cut through one is a `code-fence-split`.
   */
  fences?: Span[];
}

/** A Markdown file after parsing: its source, line index, front matter and blocks. */
export interface ParsedDoc {
  /** Repository-relative path with `/` separators. */
  path: string;
  source: string;
  /** Offsets at which each line starts (`lineStarts[0] === 0`). */
  lineStarts: number[];
  /** The front matter block (metadata, never chunk text), if any. */
  frontmatter: (Span & { title?: string }) | null;
  /** Top-level blocks in source order. */
  blocks: Block[];
  /** Comments addressed to the rules (`<!-- chunkgate-disable … -->`), in source order; absent: none. */
  ruleComments?: RuleComment[];
}

/**
 * A comment addressed to chunkgate's rules, as written: `<!-- chunkgate-disable table-split -->`,
 * or in MDX `{/* chunkgate-disable table-split *\/}`. The rule stage interprets it
 * (`inlineDisables`); here it is only found.
 */
export interface RuleComment {
  /** The word after `chunkgate-`: `disable`, `enable`, `disable-file`, or whatever was written. */
  keyword: string;
  /** The rule names after the keyword (split on spaces and commas), as written; empty: every rule. */
  rules: string[];
  /** 1-based line of the comment's start. */
  line: number;
}

/** Tokenizer names accepted by `chunking.tokenizer`. */
export type TokenizerName = 'o200k_base' | 'cl100k_base';

/** Built-in chunking strategies (docs/config.md#chunking-strategies). */
export type StrategyName = 'heading' | 'recursive' | 'sentence' | 'fixed' | 'semantic' | PresetName | 'external';

/**
 * Strategies that reproduce a library's splitter chunk for chunk (`src/chunking/presets/`,
 * docs/config.md#score-the-chunks-your-pipeline-makes).
 */
export type PresetName =
  | 'langchain-recursive'
  | 'langchain-markdown'
  | 'langchain-markdown-header'
  | 'llamaindex-markdown'
  | 'llamaindex-sentence';

/** Resolved chunking options for one file (config defaults and overrides applied). */
export interface ChunkingOptions {
  /** (default: `heading`) */
  strategy: StrategyName;
  /** (default: `tokens`) */
  unit: SizeUnit;
  /** (default: `o200k_base`) */
  tokenizer: TokenizerName;
  /** Target maximum chunk size in `unit` (default: `512`). */
  max: number;
  /** Sections with a body below this merge into a sibling (`heading` only; default: `64`). */
  min: number;
  /** Overlap between consecutive pieces of a split run, in `unit` (default: `0`). */
  overlap: number;
  /** Chunks below this size are `tiny-chunk` (default: 10% of `max`, rounded). */
  tiny: number;
  /** Deepest heading level that starts a section (`heading` only; default: `{ max: 3 }`). */
  headingLevels: { max: number };
  // Preset and `external` parameters (docs/config.md#score-the-chunks-your-pipeline-makes),
  // under the libraries' own names; the config's `chunkSize` / `chunkOverlap` are `max` /
  // `overlap`. Absent: the library's default.
  /** LangChain `separators` (`langchain-recursive`; default: `["\n\n", "\n", " ", ""]`). */
  separators?: string[];
  /** LangChain `keepSeparator` (default: `true`). */
  keepSeparator?: boolean;
  /** LangChain `headersToSplitOn` as `[marker, name]` pairs (default: `#` to `######` as `Header 1`…`Header 6`). */
  headersToSplitOn?: [string, string][];
  /** LangChain `stripHeaders` (default: `true`). */
  stripHeaders?: boolean;
  /** `langchain-markdown-header`: split each section again with RecursiveCharacterTextSplitter (default: `false`). */
  recursiveSplit?: boolean;
  /** LlamaIndex `paragraphSeparator` (default: `"\n\n\n"`). */
  paragraphSeparator?: string;
  /** LlamaIndex `separator` between words (default: `" "`). */
  separator?: string;
  /** LlamaIndex `secondaryChunkingRegex` (default: `"[^,.;。？！]+[,.;。？！]?"`). */
  secondaryChunkingRegex?: string;
  /** Presets: `keep` chunks the raw file, front matter included, as a splitter handed the raw file does; `strip` drops it first, as a loader that parses it does (default: `keep`). */
  frontMatter?: 'keep' | 'strip';
  /** `external`: the command and its arguments, run without a shell. */
  command?: string[];
  /** `external`: seconds before the command is killed (default: `60`). */
  timeout?: number;
  /** `semantic`: a chunk breaks where the distance between consecutive sentences exceeds this percentile of all distances (default: `95`, LangChain's). */
  breakpointPercentile?: number;
  /** `semantic`: sentences on each side embedded together with a sentence (default: `1`, LangChain's `buffer_size`). */
  bufferSize?: number;
  /** `semantic`: the embedding model (default: `text-embedding-3-small`). */
  embeddingModel?: string;
}

/** Measures text in the configured unit. Implementations memoise: each text is tokenized once. */
export interface Measure {
  unit: SizeUnit;
  size(text: string): number;
}

/** Why a chunk is a piece of something larger. */
export interface SplitInfo {
  /** What was cut: an over-`max` table or code block, or a long section / text run. */
  kind: 'table' | 'code' | 'section' | 'text';
  /** 1-based piece number. */
  part: number;
  /** Number of pieces. */
  parts: number;
}

/** What a chunker returns: where a chunk lies in the source and what it is. */
export interface ChunkDraft extends Span {
  /** Source slices prepended to `[start, end)` in the text (e.g. a repeated table header, a re-opened fence). */
  prefix?: Span[];
  /** Source slices appended to `[start, end)` in the text (e.g. a re-closed fence). */
  suffix?: Span[];
  headingPath: string[];
  kinds: BlockKind[];
  split?: SplitInfo;
  /**
   * The chunk text when it is not the source slices (a preset keeping its library's text,
   * e.g. LlamaIndex without `#` markers; an external chunker's own text). `[start, end)` then
   * says where in the source it came from.
   */
  text?: string;
}

/** A chunk as the report shows it (field names are a contract, ARCHITECTURE.md#layers). */
export interface Chunk {
  /** Stable id: hash of file path + text. */
  id: string;
  /** 0-based position in the document's chunk list. */
  index: number;
  text: string;
  /** Size in tokens of the configured tokenizer (also filled when `unit` is chars). */
  tokens: number;
  chars: number;
  headingPath: string[];
  /** 1-based, in the source file. */
  startLine: number;
  endLine: number;
  /** Offsets of the chunk's own extent in the source (`[startOffset, endOffset)`). */
  startOffset: number;
  endOffset: number;
  kinds: BlockKind[];
  /** Present when the chunk is one piece of a split table, code block, section or text run. */
  split?: SplitInfo;
  /** Source slices the text is joined from, in order (one entry when the text is a plain slice). */
  spans: Span[];
}

/** Rule-check tags (docs/rules.md): the keys of the rule registry (`src/shared/rules.ts`). */
export type IssueTag = RuleTag;

/** A finding for the user: what, where, why, and what to do. */
export interface Issue {
  tag: IssueTag;
  severity: Severity;
  /** One line, remark-lint style: "Unexpected 812-token chunk, expected at most 512". */
  message: string;
  /** 1-based line in the source file. */
  line: number;
  actual?: number | string;
  expected?: number | string;
  /** What to do about it. */
  hint?: string;
  /** `warn` when its rule is set to `warn` (`rules:` in the config): reported, never gating; absent at the default level `error`. */
  level?: 'warn';
}

export type StructuralMetrics = Record<StructuralMetricName, number>;
export type ContentMetrics = Record<ContentMetricName, number>;

export type Grade = 'pass' | 'warn' | 'fail';

/**
 * The per-chunk metrics a chunk's `overall` is weighed from (`scoring.weights.overall`,
 * docs/scores.md#a-chunks-overall-score-and-grade).
 */
export type ChunkMetrics = ContentMetrics & { source_coverage: number; metadata: number; self_retrievability: number; context_sufficiency: number };

/** Holds at compile time only: the names `overall` weighs (src/shared/metric-names.ts) are exactly the keys of {@link ChunkMetrics}. */
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;
type _ChunkMetricNamesHold = Holds<Exactly<ChunkMetricName, keyof ChunkMetrics>>;

/** Per-chunk evaluation (field names are a contract, ARCHITECTURE.md#layers). */
interface ChunkEval {
  /**
   * Per-chunk content metrics plus the L2 components `source_coverage` and `metadata`, and
   * `self_retrievability` (100 when the chunk's own query ranks it in the top 3 of its document, else 0),
   * and `context_sufficiency` (how much of its own heading section the chunk holds, 0–100).
   */
  metrics: ChunkMetrics;
  /** The chunk's `overall`, 0–100, after hard caps. */
  score: number;
  grade: Grade;
  issues: Issue[];
  /** True when the LLM judge failed for this chunk and heuristic scores stand. */
  partial?: boolean;
  /** The LLM judge's verdict (`llm` scorer only): its words and its five rubric scores. */
  judge?: JudgeVerdict;
}

/**
 * What the LLM judge said about one chunk (the rubric of docs/config.md#the-llm-judge-optional):
 * `scores` on the five dimensions (20–100, `overlap_rationality` included), `issues` (the answer's
 * `chunk_issues` for this chunk), `strengths`, `weaknesses`, `reasoning`, and the `model` and
 * `promptVersion` that produced it.
 */
export type JudgeVerdict = LlmVerdict;

/** The five rubric dimensions, each scored 20–100 (docs/config.md#the-llm-judge-optional). */
export type LlmDimension =
  | 'semantic_coherence'
  | 'context_self_containment'
  | 'information_completeness'
  | 'boundary_quality'
  | 'overlap_rationality';
/** A problem the judge reported for one chunk (the rubric's `chunk_issues`, minus the index). */
export interface LlmChunkIssue {
  issues: string[];
  severity: Severity;
}
/** The judge's validated verdict on one chunk: what the cache stores and the report shows. */
export interface LlmVerdict {
  /** Integers 20–100. */
  scores: Record<LlmDimension, number>;
  issues: LlmChunkIssue[];
  strengths: string[];
  weaknesses: string[];
  reasoning: string;
  model: string;
  promptVersion: string;
}

export type EvaluatedChunk = Chunk & ChunkEval;

/** Per-document evaluation (field names are a contract, ARCHITECTURE.md#layers). */
export interface DocEval {
  path: string;
  chunks: EvaluatedChunk[];
  metrics: StructuralMetrics & ContentMetrics;
  scores: { structural: number; content: number; overall: number };
  grade: Grade;
  /** Share (0–1) of the source's non-whitespace characters (outside front matter) inside some chunk. */
  coverage: number;
  partial: boolean;
  /** The chunking options this file was evaluated with (after overrides). */
  chunking: ChunkingOptions;
}

/** How a file changed between base and head. */
export type FileStatus = 'added' | 'modified' | 'removed' | 'renamed' | 'unchanged';

/** A base-vs-head difference of one score (docs/design.md#what-a-change-answers-for). */
export interface ScoreDelta {
  kind: 'structural' | 'content' | 'overall' | StructuralMetricName | ContentMetricName;
  baseValue: number | null;
  headValue: number | null;
  /** `headValue − baseValue`, `null` when either side is missing. */
  delta: number | null;
  label: 'improvement' | 'neutral' | 'regression';
}

/**
 * Why a chunk is listed as regressed (docs/rules.md#regressions-and-failures; `unfindable`: its
 * own query no longer finds it).
 */
type RegressionReason = 'score-drop' | 'new-high-issue' | 'new-failing-chunk' | 'unfindable';

/** An aligned (or new) head chunk that got worse. */
export interface Regression {
  reason: RegressionReason;
  /** How the head chunk was aligned to its base chunk. */
  match: 'hash' | 'similarity' | 'lines' | 'new';
  base: EvaluatedChunk | null;
  head: EvaluatedChunk;
  /** Head score − base score (`null` for a new chunk). */
  delta: number | null;
  /** High-severity tags present in head but not in base. */
  newTags: IssueTag[];
  /** `preexisting` when the base side already had the problem (e.g. the block was split there too). */
  origin: Origin;
  /** Counts for the verdict: new or worsened, and of weight (a new high tag); every item with `thresholds.gate: all`. */
  gating: boolean;
}

/** A threshold the file does not meet (docs/design.md#what-a-change-answers-for). */
export interface ThresholdFailure {
  rule: 'structural' | 'content' | 'fileDrop';
  /** Which score the rule looked at. */
  score: 'structural' | 'content' | 'overall';
  actual: number;
  /** The limit: a minimum score, or the largest allowed drop. */
  limit: number;
  message: string;
  /** `preexisting` when the base side failed the same minimum; a drop is `worsened`; an added file's failure is `new`. */
  origin: Origin;
  /** Counts for the verdict: new or worsened and explained by a gating chunk finding of the file; every item with `thresholds.gate: all`. */
  gating: boolean;
  /** The chunk changes that drive the score, largest first (at most 3). */
  drivers?: ChunkChange[];
}

/** A chunk whose score moved, as a threshold failure names it. */
export interface ChunkChange {
  startLine: number;
  endLine: number;
  headingPath: string[];
  /** Base score (`null`: a new chunk). */
  before: number | null;
  /** Head score (`null`: a chunk that left). */
  after: number | null;
  /** The high tag it gained, if any. */
  tag?: IssueTag;
}

/** Where a finding comes from, relative to the base branch (docs/design.md#what-a-change-answers-for). */
export type Origin = 'new' | 'worsened' | 'preexisting';
/** A finding about a file or a section that is neither a chunk regression nor a score threshold. */
export interface FileFinding {
  /** Its kind: a finding kind of the registry (`FINDING_RULES` in src/shared/finding-rules.ts, each with a page under `docs/rules/`), or `orphan-heading`. */
  kind: FindingKind;
  origin: Origin;
  gating: boolean;
  severity: Severity;
  /** One line: what happened, with numbers. */
  message: string;
  /** What to do about it. */
  hint?: string;
  line?: number;
  endLine?: number;
  headingPath?: string[];
  actual?: number | string;
  expected?: number | string;
  /** `warn` when the rule behind it is set to `warn` (`rules:` in the config): reported, never gating. */
  level?: 'warn';
  /** `retrieval-regression` only: where the passage stood, base and head, and why. */
  retrieval?: RetrievalLoss;
}

/** How a kept passage became harder to find (a `retrieval-regression` finding). */
export interface RetrievalLoss {
  /** Its lines on the base side. */
  baseLine: number;
  baseEndLine: number;
  /** The median rank of the first chunk that holds it, over its probes (`null`: not among the first 100). */
  baseRank: number | null;
  headRank: number | null;
  /** How many of its probes find it within the context budget, on each side. */
  baseInBudget: number;
  headInBudget: number;
  /** Its probes, and how many of them lost ground. */
  probes: number;
  lost: number;
  /** What the change did to its chunks, in words (`null`: nothing of their own; the rest of the corpus moved). */
  cause: string | null;
}

/** The `probes` section of a report: what the retrieval probes looked at. */
export interface ProbesSummary {
  /** `bm25`, or the embeddings model. */
  retriever: string;
  /** Context budget in tokens. */
  budget: number;
  /** Changed pages probed. */
  pages: number;
  /** Passages kept whole and probed, and those harder to find. */
  passages: number;
  regressed: number;
  /** Probes run on each side, each passage's own (a query two passages share counts twice). */
  probes: number;
}

/** One file's base-vs-head comparison (field names are a contract, ARCHITECTURE.md#layers). */
export interface DocDiff {
  path: string;
  /** Base path when the file was renamed. */
  previousPath?: string;
  status: FileStatus;
  base?: DocEval;
  head?: DocEval;
  deltas: ScoreDelta[];
  regressions: Regression[];
  failures: ThresholdFailure[];
  /** File and section findings (unchecked files, text or headings that left the index, …); `[]` when none. */
  findings: FileFinding[];
  /** For each head chunk, the index of the base chunk it was aligned with (`null`: new); absent when not compared chunk by chunk. */
  alignment?: (number | null)[];
}

export type Verdict = 'pass' | 'fail';

/** Spend of the LLM judge in one run. */
export interface Cost {
  calls: number;
  judgedChunks: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
}

/** How one query fared on one side. */
export interface QueryMetrics {
  /** 1-based rank of the first relevant chunk in the top k, `null` when none is relevant. */
  rank: number | null;
  /** Share of expected excerpts that a retrieved chunk covers. */
  recall: number;
  /** Share of retrieved chunks that cover an expected excerpt (0 when nothing was retrieved). */
  precision: number;
  /** Reciprocal rank: 1 / rank, 0 when no relevant chunk was retrieved. */
  rr: number;
  /** Chroma token-level recall: excerpt tokens inside retrieved chunks / excerpt tokens. */
  tokenRecall: number;
  /** Chroma token-level precision: excerpt tokens inside retrieved chunks / retrieved tokens (overlaps counted twice). */
  tokenPrecision: number;
  /** Chroma token-level IoU: intersection / (retrieved tokens + excerpt tokens no chunk retrieved). */
  iou: number;
}
/** Mean metrics over a set of queries (0–1 each). */
export interface RetrievalScores {
  recall: number;
  precision: number;
  mrr: number;
  iou: number;
  tokenRecall: number;
  tokenPrecision: number;
}
/** One query, base vs head. */
export interface QueryOutcome {
  id: string;
  type: QueryType;
  query: string;
  /** The file of the query's first expected excerpt. */
  file: string;
  baseRank: number | null;
  headRank: number | null;
  /** True when an expected excerpt is no longer in the head docs: the change deleted the evidence. */
  stale: boolean;
  /** Excerpts not found on the head side, as `file: first words…`. */
  missing: string[];
  base: QueryMetrics;
  head: QueryMetrics;
}
/** The `retrieval` section of the report. */
export interface RetrievalResult {
  k: number;
  retriever: string;
  base: RetrievalScores;
  head: RetrievalScores;
  byType: Partial<Record<QueryType, { base: RetrievalScores; head: RetrievalScores }>>;
  queries: QueryOutcome[];
}
/** A golden-set limit the head does not meet. */
export interface RetrievalFailure {
  rule: 'mrr' | 'mrrDrop' | 'recall' | 'recallDrop';
  actual: number;
  limit: number;
  message: string;
}
/** The `retrieval` section: golden-set metrics base vs head, per query, and the limits that failed. */
export type RetrievalReport = RetrievalResult & {
  failures: RetrievalFailure[];
  /**
   * `true` when retrieval ran without part of what it needed: the embeddings provider failed (BM25
   * stood in) or corpus files could not be chunked; absent otherwise. `summary.partial` follows it.
   */
  partial?: boolean;
  /** Why the section is `partial`: the failed step, the provider and the model, and what stood in. */
  partialReason?: string;
};

/**
 * The slice of a sharded run a report holds (`--shard I/N`, docs/cli.md#whole-repositories). `chunkgate merge`
 * combines the reports of every slice into the report one run would have made, without it.
 */
export interface ShardInfo {
  /** 1-based slice number. */
  index: number;
  count: number;
  command: 'eval' | 'diff';
  /** The run's `failOn` (flag or config): the merged verdict is decided with it. */
  failOn: string[];
  /** SHA-256 of the whole run's file list: the slices of one run agree on it. */
  paths: string;
  /**
   * The pages this slice looked at, per side, with their text blocks: `chunkgate merge` runs the
   * cross-file `boilerplate` check over every slice's pages (a slice's own entries leave it out).
   */
  pages: { base: PageBlocks[]; head: PageBlocks[] };
}

/**
 * One text block of a page, as the boilerplate check compares pages: a digest of its
 * whitespace-folded text, where it starts and an excerpt for the message. Plain data, small, so
 * a page's blocks can be kept for a whole run, cross worker threads and travel in the report of
 * one slice of a sharded run (the block's page is parsed once, by whoever analyses or chunks it).
 */
export interface PageBlock {
  /** The SHA-256 of the whitespace-folded text, its first 22 base64url characters (132 bits). */
  key: string;
  /** Offset of the block's text in the page's source (leading whitespace skipped). */
  start: number;
  /** 1-based line of `start`. */
  line: number;
  /** The folded text, cut to 50 characters as the finding quotes it. */
  excerpt: string;
  /**
   * What the page's rule settings make of a `boilerplate` finding here: none (`off`: the rule is
   * off for the page, or a comment disables it on this line) or one at `warn`; absent: as made.
   */
  level?: 'off' | 'warn';
}
/** The text blocks of one page (`pageBlocks` in src/metrics/boilerplate.ts), by the page's path. */
export interface PageBlocks {
  path: string;
  blocks: PageBlock[];
}

/**
 * What made a report (docs/cli.md#comparing-runs), so two runs can be told apart and
 * compared fairly. No wall-clock time: the same input still gives a byte-identical report.
 */
export interface Provenance {
  tool: 'chunkgate';
  /** chunkgate's version. */
  version: string;
  /** First 16 hex digits of the SHA-256 of the resolved config (canonical JSON: keys sorted). */
  configHash: string;
  scorer: 'heuristic' | 'llm';
  /** The judge's model (`llm` scorer), else `null`. */
  model: string | null;
  /** The judge's rubric / prompt version (`llm` scorer), else `null`. */
  promptVersion: string | null;
  /** Embedding models the run used (semantic chunking, embeddings retrieval), sorted; `[]` when none. */
  embeddingModels: string[];
  /** The commits compared, when known (a git diff or a pull request); `null` otherwise. */
  commits: { base: string | null; head: string | null };
}

/** The JSON report (field names are a contract, ARCHITECTURE.md#layers). */
export interface Report {
  version: string;
  config: unknown;
  scorer: 'heuristic' | 'llm';
  /** What made this report; absent in reports of older versions. */
  provenance?: Provenance;
  files: DocDiff[];
  /** Golden-set retrieval, base vs head (present when a golden file exists). */
  retrieval?: RetrievalReport;
  /** Retrieval probes (present when they ran: a comparison with the corpus at hand and `retrieval.probes` not `off`). */
  probes?: ProbesSummary;
  /** Present only in the report of one slice of a sharded run (`--shard`). */
  shard?: ShardInfo;
  /**
   * The quick checks with their targets (docs/scores.md#quick-checks), for the run and each
   * head file; absent when no file has a head side.
   */
  quickChecks?: QuickChecksReport;
  summary: {
    files: number;
    chunks: number;
    regressions: number;
    failures: number;
    /**
     * The items that count for the verdict (new or worsened, of weight:
     * docs/design.md#what-a-change-answers-for); `regressions` / `failures` above are totals.
     */
    gating: { regressions: number; failures: number; findings: number };
    verdict: Verdict;
    partial: boolean;
    cost: Cost | null;
  };
}

/** One quick check: its value (a share, 0–1), its target and whether the value meets it. */
export interface QuickCheck {
  value: number;
  /** A minimum (self-retrievability, clean ends) or a maximum (duplicates). */
  target: number;
  pass: boolean;
}

/** Chunk lengths in tokens. */
interface ChunkLengths {
  mean: number;
  min: number;
  max: number;
}

/** The quick checks of a set of chunks (one file's, or the run's). */
export interface QuickChecks {
  chunks: number;
  /** Share of chunks their own query (heading path + first sentence) ranks in the top 3 of their file. */
  selfRetrievability: QuickCheck;
  /** Share of chunks that end on a sentence terminator or at the end of a whole block (`boundary_integrity`). */
  cleanEnds: QuickCheck;
  /** Share of chunks whose whitespace-normalised text repeats an earlier chunk's (of the file; for the run, of any file). */
  duplicates: QuickCheck;
  /** `null` with no chunks. */
  tokens: ChunkLengths | null;
}

/** The `quickChecks` section of a report: the run's numbers, then each head file's, in report order. */
export interface QuickChecksReport {
  run: QuickChecks;
  files: (QuickChecks & { path: string })[];
}
