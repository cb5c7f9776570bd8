import type { FileFinding } from '../../types.js';
import type { FindingInput } from './input.js';

/**
 * `page-removed`: the file is gone; its chunks leave the index. Listed, with the chunk
 * and token count; a deletion is a decision the diff already shows, so it does not gate
 * (severity `low`, origin `new`).
 */
export function pageRemoved(input: FindingInput): FileFinding[] {
  const { base } = input;
  if (input.status !== 'removed' || !base) return [];
  const tokens = base.chunks.reduce((sum, chunk) => sum + chunk.tokens, 0);
  const chunks = base.chunks.length;
  return [
    {
      kind: 'page-removed',
      origin: 'new',
      gating: false,
      severity: 'low',
      message: `Page removed: its ${chunks} ${chunks === 1 ? 'chunk' : 'chunks'} (${tokens} ${tokens === 1 ? 'token' : 'tokens'}) leave the index`,
      hint: 'redirect or link the old page’s topics to where they live now',
      actual: chunks,
    },
  ];
}
