import { defaultConfig } from '../../../../src/config/schema.js';
import { finalizeChunks } from '../../../../src/chunking/finalize.js';
import { parseMarkdown } from '../../../../src/markdown/parse.js';
import type { ContentInput } from '../../../../src/metrics/content/heuristic/index.js';
import type { ChunkDraft, ChunkingOptions, SplitInfo, Span } from '../../../../src/types.js';

/** Heading-strategy defaults with sizes in chars, so overlap arithmetic in tests is exact. */
const OPTIONS: ChunkingOptions = { ...defaultConfig().chunking, unit: 'chars' };

/** A chunk given by the exact source text it covers (first occurrence at or after `from`). */
export interface ChunkSpec {
  text: string;
  from?: number;
  headingPath?: string[];
  split?: SplitInfo;
  /** Source texts to prepend (like a repeated table header). */
  prefix?: string[];
}

/** The span of `text` in `source` (first occurrence at or after `from`); throws when missing so a typo fails the test. */
function spanOf(source: string, text: string, from = 0): Span {
  const start = source.indexOf(text, from);
  if (start < 0) throw new Error(`not in source: ${JSON.stringify(text)}`);
  return { start, end: start + text.length };
}

/** Parses `source` and builds hand-placed chunks, as a chunker would draft them. */
export function inputOf(source: string, specs: ChunkSpec[], options: Partial<ChunkingOptions> = {}): ContentInput {
  const { doc } = parseMarkdown('doc.md', source);
  const drafts: ChunkDraft[] = specs.map((spec) => {
    const draft: ChunkDraft = {
      ...spanOf(source, spec.text, spec.from ?? 0),
      headingPath: spec.headingPath ?? [],
      kinds: ['paragraph'],
    };
    if (spec.prefix) draft.prefix = spec.prefix.map((text) => spanOf(source, text));
    if (spec.split) draft.split = spec.split;
    return draft;
  });
  const chunks = finalizeChunks(doc, drafts, (text) => text.split(/\s+/).filter(Boolean).length);
  return { doc, chunks, options: { ...OPTIONS, ...options } };
}
