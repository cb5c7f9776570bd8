import { describe, expect, it } from 'vitest';
import { informationCompleteness } from '../../../../src/metrics/content/heuristic/information-completeness.js';
import { inputOf } from './helpers.js';

describe('informationCompleteness', () => {
  it('penalises endings that introduce the next chunk and cut enumerations', () => {
    const source = 'Steps:\n\n1. One.\n2. Two.\n3. Three.\n';
    const input = inputOf(source, [
      { text: 'Steps:' },
      { text: '1. One.\n2. Two.' },
      { text: '2. Two.\n3. Three.' },
    ]);
    expect(informationCompleteness(input)).toEqual([
      70, // 100 − 30 (ends with ':'; the next block starts right after, so no mid-sentence penalty)
      75, // 100 − 25 (ends inside the list: item 3 is elsewhere)
      75, // 100 − 25 (starts inside the list)
    ]);
  });

  it('penalises a list numbered above 1 at the chunk start, mid-sentence ends and "如下"', () => {
    const source = 'Intro.\n\n3. Third item.\n4. Fourth item.\n\nAlpha beta gamma.\n\n配置步骤如下\n';
    const input = inputOf(source, [
      { text: '3. Third item.\n4. Fourth item.' },
      { text: 'Alpha beta' },
      { text: '配置步骤如下' },
    ]);
    expect(informationCompleteness(input)).toEqual([
      75, // 100 − 25 (opens at list item 3)
      75, // 100 − 25 ("beta| gamma" ends mid-sentence)
      70, // 100 − 30 (ends with '如下')
    ]);
  });

  it('penalises pieces of a split table, but not for starting inside the table they were split from', () => {
    const source = '| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |\n';
    const input = inputOf(source, [
      { text: '| a | b |\n| - | - |\n| 1 | 2 |', split: { kind: 'table', part: 1, parts: 2 } },
      { text: '| 3 | 4 |', prefix: ['| a | b |\n| - | - |\n'], split: { kind: 'table', part: 2, parts: 2 } },
      { text: '| 3 | 4 |' },
    ]);
    expect(informationCompleteness(input)).toEqual([
      60, // 100 − 40 (piece 1 of 2 of a split table)
      60, // 100 − 40 (piece 2 of 2)
      70, // 100 − 30 (starts inside the table, not marked split)
    ]);
  });
});
