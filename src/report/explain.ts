import type { EvaluatedChunk, Issue, Regression, Severity } from '../types.js';
import { cjkShare } from '../text/scripts.js';
import { METRIC_ADVICE, TAG_HINTS, type ChunkMetricName } from './hints.js';

/** Why a chunk regressed, as plain data; renderers escape `reason` and `hint` (both may hold code spans). */
export interface Explanation {
  /** The tag or metric to blame, or `overall` when nothing more specific changed. */
  cause: string;
  /** The cause's value before and after, for a metric (`null` for a tag). */
  before: number | null;
  after: number | null;
  /** One line: the issue message, or what the metric drop means. */
  reason: string;
  /** What to do. */
  hint: string;
  /** The issue behind the explanation, if any (its `line` points at the spot). */
  issue?: Issue;
}

const METRICS = Object.keys(METRIC_ADVICE) as ChunkMetricName[];
const SEVERITY_RANK: Record<Severity, number> = { high: 0, medium: 1, low: 2 };

/** Issues of `head` whose tag `base` lacks, most severe first, then by line (stable). */
function newIssues(head: EvaluatedChunk, base: EvaluatedChunk | null): Issue[] {
  const known = new Set(base?.issues.map((issue) => issue.tag) ?? []);
  return head.issues
    .filter((issue) => !known.has(issue.tag))
    .sort((a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || a.line - b.line);
}

function fromIssue(issue: Issue, prefix = ''): Explanation {
  return { cause: issue.tag, before: null, after: null, reason: prefix + issue.message, hint: issue.hint ?? TAG_HINTS[issue.tag], issue };
}

/** A first token that is part of a link or URL: a path, a domain, the target of `[text](…)`. */
const URL_START = /^\S*?(?:\/\/|\]\(|^\/[\w.-]+\/|\.(?:com|org|net|io|dev|html?|md|mdx)\b)/;

/**
 * The advice for a chunk that lost its context, matched to the case: a chunk that starts inside a
 * link or URL was cut there (move the cut); a chunk in Chinese, Japanese or Korean gets the
 * pronouns of its language; otherwise "it" / "this".
 */
function selfContainmentAdvice(text: string): { reason: string; hint: string } {
  const start = text.trimStart();
  if (URL_START.test(start.split(/\s/, 1)[0] ?? '')) {
    return { reason: 'the chunk starts inside a link or URL', hint: 'move the chunk boundary out of the link, to the end of the sentence that holds it' };
  }
  // CJK text does not start sentences with "it" or "this".
  if (cjkShare(start.slice(0, 200)) > 0.3) {
    return { reason: METRIC_ADVICE.context_self_containment.reason, hint: 'name the subject in the first sentence instead of a pronoun such as “它”, “该” or “此”' };
  }
  return METRIC_ADVICE.context_self_containment;
}

/**
 * Picks the one thing to tell the writer about a regression, first that applies:
 *
 * 1. a newly gained high-severity tag (`newTags[0]`) with its issue's message and hint;
 * 2. for an aligned chunk, the per-chunk metric that fell the most (≥ 0.5 points; ties in
 *    `METRIC_ADVICE` order), with the most severe new issue's message when there is one (for
 *    self-containment, advice matched to the text: {@link selfContainmentAdvice});
 * 3. the most severe issue new to the chunk (every issue of a new chunk is new);
 * 4. `overall` with the score before → after.
 */
export function explainRegression(regression: Regression): Explanation {
  const { head, base } = regression;
  const fresh = newIssues(head, base);
  const unfindable = regression.reason === 'unfindable' ? head.issues.find((issue) => issue.tag === 'unfindable-chunk') : undefined;
  if (unfindable) return fromIssue(unfindable);
  const tag = regression.newTags[0];
  if (tag) {
    const issue = head.issues.find((candidate) => candidate.tag === tag);
    if (issue) return fromIssue(issue);
    return { cause: tag, before: null, after: null, reason: `the chunk now has \`${tag}\``, hint: TAG_HINTS[tag] };
  }
  if (base) {
    let worst: ChunkMetricName | null = null;
    let worstDrop = 0.5;
    for (const metric of METRICS) {
      const drop = base.metrics[metric] - head.metrics[metric];
      if (drop >= worstDrop && (worst === null || drop > worstDrop)) {
        worst = metric;
        worstDrop = drop;
      }
    }
    if (worst) {
      const issue = fresh[0];
      const advice = worst === 'context_self_containment' ? selfContainmentAdvice(head.text) : METRIC_ADVICE[worst];
      const explanation: Explanation = {
        cause: worst,
        before: base.metrics[worst],
        after: head.metrics[worst],
        reason: issue?.message ?? advice.reason,
        hint: issue?.hint ?? advice.hint,
      };
      if (issue) explanation.issue = issue;
      return explanation;
    }
  }
  const prefix = base ? '' : 'new chunk graded fail: ';
  if (fresh[0]) return fromIssue(fresh[0], prefix);
  return {
    cause: 'overall',
    before: base?.score ?? null,
    after: head.score,
    reason: base ? 'the chunk scores lower on several metrics at once' : 'new chunk graded fail',
    hint: 'open the job summary for every metric of this chunk',
  };
}
