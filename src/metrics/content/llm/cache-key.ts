import { createHash } from 'node:crypto';

/** Everything the judge sees about one chunk, plus what decides how it judges. */
export interface JudgeKeyInput {
  chunkText: string;
  /** Texts of the previous and next chunk, in that order (`''` where there is none). */
  neighbours: string[];
  /** The section source excerpt shown as evidence (docs/config.md#the-llm-judge-optional). */
  sectionText: string;
  /** The chunk's heading path, shown to the judge as retrieval metadata (default: `[]`). */
  headingPath?: string[];
  /** Digest of the settings that change what a chunk means (chunking options, etc.). */
  configDigest: string;
  model: string;
  promptVersion: string;
}

/**
 * The cache key of one chunk's verdict: SHA-256 (64 hex digits) of the JSON
 * encoding of the evidence window, config digest, model and prompt version.
 *
 * No file path goes in: a renamed file with unchanged text costs nothing, and
 * identical chunks in base and head share one key. JSON encoding keeps field
 * boundaries unambiguous (no text can forge another field's content).
 */
export function judgeKey(input: JudgeKeyInput): string {
  const payload = JSON.stringify([
    'chunkgate-judge/1',
    input.promptVersion,
    input.model,
    input.configDigest,
    input.headingPath ?? [],
    input.sectionText,
    input.neighbours,
    input.chunkText,
  ]);
  return createHash('sha256').update(payload).digest('hex');
}
