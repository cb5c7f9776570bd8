import { CONTENT_METRIC_NAMES, OVERALL_COMPONENT_NAMES, STRUCTURAL_METRIC_NAMES } from '../shared/metric-names.js';
import { FINDING_RULES } from '../shared/finding-rules.js';
import { LEVEL_TAGS, isRuleTag, ruleDocsUrl, ruleMeta } from '../shared/rules.js';

// What an editor shows on hover for each key of `.chunkgate.yml`, merged into the JSON Schema
// generated from the zod schema (schema/chunkgate.schema.json). Kept apart from schema.ts so
// the schema stays one line per key. A key under `overrides[]` shares its top-level text.

const weights = (names: readonly string[], kind: string) =>
  Object.fromEntries(names.map((name) => [`scoring.weights.${kind}.${name}`, `Relative weight of ${name} in the ${kind} score (any number ≥ 0; only the ratios matter).`]));

// One entry per rule (and per finding kind that takes a level there), from the registry: what it finds, its default level, its page.
const rules = Object.fromEntries(
  LEVEL_TAGS.map((tag) => {
    const rule = isRuleTag(tag) ? ruleMeta(tag) : FINDING_RULES[tag];
    return [`rules.${tag}`, `${rule.description} Default: ${rule.level}. warn: reported, never gates; off: not reported. ${ruleDocsUrl(tag)}`];
  }),
);

/** Description of every key of the config, by key path (see `editorSchema`). */
export const CONFIG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  $schema: 'The JSON Schema of this file, for editors. chunkgate ignores it.',
  include: 'Globs (relative to the repository root) of the Markdown files to check. A single glob is allowed.',
  exclude: 'Globs of files not to check, applied after include. A value replaces the default list.',
  chunking: 'How the files are cut into chunks: set it the way your RAG pipeline does.',
  'chunking.strategy':
    'heading: a section per heading; recursive: separators from headings down to words; sentence: sentences packed up to max; fixed: windows of max; langchain-* / llamaindex-*: that library\'s splitter, chunk for chunk; external: your own command.',
  'chunking.unit': 'What sizes count: tokens of `tokenizer`, or characters. Presets default to their library\'s unit.',
  'chunking.tokenizer': 'The tokenizer that counts tokens (o200k_base: GPT-4o and later; cl100k_base: GPT-4, text-embedding-3-*).',
  'chunking.max': 'Target maximum chunk size, in unit. Presets default to their library\'s chunk size (LangChain 1000 characters, LlamaIndex 1024 tokens).',
  'chunking.min': 'heading only: a section whose body is shorter merges into a sibling. Must be below max.',
  'chunking.overlap': 'Overlap between consecutive pieces of a split run, in unit. Must be below max. Presets default to their library\'s chunk overlap (200).',
  'chunking.tiny': 'A chunk below this size is flagged as tiny-chunk (default: 10% of max, rounded).',
  'chunking.headingLevels': 'heading only: which headings start a section.',
  'chunking.headingLevels.max': 'The deepest heading level (1–6) that starts a section; deeper headings stay inside it.',
  'chunking.chunkSize': 'The libraries\' name for max (set one or the other).',
  'chunking.chunkOverlap': 'The libraries\' name for overlap (set one or the other).',
  'chunking.separators': 'langchain-recursive: the separators tried in order (LangChain `separators`).',
  'chunking.keepSeparator': 'LangChain presets: keep each separator at the start of the next piece (LangChain `keepSeparator`, default true).',
  'chunking.headersToSplitOn': 'langchain-markdown-header: [marker, metadata name] pairs, e.g. [["#", "Header 1"], ["##", "Header 2"]] (default: # to ###).',
  'chunking.stripHeaders': 'langchain-markdown-header: drop header lines from the chunk text (LangChain `strip_headers`, default true).',
  'chunking.recursiveSplit': 'langchain-markdown-header: split each section again with RecursiveCharacterTextSplitter (chunkSize, chunkOverlap, separators), the usual pairing. Default false.',
  'chunking.paragraphSeparator': 'llamaindex-sentence: LlamaIndex `paragraphSeparator` (default: three newlines).',
  'chunking.separator': 'llamaindex-sentence: LlamaIndex `separator` between words (default: a space).',
  'chunking.secondaryChunkingRegex': 'llamaindex-sentence: LlamaIndex `secondaryChunkingRegex`, a JavaScript regular expression.',
  'chunking.frontMatter':
    'Presets: keep (default) chunks the raw file, front matter included, as a splitter handed the file does; strip starts after the front matter, for loaders that remove it. The built-in strategies always treat front matter as metadata.',
  'chunking.breakpointPercentile': 'semantic: a cut goes where the embedding distance between consecutive sentences is above this percentile of all such distances (default 95).',
  'chunking.bufferSize': 'semantic: sentences on each side joined into the window that is embedded (default 1).',
  'chunking.embeddingModel': 'semantic: the embeddings model for sentence windows (default text-embedding-3-small).',
  'chunking.command': 'external: the program and its arguments, run without a shell for every file, e.g. [python3, scripts/chunk.py].',
  'chunking.timeout': 'external: seconds before the command is stopped, per file (default 60).',
  scoring: 'How chunks and files are scored.',
  'scoring.scorer': 'heuristic: offline, free and deterministic. llm: an OpenAI-compatible model scores the content metrics (needs an API key).',
  'scoring.weights': 'Weights of the metrics in the structural and content scores.',
  'scoring.weights.structural': 'default, equal, or a weight per structural metric.',
  'scoring.weights.content': 'default (semantic_coherence weighs 0), equal, or a weight per content metric.',
  ...weights(STRUCTURAL_METRIC_NAMES, 'structural'),
  ...weights(CONTENT_METRIC_NAMES, 'content'),
  ...weights(OVERALL_COMPONENT_NAMES, 'overall'),
  llm: 'The model behind scorer: llm (and retriever: embeddings).',
  'llm.model': 'Model name sent to the API.',
  'llm.baseURL': 'Base URL of an OpenAI-compatible API; null means OpenAI.',
  'llm.maxConcurrency': 'Requests in flight at once (1–64).',
  'llm.cache': 'Folder where verdicts and vectors are cached between runs, keyed by content, model and prompt.',
  'llm.timeout': 'Milliseconds before a request is abandoned (the run is then partial, never failed silently).',
  'llm.prices': 'USD per million input and output tokens, for the cost line; null uses the model\'s list price when known.',
  'llm.prices.input': 'USD per million input tokens.',
  'llm.prices.output': 'USD per million output tokens.',
  thresholds: 'When a file fails, when a chunk counts as a regression, and which of those fail the check.',
  'thresholds.structural': 'A file whose structural score (0–100) is below this fails the threshold.',
  'thresholds.content': 'A file whose content score (0–100) is below this fails the threshold.',
  'thresholds.fileDrop': 'A file whose score drops by this many points or more against the base branch fails the threshold.',
  'thresholds.chunkDrop': 'A chunk whose overall score drops by this many points or more is a regression.',
  'thresholds.failOn': 'Which findings fail the check: threshold, regression, partial (an LLM step failed). A single value is allowed.',
  'thresholds.retrieval': 'Golden-set retrieval limits, as shares 0–1; null means not checked.',
  'thresholds.retrieval.mrr': 'Lowest allowed head MRR (mean reciprocal rank of the first relevant chunk).',
  'thresholds.retrieval.mrrDrop': 'Largest allowed drop of MRR against the base branch.',
  'thresholds.retrieval.recall': 'Lowest allowed head Recall@k (share of expected excerpts a retrieved chunk holds whole).',
  'thresholds.retrieval.recallDrop': 'Largest allowed drop of Recall@k against the base branch.',
  // Keys whose names the integrator fixed for branches not merged yet: described here so their
  // merge only needs `npm run schema` (an entry for a key that does not exist is never shown).
  'thresholds.gate':
    'What may gate: changed (default) — only what this change made new or worse, and of weight; all — every regression and threshold failure, pre-existing problems included.',
  'thresholds.unchecked': 'What a file that could not be checked (unreadable, binary, too large, timed out, a parser or chunker failure) does: fail (default) fails the check whatever failOn says; warn only reports it.',
  'scoring.weights.overall': 'Weights of the parts of a chunk\'s overall score.',
  golden: 'Retrieval on a golden set of questions (optional).',
  limits: 'What one file may cost before it is not checked (a gating unchecked finding with the reason): hostile shapes are refused before parsing, and the rest stops at its CPU time budget. Read from the base branch, like this file.',
  'limits.cpuSeconds': 'CPU seconds one side of one file may take to parse, chunk and score (default: 30). CPU time of the thread, so a busy machine does not change the outcome.',
  'limits.nesting': 'Deepest nesting of lists and block quotes a file may have (default: 100): the parser\'s time grows with the depth on every line.',
  'limits.backtickRun': 'Longest run of backticks a file may have (default: 64): the parser looks for a closing run of each length to the end of the paragraph.',
  'limits.inlineMarkers': 'Inline markers (* _ ~ [ ]) times the length of their paragraph, summed over the paragraphs, in millions (default: 200): the parser walks back over the paragraph for each marker.',
  'golden.file': 'The golden set: queries with their expected evidence. Read from the base branch, like this file.',
  'golden.k': 'How many chunks each query retrieves (the k of Recall@k and Precision@k).',
  'golden.retriever': 'bm25 (offline) or embeddings (an OpenAI-compatible embeddings API, see llm).',
  'golden.embeddingModel': 'Embeddings model for retriever: embeddings.',
  retrieval: 'Retrieval probes: each passage a PR keeps on a changed page is looked for over the whole docs corpus, base and head.',
  'retrieval.probes': 'offline (BM25 probes derived from each passage, the default); llm (the same, plus one question per passage written by the llm: model, cached by content, its cost in the report); or off.',
  'retrieval.budget': 'Tokens of context, filled with the chunks ranked first, that a passage must stay within.',
  rules:
    'A level per rule: error (as designed: a rule whose new findings gate still gates), warn (reported and scored, never gates), off (not reported, no cap). Inline, <!-- chunkgate-disable rule --> … <!-- chunkgate-enable rule --> turns a rule off for a region, <!-- chunkgate-disable-next-line rule --> for the next line, <!-- chunkgate-disable-line rule --> for its own line.',
  ...rules,
  inlineDisables:
    'What inline chunkgate-disable comments (-line, -next-line and -file too) do: gate (default) — they hide the findings of the rules they name (never score drops or threshold failures), and one that a change adds or widens fails the check; report — the same, listed without failing; off — the comments are ignored.',
  overrides: 'Settings for the files some globs match, applied in order: a later entry wins.',
  'overrides[].paths': 'Globs of the files this entry applies to. A single glob is allowed.',
  'overrides[].chunking': 'Chunking keys for these files, laid over the top-level chunking.',
  'overrides[].thresholds': 'File thresholds for these files, laid over the top-level thresholds.',
  'overrides[].rules': 'Rule levels for these files, laid over the top-level rules.',
};
