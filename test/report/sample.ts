import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import type { CommentContext } from '../../src/report/context.js';
import type { DocEval, Report } from '../../src/types.js';
import { CHUNKING, chunk, doc, issue } from './factory.js';

/** `count` numbered lines `prefix 1\n` … for hand-made sources. */
function lines(count: number, prefix: string): string {
  return Array.from({ length: count }, (_, index) => `${prefix} ${index + 1}\n`).join('');
}

export const THRESHOLDS = { structural: 70, content: 60, fileDrop: 5, chunkDrop: 10 };

export const CONTEXT: CommentContext = {
  baseSha: 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678',
  headSha: 'e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d',
  chunking: CHUNKING,
  summaryUrl: 'https://github.com/acme/docs/actions/runs/1',
  artifactName: 'chunkgate-report',
  version: '0.1.0',
};

/** A code piece `part` of `parts` of the deploy script, at the given lines. */
function scriptPiece(part: number, parts: number, startLine: number, endLine: number, tokens: number, text: string) {
  return chunk({
    text,
    headingPath: ['Deploying the agent', 'Rolling restart'],
    score: 59,
    tokens,
    startLine,
    endLine,
    split: { kind: 'code', part, parts },
    issues: [issue('code-fence-split', startLine, 'high', { message: `Unexpected piece ${part}/${parts} of a split code block, expected the whole code block in one chunk`, hint: 'split the script into steps, link to a file, or raise `max` for `docs/deploy/**` in an override' })],
  });
}

/**
 * The example comment's situation (examples/comment.md):
 * - docs/deploy.md: the deploy script grew past `max` and is cut into 3 pieces (new, gating); the
 *   file's scores fell past `fileDrop` because of it alone, so the drop is folded into the split;
 * - docs/guide.md: a heading deleted so its section merged (a gating `heading-lost` finding), and a
 *   chunk that now opens with "It" (a score drop on metrics alone: worth a look);
 * - docs/api/limits.md: a table already split on the base branch (pre-existing);
 * - docs/faq.md: structural below its minimum, the same on the base branch (pre-existing);
 * - docs/cli/run-check.md: renamed from docs/cli/check.md, text unchanged;
 * - docs/typo.md: a typo fix, scores unchanged;
 * - docs/new.md: an added page with a tiny chunk graded fail (worth a look);
 * - docs/old.md: a removed page (worth a look).
 */
/** A report of one added file (`head`), no failOn: for renderer tests about one document. */
export function addedFileReport(head: DocEval): Report {
  return buildReport({
    version: '0.1.0',
    config: {},
    scorer: 'heuristic',
    files: [compareDoc({ path: head.path, status: 'added', head }, THRESHOLDS)],
    failOn: [],
    partial: false,
    cost: null,
  });
}

export function sampleReport(): Report {
  const deploy = compareDoc(
    {
      path: 'docs/deploy.md',
      status: 'modified',
      base: doc('docs/deploy.md', [chunk({ text: 'Restart the hosts one by one.', headingPath: ['Deploying the agent', 'Rolling restart'], score: 92, startLine: 14, endLine: 30 })], {
        scores: { structural: 96, content: 88, overall: 91 },
      }),
      head: doc(
        'docs/deploy.md',
        [
          scriptPiece(1, 3, 14, 40, 498, '```bash\n#!/usr/bin/env bash\nset -euo pipefail\n```'),
          scriptPiece(2, 3, 41, 70, 463, "```bash\nssh deploy@host-09.internal 'sudo install'\n```"),
          scriptPiece(3, 3, 71, 79, 58, '```bash\ndone\n```'),
        ],
        { scores: { structural: 71, content: 80, overall: 68 } },
      ),
      // Lines 1–13 are shared; the section at base 14–30 was rewritten as head 14–79.
      baseSource: lines(13, 'same') + lines(17, 'old'),
      headSource: lines(13, 'same') + lines(66, 'new'),
    },
    THRESHOLDS,
  );
  const guideDiff = compareDoc(
    {
      path: 'docs/guide.md',
      status: 'modified',
      base: doc('docs/guide.md', [chunk({ text: 'The agent keeps its state between upgrades.', headingPath: ['Agent guide', 'Rollback'], score: 90, startLine: 70, endLine: 72, metrics: { context_self_containment: 88 } })], {
        scores: { structural: 100, content: 90, overall: 93 },
      }),
      head: doc('docs/guide.md', [chunk({ text: 'It keeps its state between upgrades.', headingPath: ['Agent guide', 'Rollback'], score: 72, startLine: 70, endLine: 72, metrics: { context_self_containment: 61 } })], {
        scores: { structural: 100, content: 86, overall: 90 },
      }),
      baseSource: 'base',
      headSource: 'head',
    },
    THRESHOLDS,
  );
  // The section finding compare would find from the parsed documents (test/compare covers how).
  const guide = {
    ...guideDiff,
    findings: [
      {
        kind: 'heading-lost' as const,
        origin: 'new' as const,
        gating: true,
        severity: 'high' as const,
        message: 'Deleting the heading “Upgrading” merged its section into “Agent guide”; “Upgrading” is in no chunk\'s heading path any more',
        hint: 'restore the heading, or split the section',
        line: 19,
        endLine: 64,
        headingPath: ['Agent guide'],
        actual: 'Upgrading',
      },
    ],
  };
  const limitsTable = (part: number, startLine: number, endLine: number) =>
    chunk({ text: `| a | b |\n|---|---|\n| row ${part} | x |`, headingPath: ['Limits'], score: 59, startLine, endLine, split: { kind: 'table', part, parts: 2 }, issues: [issue('table-split', startLine)] });
  const limits = compareDoc(
    {
      path: 'docs/api/limits.md',
      status: 'modified',
      base: doc('docs/api/limits.md', [limitsTable(1, 5, 100), chunk({ text: 'Older rows.', headingPath: ['Limits'], score: 59, startLine: 101, endLine: 210, split: { kind: 'table', part: 2, parts: 2 }, issues: [issue('table-split', 101)] })]),
      head: doc('docs/api/limits.md', [limitsTable(1, 5, 100), limitsTable(2, 101, 210)]),
      baseSource: 'a',
      headSource: 'b',
    },
    THRESHOLDS,
  );
  const faq = compareDoc(
    {
      path: 'docs/faq.md',
      status: 'modified',
      base: doc('docs/faq.md', [chunk({ text: 'Q and A.' })], { scores: { structural: 64, content: 92, overall: 95 } }),
      head: doc('docs/faq.md', [chunk({ text: 'Q and A!' })], { scores: { structural: 64, content: 92, overall: 95 } }),
      baseSource: 'Q and A.',
      headSource: 'Q and A!',
    },
    THRESHOLDS,
  );
  const renamed = compareDoc(
    {
      path: 'docs/cli/run-check.md',
      previousPath: 'docs/cli/check.md',
      status: 'renamed',
      base: doc('docs/cli/check.md', [chunk({ text: 'Run the check.' })]),
      head: doc('docs/cli/run-check.md', [chunk({ text: 'Run the check.' })]),
      baseSource: 'Run the check.',
      headSource: 'Run the check.',
    },
    THRESHOLDS,
  );
  const typo = compareDoc(
    {
      path: 'docs/typo.md',
      status: 'modified',
      base: doc('docs/typo.md', [chunk({ text: 'Teh end.' })]),
      head: doc('docs/typo.md', [chunk({ text: 'The end.' })]),
      baseSource: 'Teh end.',
      headSource: 'The end.',
    },
    THRESHOLDS,
  );
  const added = compareDoc(
    {
      path: 'docs/new.md',
      status: 'added',
      head: doc('docs/new.md', [chunk({ text: 'Tiny.', headingPath: ['New page'], score: 45, startLine: 3, endLine: 3, issues: [issue('tiny-chunk', 3, 'low', { message: 'Unexpected 2-token chunk, expected at least 51' })] })], {
        scores: { structural: 80, content: 70, overall: 45 },
      }),
    },
    THRESHOLDS,
  );
  const removed = compareDoc({ path: 'docs/old.md', status: 'removed', base: doc('docs/old.md', [chunk({ text: 'Old page text.' })]) }, THRESHOLDS);
  return buildReport({
    version: '0.1.0',
    config: { thresholds: { failOn: ['threshold'] } },
    scorer: 'heuristic',
    files: [faq, guide, deploy, limits, renamed, typo, added, removed],
    failOn: ['threshold'],
    partial: false,
    cost: null,
  });
}

/** Splits rendered Markdown into text outside fences and the fences seen, checking fences close. */
export function scanFences(markdown: string): { outside: string; fences: string[]; balanced: boolean } {
  let open: { char: string; length: number } | null = null;
  const outside: string[] = [];
  const fences: string[] = [];
  for (const line of markdown.split('\n')) {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence && fence[1]![0] === open.char && fence[1]!.length >= open.length && line.trim() === fence[1]) open = null;
      continue;
    }
    if (fence) {
      open = { char: fence[1]![0]!, length: fence[1]!.length };
      fences.push(fence[1]!);
      continue;
    }
    outside.push(line);
  }
  return { outside: outside.join('\n'), fences, balanced: open === null };
}

/** Number of non-overlapping occurrences of `needle`. */
export function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
