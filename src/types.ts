/**
 * The plain data that flows through chunkgate (SPEC §2).
 *
 * Field names of `Chunk`, `ChunkEval`, `DocEval`, `DocDiff` and `Report` are part of
 * the JSON report contract: rename nothing here without changing the spec.
 * Everything is plain JSON-serialisable data; no classes, no functions.
 */

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
}

/** Size unit for chunk limits. */
export type SizeUnit = 'tokens' | 'chars';

/** Tokenizer names accepted by `chunking.tokenizer`. */
export type TokenizerName = 'o200k_base' | 'cl100k_base';

/** Built-in chunking strategies (SPEC §4). */
export type StrategyName = 'heading' | 'recursive' | 'sentence' | 'fixed' | PresetName | 'external';

/** Strategies that reproduce a library's splitter chunk for chunk (issue 7, `src/chunking/presets/`). */
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
  // Preset and `external` parameters (issue 7), under the libraries' own names; the config's
  // `chunkSize` / `chunkOverlap` are `max` / `overlap`. Absent: the library's default.
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
  /** `external`: the command and its arguments, run without a shell. */
  command?: string[];
  /** `external`: seconds before the command is killed (default: `60`). */
  timeout?: number;
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

/** A chunk as the report shows it (SPEC §2). */
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

export type Severity = 'high' | 'medium' | 'low';

/** Rule-check tags (SPEC §5). */
export type IssueTag =
  | 'sentence-cut'
  | 'unclosed-bracket'
  | 'table-split'
  | 'code-fence-split'
  | 'orphan-heading'
  | 'empty-chunk'
  | 'tiny-chunk'
  | 'oversize-chunk'
  | 'duplicate-chunk'
  | 'near-duplicate'
  | 'excess-overlap'
  | 'missing-heading-context'
  | 'source-loss';

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
}

/** The six structural metrics (SPEC §5), each 0–100. */
export type StructuralMetricName =
  | 'chunk_size_distribution'
  | 'size_compliance_rate'
  | 'overlap_accuracy'
  | 'empty_tiny_rate'
  | 'boundary_integrity'
  | 'structural_preservation';

/** The five content metrics (SPEC §5), each 0–100. */
export type ContentMetricName =
  | 'semantic_coherence'
  | 'context_self_containment'
  | 'information_completeness'
  | 'boundary_quality'
  | 'cross_chunk_redundancy_reversed';

export type StructuralMetrics = Record<StructuralMetricName, number>;
export type ContentMetrics = Record<ContentMetricName, number>;

export type Grade = 'pass' | 'warn' | 'fail';

/** Per-chunk evaluation (SPEC §2). */
export interface ChunkEval {
  /** Per-chunk content metrics plus the L2 components `source_coverage` and `metadata`. */
  metrics: ContentMetrics & { source_coverage: number; metadata: number };
  /** The chunk's `overall`, 0–100, after hard caps. */
  score: number;
  grade: Grade;
  issues: Issue[];
  /** True when the LLM judge failed for this chunk and heuristic scores stand. */
  partial?: boolean;
}

export type EvaluatedChunk = Chunk & ChunkEval;

/** Per-document evaluation (SPEC §2). */
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

/** A base-vs-head difference of one score (STYLE §11). */
export interface ScoreDelta {
  kind: 'structural' | 'content' | 'overall' | StructuralMetricName | ContentMetricName;
  baseValue: number | null;
  headValue: number | null;
  /** `headValue − baseValue`, `null` when either side is missing. */
  delta: number | null;
  label: 'improvement' | 'neutral' | 'regression';
}

/** Why a chunk is listed as regressed (SPEC §7). */
export type RegressionReason = 'score-drop' | 'new-high-issue' | 'new-failing-chunk';

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
}

/** A threshold the file does not meet (SPEC §7). */
export interface ThresholdFailure {
  rule: 'structural' | 'content' | 'fileDrop';
  /** Which score the rule looked at. */
  score: 'structural' | 'content' | 'overall';
  actual: number;
  /** The limit: a minimum score, or the largest allowed drop. */
  limit: number;
  message: string;
}

/** One file's base-vs-head comparison (SPEC §2). */
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
}

export type Verdict = 'pass' | 'fail';

/** Spend of the LLM judge in one run (issue 4). */
export interface Cost {
  calls: number;
  judgedChunks: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
}

/** The `retrieval` section: golden-set metrics base vs head, per query, and the limits that failed. */
export type RetrievalReport = import('./retrieval/evaluate.js').RetrievalResult & {
  failures: import('./retrieval/failures.js').RetrievalFailure[];
};

/**
 * The slice of a sharded run a report holds (`--shard I/N`, issue 16). `chunkgate merge`
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
}

/** The JSON report (SPEC §2). */
export interface Report {
  version: string;
  config: unknown;
  scorer: 'heuristic' | 'llm';
  files: DocDiff[];
  /** Golden-set retrieval, base vs head (present when a golden file exists). */
  retrieval?: RetrievalReport;
  /** Present only in the report of one slice of a sharded run (`--shard`). */
  shard?: ShardInfo;
  summary: {
    files: number;
    chunks: number;
    regressions: number;
    failures: number;
    verdict: Verdict;
    partial: boolean;
    cost: Cost | null;
  };
}
