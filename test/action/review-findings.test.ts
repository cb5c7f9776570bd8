/**
 * The inline review comments: one per problem (the pieces of a split block are one), escaped
 * exactly like the sticky comment (checked by rendering them with remark-gfm), only on lines the
 * PR adds, ranked and capped.
 */
import type { Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { planInlineComments } from '../../src/action/review-findings.js';
import type { DocDiff, EvaluatedChunk, Regression, Report } from '../../src/types.js';
import { chunk, doc, issue } from '../report/factory.js';

const ZWJ = '\u200D';

function regression(head: EvaluatedChunk, base: EvaluatedChunk | null, newTags: Regression['newTags'] = []): Regression {
  return { reason: newTags.length > 0 ? 'new-high-issue' : base ? 'score-drop' : 'new-failing-chunk', match: base ? 'similarity' : 'new', base, head, delta: base ? head.score - base.score : null, newTags, origin: base ? 'worsened' : 'new', gating: true };
}

function file(path: string, regressions: Regression[]): DocDiff {
  return { path, status: 'modified', deltas: [], failures: [], regressions, findings: [] };
}

/** A file whose head is `chunks` (max 320 tokens), every chunk but the first a gating regression tagged with its first issue. */
function splitFile(path: string, chunks: EvaluatedChunk[], base: EvaluatedChunk): DocDiff {
  const head = doc(path, chunks);
  head.chunking = { ...head.chunking, max: 320 };
  // The report's regressions point at the head's own chunk objects, as the comparison's do.
  const regressions = head.chunks.slice(1).map((item) => regression(item, base, [item.issues[0]!.tag]));
  return { ...file(path, regressions), head };
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
    expect(plan.notes).toEqual(['docs/a.md: 1 problem without an inline comment, because no line of it is added by this PR; the sticky comment lists them.']);
  });

  it('says why a file without a patch gets no inline comment', () => {
    const plan = planInlineComments(report([file('docs/big.md', [at(1, 2, 50), at(3, 4, 50)])]), new Map(), { checkName: 'x' });
    expect(plan.findings).toEqual([]);
    expect(plan.notes).toEqual(['docs/big.md: 2 problems without an inline comment, because GitHub sent no diff for this file (it leaves out very large diffs); the sticky comment lists them.']);
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

describe('planInlineComments: one comment per problem', () => {
  /**
   * Head of docs/ops.md: an intro (L1–L2), a table cut into 3 pieces (L3–L10, L11–L16,
   * L17–L20) and a code block cut into 2 (L22–L30, L31–L35); every piece is a gating regression.
   */
  const piece = (kind: 'table' | 'code', part: number, parts: number, startLine: number, endLine: number, tokens: number): EvaluatedChunk =>
    chunk({
      text: `${kind} piece ${part} ${'x'.repeat(startLine)}`,
      headingPath: ['Ops', kind === 'table' ? 'Settings' : 'Script'],
      startLine,
      endLine,
      tokens,
      score: 59,
      split: { kind, part, parts },
      issues: [issue(kind === 'table' ? 'table-split' : 'code-fence-split', startLine)],
    });
  const intro = chunk({ text: 'Intro.', startLine: 1, endLine: 2, headingPath: ['Ops'] });
  const pieces = [piece('table', 1, 3, 3, 10, 300), piece('table', 2, 3, 11, 16, 290), piece('table', 3, 3, 17, 20, 227), piece('code', 1, 2, 22, 30, 310), piece('code', 2, 2, 31, 35, 120)];
  const head = [intro, ...pieces];
  const base = chunk({ text: 'old', score: 100, tokens: 200 });
  const ops = splitFile('docs/ops.md', head, base);

  it('posts one comment per split block, on its first added line, naming every piece', () => {
    // Lines 1–4 are context (the table's header row is unchanged), 5–35 added.
    const patch = `@@ -1,4 +1,35 @@\n a\n b\n c\n d\n${Array.from({ length: 31 }, (_, i) => `+line ${i + 5}`).join('\n')}`;
    const plan = planInlineComments(report([ops]), new Map([['docs/ops.md', patch]]), { checkName: 'chunkgate' });
    expect(plan.findings.map((finding) => [finding.path, finding.line])).toEqual([
      ['docs/ops.md', 5],
      ['docs/ops.md', 22],
    ]);
    expect(plan.omitted).toBe(0);
    expect(plan.notes).toEqual([]);
    const [table, code] = plan.findings.map((finding) => finding.body);
    expect(table).toContain('**chunkgate** · Ops › Settings (L3–L20) · table cut into 3 pieces · 1 chunk → 3 pieces · overall 100 → 59');
    expect(table).toContain('The table (817 tokens, `max` 320) is cut into 3 pieces');
    expect(table).toContain('**Pieces:** piece 1/3 L3–L10 (300 tokens) · piece 2/3 L11–L16 (290 tokens) · piece 3/3 L17–L20 (227 tokens)');
    expect(table).toContain('[`table-split`]');
    expect(code).toContain('**chunkgate** · Ops › Script (L22–L35) · code block cut into 2 pieces');
    expect(code).toContain('**Pieces:** piece 1/2 L22–L30 (310 tokens) · piece 2/2 L31–L35 (120 tokens)');
    expect(code).not.toContain('piece 3/');
    // Each body renders to one paragraph per part, with the fingerprint the only raw HTML.
    for (const body of [table!, code!]) expect(nodes(body).filter((node) => node.type === 'html')).toHaveLength(1);
  });

  it('keeps a split block’s identity when a row of it changes, and counts blocks for the cap and notes', () => {
    const patch = `@@ -0,0 +1,35 @@\n${Array.from({ length: 35 }, (_, i) => `+line ${i + 1}`).join('\n')}`;
    const patches = new Map([['docs/ops.md', patch]]);
    const identities = (plan: ReturnType<typeof planInlineComments>) => plan.findings.map((finding) => /finding:(\w+)/.exec(finding.body)![1]);
    const before = identities(planInlineComments(report([ops]), patches, { checkName: 'x' }));
    const edited = head.map((item, index) => (index === 2 ? { ...item, id: 'edited-row', text: `${item.text} edited` } : item));
    const after = identities(planInlineComments(report([splitFile('docs/ops.md', edited, base)]), patches, { checkName: 'x' }));
    expect(new Set(before).size).toBe(2);
    expect(after).toEqual(before);
    const capped = planInlineComments(report([ops]), patches, { checkName: 'x', limit: 1 });
    expect(capped.findings).toHaveLength(1);
    expect(capped.omitted).toBe(1);
    expect(planInlineComments(report([ops]), new Map(), { checkName: 'x' }).notes).toEqual([
      'docs/ops.md: 2 problems without an inline comment, because GitHub sent no diff for this file (it leaves out very large diffs); the sticky comment lists them.',
    ]);
  });
});
