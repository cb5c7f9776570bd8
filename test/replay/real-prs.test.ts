/**
 * Real commits kept in fixtures/replay, each replayed as a
 * pull request (folder mode) and held to what a reviewer reads in it.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { gatingItems } from '../../scripts/replay/items.js';
import { listCommits, replayFolder } from '../../scripts/replay/run.js';
import { foldedDrops } from '../../src/report/items.js';
import type { Report } from '../../src/types.js';

const root = fileURLToPath(new URL('../../fixtures/replay/', import.meta.url));

describe('same sections, split code examples and moved fields on real pull requests (fixtures/replay)', () => {
  const reports = new Map<string, Report>();

  beforeAll(async () => {
    const commits = await listCommits(root, { repos: ['react-dev', 'react-dev-large', 'astro-docs-large'] });
    for (const commit of commits.filter((candidate) => ['b22c3d686536', 'ed20748d8ff8', '5f09c9ff1271'].includes(candidate.commit))) {
      reports.set(commit.commit, (await replayFolder(commit)).report);
    }
  });

  it('react-dev b22c3d686536: “Next steps {/*next-steps*/}” reworded to “Next Steps”, anchor kept, is the same section', () => {
    const file = reports.get('b22c3d686536')!.files.find((candidate) => candidate.path === 'beta/src/pages/learn/index.md')!;
    const messages = (file.findings ?? []).filter((finding) => finding.kind === 'text-removed').map((finding) => finding.message);
    // Base L709–L719 (the section's text rewritten, shorter) → head L490–L494.
    expect(messages.filter((message) => message.includes('Next steps'))).toEqual([expect.stringMatching(/^About \d+ tokens of text left “Next steps \{\/next-steps\/\}”$/)]);
    expect(messages.some((message) => /^Section “Next steps/.test(message))).toBe(false);
  });

  it('react-dev-large ed20748d8ff8: the file drops restate the code splits and do not gate a second time', () => {
    const report = reports.get('ed20748d8ff8')!;
    const file = report.files.find((candidate) => candidate.path === 'beta/src/content/apis/react/useDeferredValue.md')!;
    // A 22-line stub grew to 956 lines: three new code examples over `max` are cut in two (6 pieces).
    expect(file.regressions.filter((regression) => regression.gating).map((regression) => [regression.newTags, regression.head.startLine, regression.head.endLine])).toEqual([
      [['code-fence-split'], 146, 219],
      [['code-fence-split'], 220, 237],
      [['code-fence-split'], 361, 434],
      [['code-fence-split'], 435, 452],
      [['code-fence-split'], 588, 661],
      [['code-fence-split'], 662, 679],
    ]);
    // structural 100 → 73, content 100 → 76, overall 100 → 79: every driver (L146, L220, L361) is one
    // of the pieces, so the drops restate the splits: the report folds them into them.
    expect(file.failures.map((failure) => [failure.rule, failure.score, failure.gating])).toEqual([
      ['fileDrop', 'structural', true],
      ['fileDrop', 'content', true],
      ['fileDrop', 'overall', true],
    ]);
    expect(foldedDrops(file)).toEqual(file.failures);
    expect(gatingItems('react-dev-large', 'ed20748d8ff8', report).filter((item) => item.file === file.path).map((item) => item.item)).toEqual(Array(6).fill('regression/code-fence-split'));
  });

  it('astro-docs-large 5f09c9ff1271: `### SSRManifestCSP` deleted, its fields under `#### SSRManifest.csp`, is no lost heading', () => {
    const report = reports.get('5f09c9ff1271')!;
    const file = report.files.find((candidate) => candidate.path === 'src/content/docs/fr/reference/integrations-reference.mdx')!;
    expect((file.findings ?? []).filter((finding) => finding.kind === 'heading-lost')).toEqual([]);
    expect(gatingItems('astro-docs-large', '5f09c9ff1271', report)).toEqual([]);
    expect(report.summary.verdict).toBe('pass');
  });
});
