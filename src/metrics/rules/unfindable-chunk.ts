import { SELF_RETRIEVAL_TOP, type SelfRetrievability } from '../self-retrievability.js';
import type { StructuralInput } from '../structural/input.js';
import { isBlank } from '../structural/text.js';
import { excerpt, finding, type RuleFinding } from './finding.js';

/**
 * `unfindable-chunk` (the retrievability quick check, docs/scores.md#quick-checks): the chunk's own query — its heading
 * path and first sentence — does not rank it in the top 3 of its document's BM25 index, so a
 * question phrased like its heading and lead finds other chunks first. Blank chunks are
 * `empty-chunk` instead. Line: the chunk's first line.
 */
export function checkUnfindableChunks(input: StructuralInput, self: SelfRetrievability): RuleFinding[] {
  const findings: RuleFinding[] = [];
  for (const [index, chunk] of input.chunks.entries()) {
    const rank = self.ranks[index];
    if (rank === undefined || (rank !== null && rank <= SELF_RETRIEVAL_TOP) || isBlank(chunk.text)) continue;
    const query = self.queries[index] ?? '';
    findings.push(
      finding(index, 'unfindable-chunk', {
        message:
          query === ''
            ? 'Unexpected chunk with no searchable words in its heading path or first sentence, expected a query that finds it'
            : `Unexpected rank ${rank ?? 'none'} for the chunk's own heading path and first sentence ("${excerpt(query, { max: 60 })}"), expected the top ${SELF_RETRIEVAL_TOP}`,
        line: chunk.startLine,
        actual: rank ?? 'none',
        expected: `≤ ${SELF_RETRIEVAL_TOP}`,
      }),
    );
  }
  return findings;
}
