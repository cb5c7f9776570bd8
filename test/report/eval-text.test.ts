import { describe, expect, it } from 'vitest';
import { renderEvalText } from '../../src/report/eval.js';
import { chunk, doc, issue } from './factory.js';
import { addedFileReport } from './sample.js';

function report() {
  const head = doc('docs/x.md', [
    chunk({ text: 'fine', score: 90 }),
    chunk({ text: 'so-so', index: 1, score: 70, issues: [issue('sentence-cut', 3, 'medium')] }),
    chunk({ text: 'bad', index: 2, score: 40, issues: [issue('table-split', 5, 'high')] }),
  ]);
  return addedFileReport(head);
}

describe('renderEvalText colour', () => {
  it('is plain by default', () => {
    expect(renderEvalText(report())).not.toContain('\u001b[');
  });

  it('paints a failing grade and a high finding red, a warning grade yellow, a passing one not at all', () => {
    const lines = renderEvalText(report(), { color: true }).split('\n');
    expect(lines.find((line) => line.includes('#0 '))).not.toContain('\u001b[');
    expect(lines.find((line) => line.includes('#1 '))).toContain('\u001b[33mwarn\u001b[39m');
    expect(lines.find((line) => line.includes('#2 '))).toContain('\u001b[31mfail\u001b[39m');
    expect(lines.find((line) => line.includes('table-split'))).toContain('\u001b[31mhigh  \u001b[39m table-split L5');
    expect(lines.find((line) => line.includes('sentence-cut'))).toContain(' medium sentence-cut L3');
  });
});
