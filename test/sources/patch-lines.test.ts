import { diffLines, createTwoFilesPatch } from 'diff';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addedLinesFromPatch, changedLinesFromPatch } from '../../src/sources/patch-lines.js';

const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

describe('changedLinesFromPatch', () => {
  it('collects added and context lines of every hunk, not deleted ones', () => {
    const patch = [
      '@@ -1,3 +1,4 @@',
      ' line1', // head 1
      '-old2',
      '+new2', // head 2
      '+new3', // head 3
      ' line3', // head 4
      '@@ -10,2 +11,3 @@ ## Section',
      ' ctx', // head 11
      '+add', // head 12
      ' ctx2', // head 13
    ].join('\n');
    expect(sorted(changedLinesFromPatch(patch))).toEqual([1, 2, 3, 4, 11, 12, 13]);
  });

  it('reads a deleted line starting with "--" as a deletion, not a file header', () => {
    // Old side: "---- rule" (deleted) + " keep" = 2 lines; new side: " keep" = head line 1.
    expect(sorted(changedLinesFromPatch('@@ -1,2 +1,1 @@\n---- rule\n keep\n'))).toEqual([1]);
  });

  it('handles new files, deleted files, omitted counts and "No newline" markers', () => {
    expect(sorted(changedLinesFromPatch('@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file'))).toEqual([1, 2]);
    expect(sorted(changedLinesFromPatch('@@ -1,2 +0,0 @@\n-a\n-b'))).toEqual([]);
    // "-5 +5" means one line on each side.
    expect(sorted(changedLinesFromPatch('@@ -5 +5 @@\n-a\n+b'))).toEqual([5]);
  });

  it('skips git headers before a hunk and between files', () => {
    const patch = [
      'diff --git a/x.md b/x.md',
      'index 1111111..2222222 100644',
      '--- a/x.md',
      '+++ b/x.md',
      '@@ -1 +1 @@',
      '-a',
      '+b', // head 1
      'diff --git a/y.md b/y.md',
      '--- a/y.md',
      '+++ b/y.md',
      '@@ -7,0 +8,1 @@',
      '+c', // head 8
    ].join('\n');
    expect(sorted(changedLinesFromPatch(patch))).toEqual([1, 8]);
  });

  it('reads an empty line inside a hunk as context whose space was stripped, and CRLF patches', () => {
    // Old: a, "", c (3); new: a, "", d (3) → head lines 1, 2, 3.
    expect(sorted(changedLinesFromPatch('@@ -1,3 +1,3 @@\n a\n\n-c\n+d'))).toEqual([1, 2, 3]);
    expect(sorted(changedLinesFromPatch('@@ -1,1 +1,2 @@\r\n a\r\n+b\r\n'))).toEqual([1, 2]);
  });

  it('returns an empty set for empty or hunk-less input', () => {
    expect(changedLinesFromPatch('').size).toBe(0);
    expect(changedLinesFromPatch('Binary files a/x and b/x differ').size).toBe(0);
  });

  it('contains every added line and only lines of the new file (property, against jsdiff)', () => {
    const line = fc.constantFrom('alpha', 'beta', 'gamma', 'delta', '', '-- dash', '+ plus', '@@ at');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.array(line, { maxLength: 30 }), (before, after) => {
        const oldText = before.map((l) => `${l}\n`).join('');
        const newText = after.map((l) => `${l}\n`).join('');
        const lines = changedLinesFromPatch(createTwoFilesPatch('a', 'b', oldText, newText, '', '', { context: 3 }));
        // Oracle: walk jsdiff's change list, numbering head lines independently.
        const added: number[] = [];
        let head = 1;
        for (const change of diffLines(oldText, newText)) {
          const count = change.count ?? 0;
          if (change.added) for (let i = 0; i < count; i += 1) added.push(head + i);
          if (!change.removed) head += count;
        }
        for (const n of added) expect(lines.has(n)).toBe(true);
        for (const n of lines) expect(n >= 1 && n <= after.length).toBe(true);
      }),
      { numRuns: 200, seed: 42 },
    );
  });
});

describe('addedLinesFromPatch', () => {
  it('keeps only the lines the patch adds, not its context lines', () => {
    // Hunk 1: head lines 1–4, of which 2 is added; hunk 2: head 11–13, of which 12 is added.
    const patch = '@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -10,3 +11,3 @@\n x\n-y\n+z\n w';
    expect(sorted(addedLinesFromPatch(patch))).toEqual([2, 12]);
    expect(sorted(changedLinesFromPatch(patch))).toEqual([1, 2, 3, 4, 11, 12, 13]);
  });

  it('reads a new file as all added and a deletion as none', () => {
    expect(sorted(addedLinesFromPatch('@@ -0,0 +1,2 @@\n+a\n+b\n\\ No newline at end of file'))).toEqual([1, 2]);
    expect(sorted(addedLinesFromPatch('@@ -1,2 +0,0 @@\n-a\n-b'))).toEqual([]);
  });
});
