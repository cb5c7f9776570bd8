import { compareDoc } from '../../src/compare/diff-doc.js';
import { buildReport } from '../../src/compare/summary.js';
import type { CommentContext } from '../../src/report/context.js';
import type { Report } from '../../src/types.js';
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

/**
 * The example comment's situation (SPEC §8, examples/comment.md): deploy.md fails a drop and has
 * a split code block; guide.md has a chunk that lost its subject; faq.md is unchanged in score;
 * plus an added file with a failing chunk and a removed file.
 */
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
          chunk({
            text: 'Restart the hosts one by one so that the fleet keeps serving traffic.\n\n```sh\nfor h in $(cat hosts); do\n```',
            headingPath: ['Deploying the agent', 'Rolling restart'],
            score: 59,
            tokens: 512,
            startLine: 14,
            endLine: 45,
            split: { kind: 'code', part: 1, parts: 5 },
            issues: [issue('code-fence-split', 20, 'high', { message: 'a 2,412-token code block no longer fits one chunk (max 512)', hint: 'split the script, link to a file, or raise `max` for `docs/deploy/**` in an override' })],
          }),
        ],
        { scores: { structural: 71, content: 80, overall: 68 } },
      ),
      // Lines 1–13 are shared; the section at base 14–30 was rewritten as head 14–45.
      baseSource: lines(13, 'same') + lines(17, 'old'),
      headSource: lines(13, 'same') + lines(32, 'new'),
    },
    THRESHOLDS,
  );
  const guide = compareDoc(
    {
      path: 'docs/guide.md',
      status: 'modified',
      base: doc('docs/guide.md', [chunk({ text: 'The agent keeps its state between upgrades.', headingPath: ['Agent guide', 'Upgrading'], score: 90, startLine: 19, endLine: 22, metrics: { context_self_containment: 88 } })], {
        scores: { structural: 100, content: 90, overall: 93 },
      }),
      head: doc('docs/guide.md', [chunk({ text: 'It keeps its state between upgrades.', headingPath: ['Agent guide', 'Upgrading'], score: 72, startLine: 19, endLine: 22, metrics: { context_self_containment: 41 } })], {
        scores: { structural: 100, content: 86, overall: 90 },
      }),
      baseSource: 'base',
      headSource: 'head',
    },
    THRESHOLDS,
  );
  const faq = compareDoc(
    {
      path: 'docs/faq.md',
      status: 'modified',
      base: doc('docs/faq.md', [chunk({ text: 'Q and A.' })], { scores: { structural: 100, content: 92, overall: 95 } }),
      head: doc('docs/faq.md', [chunk({ text: 'Q and A!' })], { scores: { structural: 100, content: 92, overall: 95 } }),
    },
    THRESHOLDS,
  );
  const added = compareDoc(
    {
      path: 'docs/new.md',
      status: 'added',
      head: doc('docs/new.md', [chunk({ text: 'Tiny.', headingPath: ['New page'], score: 45, startLine: 3, endLine: 3, issues: [issue('tiny-chunk', 3, 'medium')] })], {
        scores: { structural: 80, content: 70, overall: 45 },
      }),
    },
    THRESHOLDS,
  );
  const removed = compareDoc({ path: 'docs/old.md', status: 'removed', base: doc('docs/old.md', [chunk({ text: 'Old.' })]) }, THRESHOLDS);
  return buildReport({
    version: '0.1.0',
    config: { thresholds: { failOn: ['threshold'] } },
    scorer: 'heuristic',
    files: [faq, guide, deploy, added, removed],
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
