/**
 * The inline review comments: escaped exactly like the sticky comment (checked by rendering
 * them with remark-gfm), only on lines the PR adds, ranked and capped.
 */
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { planInlineComments } from '../../src/action/review-findings.js';
import type { DocDiff, EvaluatedChunk, Regression, Report } from '../../src/types.js';
import { chunk, issue } from '../report/factory.js';

const ZWJ = '\u200D';

function regression(head: EvaluatedChunk, base: EvaluatedChunk | null, newTags: Regression['newTags'] = []): Regression {
  return { reason: newTags.length > 0 ? 'new-high-issue' : base ? 'score-drop' : 'new-failing-chunk', match: base ? 'similarity' : 'new', base, head, delta: base ? head.score - base.score : null, newTags, origin: base ? 'worsened' : 'new', gating: true };
}

function file(path: string, regressions: Regression[]): DocDiff {
  return { path, status: 'modified', deltas: [], failures: [], regressions, findings: [] };
}

function report(files: DocDiff[]): Report {
  const regressions = files.reduce((sum, f) => sum + f.regressions.length, 0);
  return { version: '0.1.0', config: {}, scorer: 'heuristic', files, summary: { files: files.length, chunks: 0, regressions, failures: 0, gating: { regressions, failures: 0, findings: 0 }, verdict: 'fail', partial: false, cost: null } };
}

function nodes(markdown: string): (Root | RootContent)[] {
  const all: (Root | RootContent)[] = [];
  const walk = (node: Root | RootContent) => {
    all.push(node);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(unified().use(remarkParse).use(remarkGfm).parse(markdown));
  return all;
}

describe('planInlineComments: escaping', () => {
  it('renders heading text, messages and hints inert: no ping, no issue link, no HTML, no marker, no control character', () => {
    const head = chunk({
      text: 'It grew.',
      headingPath: ['Setup <img src=x onerror=alert(1)>', '@org/team see #1 <!-- chunkgate:chunkgate --> a|b \u0007bell'],
      startLine: 3,
      endLine: 5,
      score: 40,
      issues: [issue('table-split', 3, 'high', { message: 'quoted `x|y` by @bob <b>bold</b> #42', hint: 'ask @org/team in #7 <!-- chunkgate -->' })],
    });
    const plan = planInlineComments(report([file('docs/a.md', [regression(head, chunk({ text: 'It was.', score: 90 }), ['table-split'])])]), new Map([['docs/a.md', '@@ -1,2 +1,6 @@\n a\n b\n+c\n+d\n+e\n+f']]), {
      checkName: 'chunkgate',
    });
    expect(plan.findings).toHaveLength(1);
    const { body, line } = plan.findings[0]!;
    expect(line).toBe(3);
    const tree = nodes(body);
    // The only raw HTML is the hidden fingerprint appended last.
    expect(tree.filter((node) => node.type === 'html').map((node) => (node as { value: string }).value)).toEqual([expect.stringMatching(/^<!-- chunkgate:finding:[0-9a-f]{16} -->$/)]);
    const text = toString(tree[0]);
    expect(text).toContain(`@${ZWJ}org/team`);
    expect(text).toContain(`@${ZWJ}bob`);
    expect(text).not.toMatch(/@(?!\u200D)\w/);
    expect(text).not.toMatch(/#(?!\u200D)\d/);
    expect(text).not.toContain('\u0007');
    expect(text).toContain('<img src=x onerror=alert(1)>');
    expect(body.match(/<!--\s*chunkgate/gi)).toHaveLength(1);
    // The code span of the message keeps its pipe, outside a table no backslash is added.
    expect(tree.some((node) => node.type === 'inlineCode' && node.value === 'x|y')).toBe(true);
  });
});

describe('planInlineComments: placement, rank and cap', () => {
  const added = '@@ -10,2 +10,4 @@\n a\n+b\n+c\n d';
  const at = (startLine: number, endLine: number, score: number, tags: Regression['newTags'] = []) =>
    regression(chunk({ text: `chunk ${startLine}`, startLine, endLine, score, id: `c${startLine}` }), chunk({ text: 'old', score: 90 }), tags);

  it('comments on the first added line of a chunk and never on a context line', () => {
    const plan = planInlineComments(report([file('docs/a.md', [at(10, 12, 50), at(13, 13, 50)])]), new Map([['docs/a.md', added]]), { checkName: 'x' });
    // Line 10 is context, 11 is added; line 13 is context only.
    expect(plan.findings.map((f) => f.line)).toEqual([11]);
    expect(plan.notes).toEqual(['docs/a.md: 1 regressed chunk without an inline comment, because no line of the chunk is added by this PR; the sticky comment lists them.']);
  });

  it('says why a file without a patch gets no inline comment', () => {
    const plan = planInlineComments(report([file('docs/big.md', [at(1, 2, 50), at(3, 4, 50)])]), new Map(), { checkName: 'x' });
    expect(plan.findings).toEqual([]);
    expect(plan.notes).toEqual(['docs/big.md: 2 regressed chunks without an inline comment, because GitHub sent no diff for this file (it leaves out very large diffs); the sticky comment lists them.']);
  });

  it('keeps the most severe first (high tag, then the larger drop) up to the limit, posted in line order', () => {
    const patch = `@@ -1,0 +1,40 @@\n${Array.from({ length: 40 }, (_, i) => `+line ${i + 1}`).join('\n')}`;
    const regressions = [at(1, 1, 80), at(2, 2, 30), at(3, 3, 85, ['code-fence-split']), at(4, 4, 60)];
    const plan = planInlineComments(report([file('docs/a.md', regressions)]), new Map([['docs/a.md', patch]]), { checkName: 'x', limit: 2 });
    // Ranks: line 3 (high tag), then line 2 (drop 60), line 4 (drop 30), line 1 (drop 10).
    expect(plan.findings.map((f) => f.line)).toEqual([2, 3]);
    expect(plan.omitted).toBe(2);
  });

  it('gives each check name its own finding identity', () => {
    const files = [file('docs/a.md', [at(11, 11, 50)])];
    const patches = new Map([['docs/a.md', added]]);
    const one = planInlineComments(report(files), patches, { checkName: 'docs-tokens' }).findings[0]!.body;
    const two = planInlineComments(report(files), patches, { checkName: 'docs-chars' }).findings[0]!.body;
    expect(one.replace(/finding:\w+/, '')).toBe(two.replace(/finding:\w+/, ''));
    expect(one).not.toBe(two);
  });
});
