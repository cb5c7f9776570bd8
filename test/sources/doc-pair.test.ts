import { describe, expect, it } from 'vitest';
import { docPair, sameBytes } from '../../src/sources/doc-pair.js';

const nul = (digest: string) => ({ problem: { reason: 'binary file: NUL byte at byte 1 (line 1)', hint: 'Remove it.' }, digest });

describe('docPair', () => {
  it('keeps texts, and says why a side that exists cannot be checked (never a missing side)', () => {
    expect(docPair({ path: 'a.md', status: 'modified' }, { text: 'old' }, { text: 'new' })).toEqual({ path: 'a.md', status: 'modified', base: 'old', head: 'new' });
    expect(docPair({ path: 'a.md', status: 'modified' }, { text: 'old' }, nul('h'))).toEqual({
      path: 'a.md',
      status: 'modified',
      base: 'old',
      head: null,
      unreadable: { head: nul('h').problem },
    });
    expect(docPair({ path: 'b.md', previousPath: 'a.md', status: 'renamed' }, nul('same'), nul('same'))).toMatchObject({
      previousPath: 'a.md',
      unreadable: { base: nul('same').problem, head: nul('same').problem, unchanged: true },
    });
    expect(docPair({ path: 'a.md', status: 'added' }, null, nul('x')).unreadable).toEqual({ head: nul('x').problem });
  });
});

describe('sameBytes', () => {
  it('compares texts, or the digests of unreadable files', () => {
    expect(sameBytes({ text: 'a' }, { text: 'a' })).toBe(true);
    expect(sameBytes({ text: 'a' }, { text: 'b' })).toBe(false);
    expect(sameBytes(nul('1'), nul('1'))).toBe(true);
    expect(sameBytes(nul('1'), nul('2'))).toBe(false);
    expect(sameBytes({ problem: { reason: 'too large', hint: '' } }, { problem: { reason: 'too large', hint: '' } })).toBe(false);
    expect(sameBytes({ text: 'a' }, nul('1'))).toBe(false);
  });
});
