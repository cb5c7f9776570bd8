import { RULE_TAGS, ruleMeta } from '../shared/rules.js';
import type { IssueTag } from '../types.js';

/**
 * What to do about each finding (the registry's `advice`). Strings may hold code spans;
 * renderers pass them through `escapeMessage`. An issue's own `hint` wins over these.
 */
export const TAG_HINTS: Readonly<Record<IssueTag, string>> = Object.fromEntries(RULE_TAGS.map((tag) => [tag, ruleMeta(tag).advice])) as Record<IssueTag, string>;

/** Per-chunk metrics a regression can point at: the five content metrics and the two L2 components. */
export type ChunkMetricName =
  | 'semantic_coherence'
  | 'context_self_containment'
  | 'information_completeness'
  | 'boundary_quality'
  | 'cross_chunk_redundancy_reversed'
  | 'source_coverage'
  | 'metadata'
  | 'self_retrievability';

/** What a drop of each per-chunk metric means, and what to do about it. */
export const METRIC_ADVICE: Readonly<Record<ChunkMetricName, { reason: string; hint: string }>> = {
  semantic_coherence: { reason: 'the chunk now mixes topics', hint: 'keep one topic per section; move unrelated paragraphs under their own heading' },
  context_self_containment: { reason: 'the chunk relies on context it does not carry', hint: 'name the subject in the first sentence instead of "it" or "this"' },
  information_completeness: { reason: 'a list, table, number or lead-in is cut off', hint: 'keep a list or table together with the sentence that introduces it' },
  boundary_quality: { reason: 'the chunk now starts or ends mid-passage', hint: 'end sections at paragraph boundaries, not mid-sentence' },
  cross_chunk_redundancy_reversed: { reason: 'the chunk repeats its neighbours', hint: 'remove text repeated from the neighbouring chunk' },
  source_coverage: { reason: 'part of the source no longer reaches any chunk', hint: 'check the chunking settings for this path' },
  metadata: { reason: 'the chunk lost its heading path or line information', hint: 'put the passage under a heading' },
  self_retrievability: { reason: 'its own heading and first sentence no longer find the chunk', hint: 'open the section with a sentence that names its subject, or give it a specific heading' },
};
