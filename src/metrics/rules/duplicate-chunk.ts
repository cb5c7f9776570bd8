import type { Chunk } from '../../types.js';
import type { StructuralInput } from '../structural/input.js';
import { isWhitespaceCode } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';

const normalized = new WeakMap<Chunk, string>();

/**
 * The chunk's whitespace-normalised text (runs of whitespace become one space,
 * ends trimmed), computed once per chunk object for both duplicate rules.
 */
export function normalizedText(chunk: Chunk): string {
  let text = normalized.get(chunk);
  if (text === undefined) {
    text = collapseSpace(chunk.text).trim();
    normalized.set(chunk, text);
  }
  return text;
}

/**
 * `text.replace(/\s+/g, ' ')` by a code-unit scan: whitespace (`isWhitespaceCode`, the code
 * units of `\s`) is found by char code instead of a regex attempt at every position, and a lone
 * space (most runs) is left in place, so a text whose runs are all lone spaces comes back as is
 * and any other is built from the stretches between the runs it replaces.
 */
function collapseSpace(text: string): string {
  const length = text.length;
  let collapsed = '';
  // Copied into `collapsed` up to here.
  let copied = 0;
  for (let at = 0; at < length; at += 1) {
    const code = text.charCodeAt(at);
    if (code > 0x20 && code < 0x7f) continue;
    if (!isWhitespaceCode(code)) continue;
    let end = at + 1;
    while (end < length && isWhitespaceCode(text.charCodeAt(end))) end += 1;
    if (code !== 0x20 || end !== at + 1) {
      collapsed += `${text.slice(copied, at)} `;
      copied = end;
    }
    at = end - 1;
  }
  return copied === 0 ? text : collapsed + text.slice(copied);
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
