import type { StructuralInput } from '../structural/input.js';
import { chunkSize, sizeLabel } from '../structural/size.js';
import { isBlank } from '../structural/text.js';
import { finding, type RuleFinding } from './finding.js';

/**
 * Size rules, on the chunk's first line:
 * `empty-chunk` (whitespace-only text), `tiny-chunk` (non-empty, size < `tiny`),
 * `oversize-chunk` (size > `max`), sizes in the configured unit.
 */
export function checkChunkSizes(input: StructuralInput): RuleFinding[] {
  const { chunks, options, measure } = input;
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of chunks.entries()) {
    const line = chunk.startLine;
    if (isBlank(chunk.text)) {
      findings.push(
        finding(index, 'empty-chunk', {
          message: 'Unexpected empty chunk, expected text',
          line,
          actual: 0,
        }),
      );
      continue;
    }
    const size = chunkSize(chunk, measure.unit);
    if (size < options.tiny) {
      findings.push(
        finding(index, 'tiny-chunk', {
          message: `Unexpected ${sizeLabel(size, measure.unit)} chunk, expected at least ${options.tiny}`,
          line,
          actual: size,
          expected: options.tiny,
        }),
      );
    }
    if (size > options.max) {
      findings.push(
        finding(index, 'oversize-chunk', {
          message: `Unexpected ${sizeLabel(size, measure.unit)} chunk, expected at most ${options.max}`,
          line,
          actual: size,
          expected: options.max,
        }),
      );
    }
  }
  return findings;
}
