import { describe, expect, it } from 'vitest';
import { isMarkdownPath, relevantChanges, type ChangedFile } from '../../src/sources/changed-file.js';

describe('relevantChanges', () => {
  const files: ChangedFile[] = [
    { path: 'docs/a.md', status: 'modified', patch: '@@ -1 +1 @@' },
    { path: 'src/app.ts', status: 'modified' },
    { path: 'docs/b.md', previousPath: 'docs/old-b.md', status: 'renamed' },
    { path: 'docs/c.md', previousPath: 'notes/c.txt', status: 'renamed', patch: '@@ -0,0 +1 @@' },
    { path: 'notes/d.txt', previousPath: 'docs/d.md', status: 'renamed', patch: '@@ -1 +0,0 @@' },
    { path: 'docs/e.mdx', status: 'removed' },
  ];

  it('keeps relevant paths and follows renames across the relevance line', () => {
    expect(relevantChanges(files, isMarkdownPath)).toEqual([
      { path: 'docs/a.md', status: 'modified', patch: '@@ -1 +1 @@' },
      { path: 'docs/b.md', previousPath: 'docs/old-b.md', status: 'renamed' },
      // Into Markdown: nothing relevant to compare with, so it is new.
      { path: 'docs/c.md', status: 'added', patch: '@@ -0,0 +1 @@' },
      // Out of Markdown: the Markdown side is gone, under its old path.
      { path: 'docs/d.md', status: 'removed' },
      { path: 'docs/e.mdx', status: 'removed' },
    ]);
  });

  it('finds nothing when no relevant path changed, a rename out of Markdown aside', () => {
    expect(relevantChanges([{ path: 'src/app.ts', status: 'modified' }, { path: 'a.png', status: 'added' }], isMarkdownPath)).toEqual([]);
    expect(relevantChanges([{ path: 'a.txt', previousPath: 'a.md', status: 'renamed' }], isMarkdownPath)).toHaveLength(1);
  });
});
