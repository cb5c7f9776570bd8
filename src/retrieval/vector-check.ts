/** An embeddings answer that cannot be used: what is wrong with it, in one line. */
export class InvalidEmbeddings extends Error {
  override name = 'InvalidEmbeddings';
}

/**
 * The vectors of an OpenAI-style embeddings answer (`{ data: [{ index, embedding }] }`), in input
 * order: `data` must be a list of `count` items, ordered by their `index` when every item has one
 * (then the indexes must be 0…count − 1, each once), else as listed. The vectors themselves are
 * left to {@link checkVectors}.
 *
 * @throws InvalidEmbeddings when the answer has no such list, holds another number of items, or
 *   its indexes do not name each input once.
 */
export function vectorsOfResponse(body: unknown, count: number): unknown[] {
  const data = body !== null && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  if (!Array.isArray(data)) throw new InvalidEmbeddings(`the answer is ${describe(body)}, expected an object with a "data" list of embeddings`);
  if (data.length !== count) throw new InvalidEmbeddings(`the answer holds ${data.length} embeddings for ${count} texts`);
  const indexes = data.map((item: unknown) => (item !== null && typeof item === 'object' ? (item as { index?: unknown }).index : undefined));
  const embeddingOf = (item: unknown): unknown => (item !== null && typeof item === 'object' ? (item as { embedding?: unknown }).embedding : item);
  if (indexes.every((index) => index === undefined)) return data.map(embeddingOf);
  const ordered = new Array<unknown>(count);
  const seen = new Set<number>();
  data.forEach((item: unknown, position) => {
    const index = indexes[position];
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || seen.has(index)) {
      throw new InvalidEmbeddings(`embedding ${position + 1} of ${count} has index ${describe(index)}, expected each of 0…${count - 1} once`);
    }
    seen.add(index);
    ordered[index] = embeddingOf(item);
  });
  return ordered;
}

/**
 * Why `vector` cannot be an embedding, or `null` when it can: a non-empty list of finite numbers,
 * of length `dimension` when given, whose squared norm is a positive finite number (an all-zero
 * vector has no direction; numbers whose squares overflow make every cosine `NaN`).
 */
export function vectorIssue(vector: unknown, dimension?: number): string | null {
  if (!Array.isArray(vector)) return `is ${describe(vector)}, expected a list of numbers`;
  if (vector.length === 0) return 'is empty';
  if (dimension !== undefined && vector.length !== dimension) return `has ${vector.length} numbers, expected ${dimension}`;
  let norm = 0;
  for (let at = 0; at < vector.length; at++) {
    const value: unknown = vector[at];
    if (typeof value !== 'number' || !Number.isFinite(value)) return `holds ${describe(value)} at position ${at + 1}, expected a finite number`;
    norm += value * value;
  }
  if (!Number.isFinite(norm)) return 'holds numbers too large to compare (their squares overflow)';
  if (norm === 0) return 'is all zeros (it has no direction to compare)';
  return null;
}

/**
 * `vectors` checked as the embeddings of `count` texts: a list of `count` vectors ({@link vectorIssue}),
 * all of one length — `dimension` when given (the length this run's earlier vectors of the model
 * had), else the first vector's.
 *
 * @throws InvalidEmbeddings naming the first offending vector (1-based) and what is wrong with it.
 */
export function checkVectors(vectors: unknown, count: number, dimension?: number): number[][] {
  if (!Array.isArray(vectors)) throw new InvalidEmbeddings(`the answer is ${describe(vectors)}, expected a list of ${count} vectors`);
  if (vectors.length !== count) throw new InvalidEmbeddings(`the answer holds ${vectors.length} vectors for ${count} texts`);
  let expected = dimension;
  vectors.forEach((vector: unknown, index) => {
    const issue = vectorIssue(vector, expected);
    if (issue !== null) {
      const against = issue.startsWith('has ') ? (dimension !== undefined ? ' (as earlier vectors of this model in this run)' : ' (as vector 1)') : '';
      throw new InvalidEmbeddings(`vector ${index + 1} of ${count} ${issue}${against}`);
    }
    expected ??= (vector as number[]).length;
  });
  return vectors as number[][];
}

/** A short, safe description of an unexpected JSON value, for messages. */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length > 20 ? `the string ${JSON.stringify(value.slice(0, 20))}…` : `the string ${JSON.stringify(value)}`;
  if (value === null || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `a list of ${value.length}`;
  return typeof value === 'object' ? 'an object' : typeof value;
}
