/** Workflow-command annotations (the fallback when the check run cannot carry them) and the sticky markers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOTATIONS_PER_KIND, annotateWorkflow } from '../../src/action/annotations.js';
import { legacyMarkers, stickyMarker, withMarker } from '../../src/action/markers.js';
import type { CheckAnnotation } from '../../src/sources/check-run.js';

let written: string[];

beforeEach(() => {
  written = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    written.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const annotation = (level: CheckAnnotation['annotation_level'], line: number): CheckAnnotation => ({ path: 'docs/a.md', start_line: line, end_line: line, annotation_level: level, message: `finding ${line}` });

describe('annotateWorkflow', () => {
  it('emits the first 10 of each kind, in order, and counts the rest in one line', () => {
    const list = [...Array.from({ length: 12 }, (_, i) => annotation('failure', i + 1)), ...Array.from({ length: 3 }, (_, i) => annotation('warning', 100 + i))];
    expect(annotateWorkflow(list)).toEqual({ shown: 13, hidden: 2 });
    const commands = written.join('').split('\n').filter((line) => line.startsWith('::'));
    expect(commands.filter((line) => line.startsWith('::error ')).map((line) => /line=(\d+),/.exec(line)![1])).toEqual(Array.from({ length: ANNOTATIONS_PER_KIND }, (_, i) => String(i + 1)));
    expect(commands.filter((line) => line.startsWith('::warning '))).toHaveLength(3);
    expect(written.join('')).toContain('2 more annotations not shown: GitHub shows 10 of each kind per step; the job summary lists every finding.');
  });
});

describe('sticky markers', () => {
  it('names the check, URI-encoded so it cannot close the HTML comment', () => {
    expect(stickyMarker('chunkgate')).toBe('<!-- chunkgate:chunkgate -->');
    expect(stickyMarker('docs --> <b>x</b>')).toBe('<!-- chunkgate:docs%20--%3E%20%3Cb%3Ex%3C%2Fb%3E -->');
  });

  it('adopts the bare marker of earlier versions only for the default check name', () => {
    expect(legacyMarkers('chunkgate')).toEqual(['<!-- chunkgate -->']);
    expect(legacyMarkers('docs')).toEqual([]);
  });

  it('swaps the renderer’s marker line for the check’s', () => {
    expect(withMarker('<!-- chunkgate -->\n## title\n', '<!-- chunkgate:docs -->')).toBe('<!-- chunkgate:docs -->\n## title\n');
    expect(withMarker('## title\n', '<!-- chunkgate:docs -->')).toBe('<!-- chunkgate:docs -->\n## title\n');
  });
});
