import type { Chunk } from '../../types.js';
import type { StructuralInput } from '../structural/input.js';
import { collapseWhitespace } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';

const normalized = new WeakMap<Chunk, string>();

/**
 * The chunk's whitespace-normalised text (runs of whitespace become one space,
 * ends trimmed), computed once per chunk object for both duplicate rules.
 */
export function normalizedText(chunk: Chunk): string {
  let text = normalized.get(chunk);
  if (text === undefined) {
    text = collapseWhitespace(chunk.text).trim();
    normalized.set(chunk, text);
  }
  return text;
}

/**
 * `duplicate-chunk`: the chunk's whitespace-normalised text equals that of an
 * earlier chunk (blank chunks are `empty-chunk` instead). Line: the chunk's first line.
 */
export function checkDuplicateChunks(input: StructuralInput): RuleFinding[] {
  const seen = new Map<string, number>();
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of input.chunks.entries()) {
    const key = normalizedText(chunk);
    if (key === '') continue;
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, index);
      continue;
    }
    const original = input.chunks[earlier]!;
    findings.push(
      finding(index, 'duplicate-chunk', {
        message: `Unexpected duplicate of chunk ${earlier} (line ${original.startLine}), expected unique text`,
        line: chunk.startLine,
      }),
    );
  }
  return findings;
}
