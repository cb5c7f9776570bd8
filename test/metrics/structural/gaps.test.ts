import { describe, expect, it } from 'vitest';
import { documentCounts, nonWhitespacePrefix } from '../../../src/metrics/structural/gaps.js';

describe('documentCounts', () => {
  const source = '---\na: 1\n---\nab c\n';
  const frontmatter = { start: 0, end: 12 };

  it('gives the prefix counts outside the front matter, once for the same document asked twice in a row', () => {
    // "ab c" after the front matter: a, b, c → 3 non-whitespace characters counted in all.
    const counts = documentCounts({ source, frontmatter });
    expect(Array.from(counts)).toEqual(Array.from(nonWhitespacePrefix(source, frontmatter)));
    expect(counts.at(-1)).toBe(3);
    expect(documentCounts({ source: `${source}`, frontmatter: { ...frontmatter } })).toBe(counts);
  });

  it('counts again when the source or the front matter differs from the last document', () => {
    const counts = documentCounts({ source, frontmatter });
    // Without front matter "---", "a:", "1" and "---" count too: 3 + 2 + 1 + 3, plus 3 = 12.
    const whole = documentCounts({ source, frontmatter: null });
    expect(whole).not.toBe(counts);
    expect(whole.at(-1)).toBe(12);
    const other = documentCounts({ source: 'xyz', frontmatter: null });
    expect(other.at(-1)).toBe(3);
    expect(documentCounts({ source, frontmatter }).at(-1)).toBe(3);
  });
});
