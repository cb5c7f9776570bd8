import { describe, expect, it } from 'vitest';
import { chunk } from './helpers.js';

describe('blocks kept with what follows them', () => {
  it('keeps a lead-in sentence with its list when the section splits (chars, max 100)', () => {
    // 62 + 2 + 27 + 2 + 27 + … : the filler and the lead-in no longer fit with the list.
    const source = [
      'The agent uploads logs every hour and keeps a local copy too.',
      '',
      'Set these options:',
      '',
      '- `every`: how often to upload',
      '- `keep`: how long to keep files',
    ].join('\n');
    const texts = chunk(source).chunks.map((piece) => piece.text);
    expect(texts).toEqual(['The agent uploads logs every hour and keeps a local copy too.', 'Set these options:\n\n- `every`: how often to upload\n- `keep`: how long to keep files']);
  });

  it('keeps a MkDocs admonition title with its body', () => {
    const source = ['Uploads run every hour and retry three times when they fail.', '', '!!! note "Budget"', '', '    Retries share one budget per host, so nothing floods.'].join('\n');
    const texts = chunk(source, { max: 80 }).chunks.map((piece) => piece.text);
    expect(texts).toEqual(['Uploads run every hour and retry three times when they fail.', '!!! note "Budget"\n\n    Retries share one budget per host, so nothing floods.']);
  });
});
