import { describe, expect, it } from 'vitest';
import { noMarkdownCheck, renderNoMarkdownComment } from '../../src/report/no-markdown.js';

describe('the answer for a pull request without Markdown changes', () => {
  const context = { headSha: '0123456789abcdef0123456789abcdef01234567', files: 1, version: '9.9.9' };

  it('is a comment that names the head commit it describes', () => {
    expect(renderNoMarkdownComment(context)).toBe(
      '<!-- chunkgate -->\n## 🧩 chunkgate — RAG chunk quality\n\n➖ **Nothing to check**: no Markdown file changed (1 file changed, none `.md` or `.mdx`) · head `0123456`\n\n<sub>chunkgate 9.9.9</sub>\n',
    );
  });

  it('is a check run titled for the checks list', () => {
    const check = noMarkdownCheck({ ...context, files: 3 });
    expect(check.title).toBe('chunkgate: no Markdown changed');
    expect(check.summary).toMatch(/^➖ \*\*Nothing to check\*\*: no Markdown file changed \(3 files changed, none `\.md` or `\.mdx`\) · head `0123456`\n\n/);
  });
});
