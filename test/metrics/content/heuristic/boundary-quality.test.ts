import { describe, expect, it } from 'vitest';
import { boundaryQuality } from '../../../../src/metrics/content/heuristic/boundary-quality.js';
import { explainContentHeuristic } from '../../../../src/metrics/content/heuristic/index.js';
import { inputOf } from './helpers.js';

describe('boundaryQuality', () => {
  it('scores start and end cuts: section 100, sentence 60, mid-sentence 25', () => {
    const source = '# A\n\nOne two. Three four.\n\n# B\n\nFive six seven.\n';
    const input = inputOf(source, [
      { text: '# A\n\nOne two.' },
      { text: 'Three four.' },
      { text: '# B\n\nFive six' },
      { text: 'seven.' },
    ]);
    expect(boundaryQuality(input)).toEqual([
      80, // document start 100, after "two." 60 → (100 + 60) / 2
      80, // after "two." 60, next is heading "# B" 100 → 80
      62.5, // heading 100, "six| seven" mid-sentence 25 → 62.5
      62.5, // mid-sentence 25, document end 100 → 62.5
    ]);
  });

  it('scores block boundaries 85 and mid-word cuts 0', () => {
    const source = '# T\n\nAlpha beta.\n\nGamma delta.\n';
    const input = inputOf(source, [{ text: 'Alpha beta.' }, { text: 'Gamma del' }, { text: 'ta.', from: source.indexOf('delta') }]);
    expect(boundaryQuality(input)).toEqual([
      85, // paragraph start 85, next paragraph start 85
      42.5, // paragraph start 85, "del|ta" mid-word 0
      50, // mid-word 0, document end 100
    ]);
    expect(explainContentHeuristic(input)[1]!.boundary_quality.findings.map((finding) => finding.message)).toContain(
      "ends inside the word 'del|ta' (mid-word cut)",
    );
  });

  it('treats list items as blocks, table rows as sentences and a heading cut from its body as mid-sentence', () => {
    const source = '# L\n\n- one\n- two\n\n| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n\n## H\n\nBody text.\n';
    const input = inputOf(source, [
      { text: '- two' },
      { text: '| 3 | 4 |' },
      { text: '## H' },
    ]);
    expect(boundaryQuality(input)).toEqual([
      85, // list item start 85, next block (table) start 85
      80, // between table rows 60, next is heading "## H" 100
      62.5, // heading 100, end right after the heading with its body next: 25
    ]);
  });

  it('returns [] for no chunks', () => {
    expect(boundaryQuality(inputOf('# A\n\nText.\n', []))).toEqual([]);
  });
});
