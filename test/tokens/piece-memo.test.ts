import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { clearPieceMemo, pieceTable, piecesTokens } from '../../src/tokens/pieces.js';
import { countTokens } from '../../src/tokens/measure.js';

/** V8's collector, reached without starting Node with --expose-gc. */
function collect(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('the piece memo', () => {
  it('does not keep a document alive through a remembered piece', () => {
    const gc = collect();
    clearPieceMemo();
    // The encoding's tables load at the first count: before the measure.
    pieceTable('warm up', 'o200k_base');
    gc();
    const before = process.memoryUsage().heapUsed;
    (() => {
      // 8 MB of one-byte text; its first piece ("Supercalifragilistic", 20 characters) is new to the memo.
      const doc = `Supercalifragilistic ${'0'.repeat(8_000_000)}`;
      pieceTable(doc, 'o200k_base');
    })();
    // V8 keeps the subject of the last regular expression match (the legacy `RegExp.input`): match another.
    /x/.exec('x');
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    // A piece remembered as a slice would keep all 8 MB; the memo itself holds a few pieces.
    expect(kept).toBeLessThan(4_000_000);
  });

  it('counts a remembered long piece the same the second time', () => {
    clearPieceMemo();
    const text = 'Supercalifragilisticexpialidocious antidisestablishmentarianism';
    const first = piecesTokens(text, 'o200k_base');
    expect(piecesTokens(`${text}`, 'o200k_base')).toBe(first);
    expect(first).toBe(countTokens(text, 'o200k_base'));
  });
});
