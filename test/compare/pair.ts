import { compareDoc } from '../../src/compare/diff-doc.js';
import type { GateScope } from '../../src/config/types.js';
import { defaultConfig } from '../../src/config/schema.js';
import { analyzeDocument, scoreDocument } from '../../src/engine/evaluate.js';
import type { RuleLevels } from '../../src/shared/rules.js';
import type { ChunkingOptions, DocDiff, FileStatus } from '../../src/types.js';

/** Options of {@link comparePair}. */
export interface PairOptions {
  path?: string;
  /** `chunking.max` (default: the config's 512). */
  max?: number;
  /** `chunking.min` (default: 64). */
  min?: number;
  gate?: GateScope;
  /** Other chunking settings, e.g. a preset (default: none). */
  chunking?: Partial<ChunkingOptions>;
  /** Rule levels of the file (default: none given, each rule's default). */
  rules?: RuleLevels;
}

/**
 * Runs one base/head pair of Markdown through the real pipeline (parse, heading chunks, heuristic
 * scores) and compares it the way the engine does, parsed documents included.
 */
export function comparePair(base: string | null, head: string | null, options: PairOptions = {}): DocDiff {
  const config = defaultConfig();
  const max = options.max ?? config.chunking.max;
  const chunking = { ...config.chunking, max, min: options.min ?? config.chunking.min, tiny: Math.round(max / 10), ...options.chunking };
  const path = options.path ?? 'docs/page.md';
  const analyze = (text: string | null) => (text === null ? null : analyzeDocument(path, text, { chunking, weights: config.scoring.weights }));
  const [baseSide, headSide] = [analyze(base), analyze(head)];
  const status: FileStatus = base === null ? 'added' : head === null ? 'removed' : 'modified';
  return compareDoc(
    {
      path,
      status,
      ...(baseSide ? { base: scoreDocument(baseSide), baseDoc: baseSide.doc } : {}),
      ...(headSide ? { head: scoreDocument(headSide), headDoc: headSide.doc } : {}),
      baseSource: base ?? '',
      headSource: head ?? '',
      ...(options.rules ? { rules: options.rules } : {}),
    },
    { ...config.thresholds, gate: options.gate ?? 'changed' },
  );
}

/** `count` sentences of filler about `topic`, each ending with a period. */
export function prose(topic: string, count: number): string {
  return Array.from({ length: count }, (_, index) => `The ${topic} guide explains step ${index + 1} of the ${topic} setup in plain words.`).join(' ');
}
